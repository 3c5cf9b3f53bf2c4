// "Deleted. Undo": after a delete, a note at the foot of the page (#undo, a live
// region, so a screen reader says it) offers to bring the contact back for 10 s
// (POST /contacts/{id}/restore: the same id, fields and star). Its button comes
// right after the list in the tab order; the time stops while the pointer or
// the focus is on it. The restore is a write like any other, so the list (and
// every other open page, through the live updates) shows the contact back in place.
// A bulk action on the selection (list/selection.js) is offered back the same way,
// with POST /contacts/bulk/undo and its answer's token(s).

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
    if (offered?.tokens) return undoMany(offered.tokens);
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

  /** Undoes a bulk action: each of its tokens, the last first. */
  async function undoMany(tokens) {
    offered = null;
    win.clearTimeout(timer);
    button.disabled = true;
    let version;
    let failure = null;
    for (const token of [...tokens].reverse()) {
      const answer = await send("POST", "/contacts/bulk/undo", { body: { undo: token } });
      if (!answer.ok) {
        failure = answer.status === 404 || answer.status === 410 ? word("undo.manyGone") : answer.json.message;
        break;
      }
      version = answer.json?.version;
    }
    button.disabled = false;
    tell(failure === null ? word("undo.manyBack") : word("undo.manyFailed", { why: failure }));
    changed(version);
  }

  /** Shows the offer: `said` with the Undo button (named `label`, when given). */
  function words(said, label = null) {
    text.textContent = said;
    button.hidden = false;
    if (label) button.setAttribute("aria-label", label);
    else button.removeAttribute("aria-label");
    box.classList.add("shown");
    wait(UNDO_MS);
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
      words(word("undo.deleted", { name }), word("undo.label", { name }));
    },

    /** Says `text` (what a bulk action did) and offers to undo it with its `tokens`. */
    offerMany(text, tokens) {
      offered = { tokens };
      words(text);
    },
  };
}
