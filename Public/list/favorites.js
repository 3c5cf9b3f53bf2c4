// The favourite star of a contact row: a click (or `*` on the focused row) asks
// the server to flip it with PATCH /contacts/{id} {"favorite": ...}.
//
// The row's fragment is the truth: the server re-sends the cell in its slot once
// the change is committed, and that new fragment carries the star. The pressed
// state set here is only a hint until then, and it lives on the button of the
// fragment that was clicked, so a slot that is reused for another contact (a new
// fragment) can never show it.

import { word } from "../common/model/words.js";

/**
 * The stars' flipping. `send` is net/api.js's; `hooks.changed(version)`: the write
 * committed (the list asks for its window now rather than wait for the event
 * that follows); `hooks.failed(text)`: say why it was not saved.
 * Returns toggle(button, id): flips the star `button` of contact `id`.
 */
export function createStars(send, hooks) {
  return async function toggle(button, id) {
    const pressed = button.getAttribute("aria-pressed") === "true";
    // DOM writes wait for a frame, as the list's do.
    requestAnimationFrame(() => button.setAttribute("aria-pressed", String(!pressed)));
    const answer = await send("PATCH", `/contacts/${id}`, { body: { favorite: !pressed } });
    if (answer.ok) return hooks.changed(answer.json?.version);
    // Undo the hint, unless the fragment was replaced meanwhile (then it is right).
    requestAnimationFrame(() => {
      if (button.isConnected) button.setAttribute("aria-pressed", String(pressed));
    });
    hooks.failed(word("star.failed", { why: answer.json.message }));
  };
}
