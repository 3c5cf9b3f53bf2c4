// The detail pane (#detail): one contact's every field in a form that saves with
// PATCH, its avatar and star, a delete control with a confirmation, and the
// empty form of a new contact (the bar's data-action="new") that POSTs. The
// decisions are detail/model/detail.js's; this file reads and writes the form.
//
// Its link is #id=N (on load and on hashchange). The URL is replaced, not
// pushed: Back leaves the page rather than walk through every contact opened.
// Opening a contact from the list leaves the focus in the list, so its keys
// keep working; Escape or the close button closes the pane.
//
// Unsaved edits are never dropped silently: opening another contact, New, closing
// the pane or leaving the page asks first, and a "no" leaves the form as it was.
// A save (or a star) that meets another writer's change (412) reads the contact
// again and merges the form's edits into it field by field: what only one side
// changed is kept, and where both changed a field differently the pane shows
// both values to choose from (detail/conflicts.js); with no such field it saves at once.

import { detailId, detailLink } from "../common/model/link.js";
import {
  FIELDS, beginLoad, formContact, beginWrite, createDetailState, detailHashChange, discardQuestion, holdsEdits,
  loadOutcome, openPlan, reloadsOn, resetState, saveRequest, showContact, starRequest, writeOutcome,
} from "./model/detail.js";
import { word } from "../common/model/words.js";
import { createPaneView } from "./paneView.js";
import { createPhotoEdit } from "./photoEdit.js";
import { createConflicts } from "./conflicts.js";
import { mergeEdits } from "./model/contactDetails.js";
import { FIELD_LABELS } from "./model/fieldMessages.js";

/**
 * Connects the pane in `doc`. `send` is net/api.js's; `hooks.changed(version)`: the
 * data changed by a write here; `hooks.showRow(row)`: the list shows that row (a
 * contact opened by a link, or created); `hooks.closed()`: the pane closed;
 * `hooks.deleted(id, name)`: contact `id` was deleted here.
 * Returns {start, open(id), versionSeen(version)}.
 */
export function createDetail({ doc, send, hooks }) {
  const win = doc.defaultView;
  const pane = doc.getElementById("detail");
  const list = doc.getElementById("list");
  const view = createPaneView(doc);
  const choices = createConflicts(doc);
  const shown = createDetailState();

  /** Whether the form's edits (if any) may go: asks the user when there are some. */
  function mayDiscard() {
    const question = discardQuestion(shown, pane.hidden, view.title());
    return question === null || win.confirm(question);
  }

  function setLink(hash) {
    if (win.location.hash === hash || (!hash && !win.location.hash)) return;
    win.history.replaceState(null, "", hash || win.location.pathname + win.location.search);
  }

  /** Opens contact `id`; `fromLink`: asked for by the URL, so the list shows it too. */
  async function open(id, { fromLink = false } = {}) {
    const plan = openPlan(shown, id, pane.hidden);
    if (plan === "keep") return;
    if (!mayDiscard()) return setLink(detailLink(shown.id)); // the link names what the pane shows
    if (plan === "fresh") {
      reset();
      shown.id = id;
      view.setTitle(word("detail.contact"));
      setLink(detailLink(id));
      pane.hidden = false;
    }
    shown.reveal = fromLink;
    await load(id);
  }

  /** Opens the empty form of a new contact. */
  function openNew() {
    if (!mayDiscard()) return;
    reset();
    shown.id = null;
    view.setTitle(word("detail.new"));
    view.showAvatar(null);
    view.showDelete(false);
    setLink("");
    pane.hidden = false;
    view.focusFirst();
  }

  /** Closes the pane; `keepLink`: the URL was changed by the user, leave it. */
  function close({ keepLink = false } = {}) {
    if (pane.hidden) return;
    if (!mayDiscard()) {
      if (keepLink) setLink(detailLink(shown.id));
      return;
    }
    pane.hidden = true;
    shown.id = null;
    shown.loads += 1;
    if (!keepLink) setLink("");
    if (pane.contains(doc.activeElement) || doc.activeElement === doc.body) list.focus({ preventScroll: true });
    hooks.closed();
  }

  /** The form as it is before anything is shown in it. */
  function reset() {
    resetState(shown);
    view.clear();
  }

  /** Reads contact `id` into the pane. `quietly`: a refresh after a change
   *  elsewhere, dropped if the user has started to edit meanwhile. */
  async function load(id, { quietly = false } = {}) {
    const ticket = beginLoad(shown);
    const answer = await send("GET", `/contacts/${id}`);
    const outcome = loadOutcome(shown, ticket, answer, quietly);
    if (outcome.kind === "missing") {
      view.say(outcome.message, true);
      view.hideForm();
    } else if (outcome.kind === "show") {
      show(answer.json, answer.etag);
    }
  }

  /** Puts `contact` into the form, replacing any edits. */
  function show(contact, etag) {
    const { revealRow, ...what } = showContact(shown, contact, etag);
    choices.hide();
    view.show(contact, what);
    if (revealRow !== null && revealRow !== undefined) hooks.showRow(revealRow);
  }

  /** Saves the form; `merges`: how many newer versions this save met already. */
  async function save(merges = 0) {
    if (shown.busy) return;
    view.clearErrors();
    const request = saveRequest(shown, view.values(), view.defaults());
    if (!request) return view.say(word(merges ? "say.savedSame" : "say.nothingToSave"));
    const answer = await write(request);
    if (answer?.status === 412) {
      if ((await mergeNewer()) !== "merged") return;
      if (merges < 3) return save(merges + 1);
      return view.say(word("say.keepsChanging"), true);
    }
    if (!answer?.ok) return;
    show(answer.json, answer.etag);
    setLink(detailLink(answer.json.id));
    view.say(word(request.method === "POST" ? "say.created" : "say.saved"));
    hooks.changed(answer.json.version);
    if (request.method === "POST") hooks.showRow(answer.json.row);
  }

  /** The pane's star: a new contact's is part of the form; an existing one's is saved at once. */
  async function flipStar() {
    const request = starRequest(shown);
    if (!request) {
      shown.favorite = !shown.favorite;
      return view.setStar(shown.favorite);
    }
    const wanted = !shown.favorite;
    let answer = await write(request);
    if (answer?.status === 412) {
      // Someone else wrote first: take their version in (the form's edits merged), then star it.
      if ((await mergeNewer()) === null) return;
      if (shown.favorite === wanted) return view.say("");
      answer = await write(starRequest(shown));
    }
    if (!answer?.ok) return;
    // Only the star changed on the server: keep any edits in the form.
    shown.etag = answer.etag;
    shown.version = answer.json.version ?? shown.version;
    shown.favorite = answer.json.favorite === true;
    view.setStar(shown.favorite);
    hooks.changed(answer.json.version);
  }

  async function remove() {
    const [id, name] = [shown.id, view.title()];
    const answer = await write({ method: "DELETE", path: `/contacts/${id}` });
    if (answer?.status === 412) {
      await load(id);
      view.say(word("say.changedBeforeDelete"), true);
    }
    if (answer && (answer.ok || answer.status === 404)) {
      hooks.changed();
      shown.edited = false; // deleted: nothing of it is left to keep
      close();
      if (answer.ok) hooks.deleted(id, name);
    }
  }

  /**
   * After a 412: reads the contact as it is now and merges the form's edits into
   * it. Resolves to "merged" (the form holds the merge, nothing both changed),
   * "choose" (the pane asks about fields both changed), or null (it is gone, or
   * the pane moved on).
   */
  async function mergeNewer() {
    const ticket = shown.loads;
    const answer = await send("GET", `/contacts/${shown.id}`);
    if (ticket !== shown.loads || shown.busy) return null;
    if (!answer.ok) {
      view.say(answer.status === 404 ? word("say.deletedMeanwhile") : word("say.notSavedWhy", { why: answer.json.message }), true);
      return null;
    }
    // Read now, not before the request: nothing typed meanwhile is left out.
    const base = { ...view.defaults(), details: view.shownDetails() };
    const merged = mergeEdits(FIELD_LABELS, base, { ...view.values(), details: view.details() }, formContact(answer.json));
    show(answer.json, answer.etag);
    view.putEdits(merged.values, merged.details);
    shown.edited = saveRequest(shown, view.values(), view.defaults()) !== null;
    if (!merged.conflicts.length) return "merged";
    view.say(word("say.choose"), true);
    choices.show(merged.conflicts, (key, side) => {
      const value = merged.conflicts.find((c) => c.key === key)[side];
      if (key.startsWith("details.")) view.setDetail(key.slice(8), value);
      else view.setValue(key, value);
      shown.edited = true;
    });
    return "choose";
  }

  /** Sends a write with If-Match; shows what went wrong next to the field the
   *  server names, or above the buttons. Resolves to the answer, or null when
   *  another write was in flight or the pane moved on. */
  async function write({ method, path, body }) {
    const ticket = beginWrite(shown);
    if (ticket === null) return null;
    view.busy(true);
    view.say(word(method === "DELETE" ? "say.deleting" : "say.saving"));
    const answer = await send(method, path, { body, etag: method === "POST" ? null : shown.etag });
    view.busy(false);
    const outcome = writeOutcome(shown, ticket, answer);
    if (outcome.kind === "stale") return null;
    if (outcome.kind === "ok") {
      view.say("");
    } else if (outcome.kind === "conflict") {
      view.hideConfirm(); // the caller merges, or reloads
      view.say(word("say.merging"));
    } else if (outcome.kind === "field" && outcome.field === "details") {
      view.detailsError(outcome.message);
      view.say(word("say.seeDetails"), true);
    } else if (outcome.kind === "field") {
      view.fieldError(outcome.field, outcome.message);
      view.say(word("say.seeField"), true);
    } else {
      view.say(word("say.notSavedWhy", { why: outcome.message }), true);
    }
    return answer;
  }

  function fromLink() {
    const id = detailId(win.location.hash);
    if (id !== null) open(id, { fromLink: true });
  }

  return {
    /** Wires the pane's controls and opens the contact the URL names, if any. */
    start() {
      view.onSubmit(save);
      view.onInput(() => { shown.edited = true; });
      view.onStar(flipStar);
      view.onClose(() => close());
      view.onDelete(remove);
      const photo = createPhotoEdit({ send, view, shown, changed: (version) => hooks.changed(version) });
      view.onPhoto((file) => photo(file), () => photo(null));
      for (const button of doc.querySelectorAll('[data-action="new"]')) button.addEventListener("click", openNew);
      doc.addEventListener("keydown", (event) => {
        // A modal dialog (the import) takes its own Escape.
        if (event.key !== "Escape" || pane.hidden || event.target.closest?.("dialog")) return;
        event.preventDefault();
        close();
      });
      // Leaving or reloading the page with edits in the form: the browser asks.
      win.addEventListener("beforeunload", (event) => {
        if (holdsEdits(shown, pane.hidden)) event.preventDefault();
      });
      win.addEventListener("hashchange", (event) => {
        const change = detailHashChange(new URL(event.newURL).hash);
        if (change?.open !== undefined) open(change.open, { fromLink: true });
        else if (change?.close) close({ keepLink: true });
      });
      fromLink();
    },

    /** Opens contact `id` (a row of the list was activated). */
    open(id) {
      open(id);
    },

    /** Another change to the data: reload the contact shown, unless the form holds
     *  edits (a save then answers 412 if this contact was among the changes). */
    versionSeen(version) {
      if (reloadsOn(shown, pane.hidden, version)) load(shown.id, { quietly: true });
    },
  };
}
