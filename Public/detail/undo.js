// "Deleted. Undo": after a delete, a note at the foot of the page (#undo, a live
// region, so a screen reader says it) offers to bring the contact back for 10 s
// (POST /contacts/{id}/restore: the same id, fields and star). Its button comes
// right after the list in the tab order; the time stops while the pointer or
// the focus is on it. The restore is a write like any other, so the list (and
// every other open page, through the live updates) shows the contact back in place.

import { word } from "../common/model/words.js";

/** How long the offer stands, in ms. */
export const UNDO_MS = 10_000;

/**
 * The note in `doc`. `send` is net/api.js's; `changed(version)`: the data changed
 * (the list refreshes). Returns {offer(id, name)}.
 */
export function createUndo(doc, send, changed) {
  const win = doc.defaultView;
  const box = doc.getElementById("undo");
  const text = doc.getElementById("undo-text");
  const button = doc.getElementById("undo-button");
  let offered = null; // {id, name} while the offer stands
  let timer = 0;

  function hide() {
    win.clearTimeout(timer);
    offered = null;
    box.classList.remove("shown");
    button.hidden = true;
    text.textContent = "";
    if (box.contains(doc.activeElement)) doc.getElementById("list").focus({ preventScroll: true });
  }

  function wait(ms) {
    win.clearTimeout(timer);
    timer = win.setTimeout(hide, ms);
  }

  /** Says `words` for a moment, with no button. */
  function tell(words) {
    offered = null;
    button.hidden = true;
    text.textContent = words;
    box.classList.add("shown");
    wait(4000);
  }

  async function undo() {
    if (!offered) return;
    const { id, name } = offered;
    offered = null;
    win.clearTimeout(timer);
    button.disabled = true;
    const answer = await send("POST", `/contacts/${id}/restore`);
    button.disabled = false;
    if (answer.ok) {
      tell(word("undo.back", { name }));
      changed(answer.json?.version);
    } else if (answer.status === 404) {
      tell(word("undo.gone", { name }));
    } else if (answer.status === 409) {
      tell(word("undo.backAlready", { name }));
    } else {
      tell(word("undo.failed", { name, why: answer.json.message }));
    }
  }

  button.addEventListener("click", undo);
  const hold = () => { if (offered) win.clearTimeout(timer); };
  const resume = () => { if (offered && !box.matches(":hover, :focus-within")) wait(UNDO_MS); };
  box.addEventListener("pointerenter", hold);
  box.addEventListener("focusin", hold);
  box.addEventListener("pointerleave", resume);
  box.addEventListener("focusout", () => win.setTimeout(resume, 0));

  return {
    /** Offers to bring back contact `id` (called `name`), just deleted. */
    offer(id, name) {
      offered = { id, name };
      text.textContent = word("undo.deleted", { name });
      button.hidden = false;
      button.setAttribute("aria-label", word("undo.label", { name }));
      box.classList.add("shown");
      wait(UNDO_MS);
    },
  };
}
