// The page's wiring: every part is made here and given the calls it makes to the
// others, so nothing talks through the document and nothing runs at import.
// boot.js calls start() once the page has loaded its scripts.
//
// Who tells whom:
// - events (a newer data version) -> the list asks for its diff, the detail pane
//   reloads its contact unless it holds edits;
// - a write (star, detail pane, import, undo) -> the list asks for its window now;
// - the detail pane deletes a contact -> the undo note offers it back for 10 s, and
//   it leaves the list's selection; a bulk action on the selection -> the undo note;
// - the list opens a contact -> the detail pane shows it;
// - the view switch or the label picker -> the list shows that list from its top;
//   a newer data version -> the picker reads the labels and their counts again;
// - the detail pane shows a contact by link or creates one -> the list shows its
//   row; it closes -> the list's row goes back into the URL;
// - any request answered 401 -> the sign-in form; once signed in, the requests
//   that waited go again and a closed event stream opens again.
//
// The words come first (common/language.js): the catalog GET / embeds is taken
// before any part is made, so every word a part writes is in the page's language.

import { createSend } from "./net/api.js";
import { createDetail } from "./detail/detail.js";
import { connectEvents } from "./live/events.js";
import { createStars } from "./list/favorites.js";
import { patientSend } from "./net/model/firstStart.js";
import { createLanguageMenu, takeWords } from "./common/language.js";
import { createImport } from "./import/import.js";
import { createLetters } from "./list/letters.js";
import { createList } from "./list/list.js";
import { readFirst } from "./list/model/firstWindow.js";
import { createSearch } from "./search/search.js";
import { createSignIn } from "./signin/signIn.js";
import { createStatus } from "./status/status.js";
import { createUndo } from "./detail/undo.js";
import { createViews } from "./views/views.js";

/** Builds the page in `doc` (the document) and starts it, in its language. */
export function start(doc = document) {
  const block = doc.getElementById("first-window")?.textContent;
  takeWords(doc, block, () => begin(doc, block));
}

/** Makes every part and starts them; `block` is the JSON block's text (GET /'s first window). */
function begin(doc, block) {
  createLanguageMenu(doc);
  const status = createStatus(doc);
  const signIn = createSignIn(doc);
  const send = createSend(signIn.fetch);
  const changed = (version) => list.refresh(version);
  const toggleStar = createStars(send, { changed, failed: (text) => status.showMessage(text) });
  const undo = createUndo(doc, send, changed);
  const detail = createDetail({
    doc,
    // A contact link opened while a first start prepares the list waits for it.
    send: patientSend(send, (ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    hooks: {
      changed, showRow: (row) => list.showRow(row), closed: () => list.remember(),
      deleted: (id, name) => {
        undo.offer(id, name);
        list.forget(id);
      },
    },
  });
  const list = createList({
    doc,
    status,
    letters: (onJump) => createLetters(doc.getElementById("index"), onJump),
    toggleStar,
    hooks: { open: (id) => detail.open(id), changed },
    get: signIn.fetch,
    send,
    undo,
  });
  list.useSearch(createSearch({
    doc,
    field: doc.getElementById("search"),
    list: doc.getElementById("list"),
    hooks: { change: (q, row) => list.startQuery(q, row), where: () => list.where() },
  }));
  const views = createViews({ doc, get: signIn.fetch, hooks: { change: (filter) => list.startFilter(filter) } });
  list.useViews(views);
  createImport(doc, () => list.refresh(), signIn);
  connectEvents((data) => {
    list.refresh(data.version);
    views.refresh();
    detail.versionSeen(data.version);
  }, signIn.recheck);
  // The list first: a contact link read by the detail pane before the list's
  // first /sections answered opens the list at that contact's row. GET / embeds the
  // first window (list/model/firstWindow.js): the list starts from it without asking.
  list.start(readFirst(block));
  detail.start();
}
