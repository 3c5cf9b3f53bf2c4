// The detail pane (#detail): one contact's every field in a form that saves with
// PATCH, its avatar and star, a delete control with a confirmation, and the
// empty form of a new contact (the bar's data-action="new") that POSTs.
//
// Its link is #id=N (on load and on hashchange). The URL is replaced, not
// pushed: Back leaves the page rather than walk through every contact opened.
// Opening a contact from the list leaves the focus in the list, so its keys
// keep working; Escape or the close button closes the pane.
//
// Lost updates: a save sends If-Match with the ETag the contact was read with;
// a 412 means someone changed it since, so the pane says so and shows it as it
// is now. While the form holds no edits, a newer data version (events.js)
// reloads the contact, so another browser's edit shows here too.
//
// Unsaved edits are never dropped silently: opening another contact, New, closing
// the pane or leaving the page asks first, and a "no" leaves the form as it was.

import { send } from "./api.js";

const FIELDS = ["first_name", "last_name", "email", "phone", "company", "city", "notes"];

const pane = document.getElementById("detail");
const form = document.getElementById("detail-form");
const title = document.getElementById("detail-title");
const avatar = document.getElementById("detail-avatar");
const star = document.getElementById("detail-star");
const message = document.getElementById("detail-message");
const saveButton = document.getElementById("detail-save");
const deleteButton = document.getElementById("detail-delete");
const confirmBox = document.getElementById("detail-confirm");
const confirmText = document.getElementById("detail-confirm-text");
const list = document.getElementById("list");

const shown = {
  id: null,        // the contact shown, or null for a new one
  etag: null,      // its ETag when read (If-Match of the next write)
  version: -1,     // the data version it was read from
  favorite: false,
  edited: false,   // the form holds changes not saved
  busy: false,     // a write is in flight
  loads: 0,        // counts loads, so a late answer does not replace a newer one
  loading: false,  // a load is in flight
  reveal: false,   // once loaded, ask the list to show the contact's row
};

// ---- Opening and closing ------------------------------------------------------

/** Whether the form's edits (if any) may go: asks the user when there are some. */
function mayDiscard() {
  if (pane.hidden || !shown.edited) return true;
  const what = shown.id === null ? "the new contact" : `your changes to ${title.textContent}`;
  return window.confirm(`Discard ${what}? They are not saved.`);
}

/** Opens contact `id`; `fromLink`: asked for by the URL, so the list shows it too. */
async function openContact(id, { fromLink = false } = {}) {
  if (shown.id === id && !pane.hidden && shown.edited) return; // keep the edits
  if (!mayDiscard()) {
    setLink(shown.id === null ? "" : `#id=${shown.id}`); // the link names what the pane shows
    return;
  }
  if (shown.id !== id || pane.hidden) {
    reset();
    shown.id = id;
    title.textContent = "Contact";
    setLink(`#id=${id}`);
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
  title.textContent = "New contact";
  avatar.hidden = true;
  deleteButton.hidden = true;
  setLink("");
  pane.hidden = false;
  form.elements.first_name.focus();
}

/** Closes the pane; `keepLink`: the URL was changed by the user, leave it. */
function close({ keepLink = false } = {}) {
  if (pane.hidden) return;
  if (!mayDiscard()) {
    if (keepLink) setLink(shown.id === null ? "" : `#id=${shown.id}`);
    return;
  }
  pane.hidden = true;
  shown.id = null;
  shown.loads += 1;
  if (!keepLink) setLink("");
  if (pane.contains(document.activeElement) || document.activeElement === document.body) {
    list.focus({ preventScroll: true });
  }
  document.dispatchEvent(new Event("roster:closed"));
}

/** The form as it is before anything is shown in it. */
function reset() {
  shown.loads += 1;
  shown.loading = false;
  shown.reveal = false;
  shown.etag = null;
  shown.version = -1;
  shown.edited = false;
  setValues({});
  form.hidden = false;
  clearErrors();
  say("");
  setStar(false);
  confirmBox.hidden = true;
  deleteButton.hidden = false;
  avatar.hidden = true;
}

function setLink(hash) {
  if (location.hash === hash || (!hash && !location.hash)) return;
  history.replaceState(null, "", hash || location.pathname + location.search);
}

// ---- Reading ----------------------------------------------------------------------

/** Reads contact `id` into the pane; resolves to it, or null. `quietly`: a refresh
 *  after a change elsewhere, dropped if the user has started to edit meanwhile. */
async function load(id, { quietly = false } = {}) {
  const ticket = ++shown.loads;
  shown.loading = true;
  const answer = await send("GET", `/contacts/${id}`);
  if (ticket !== shown.loads) return null; // closed, or another contact opened since
  shown.loading = false;
  if (quietly && (shown.edited || (!answer.ok && answer.status !== 404))) return null;
  if (!answer.ok) {
    say(answer.status === 404 ? "This contact does not exist (any more)." : answer.json.message, true);
    form.hidden = true;
    return null;
  }
  show(answer.json, answer.etag);
  return answer.json;
}

/** Puts `contact` into the form, replacing any edits. */
function show(contact, etag) {
  shown.id = contact.id;
  shown.etag = etag;
  shown.version = contact.version ?? shown.version;
  shown.edited = false;
  form.hidden = false;
  setValues(contact);
  setStar(contact.favorite === true);
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ");
  title.textContent = name || "Contact";
  // The avatar is cached for a day: its URL names the revision, so a rename shows.
  avatar.src = `/avatar/${contact.id}.svg?r=${encodeURIComponent(etag || contact.version || "")}`;
  avatar.hidden = false;
  deleteButton.hidden = false;
  clearErrors();
  if (shown.reveal) {
    shown.reveal = false;
    document.dispatchEvent(new CustomEvent("roster:show-row", { detail: { row: contact.row } }));
  }
}

/** Sets every field to `contact`'s value, also as its default: what a patch
 *  compares with to send only the fields edited. */
function setValues(contact) {
  for (const name of FIELDS) {
    const input = form.elements[name];
    input.defaultValue = contact[name] ?? "";
    input.value = input.defaultValue;
  }
}

function setStar(on) {
  shown.favorite = on;
  star.setAttribute("aria-pressed", String(on));
}

// ---- Writing ------------------------------------------------------------------------

/** The form's fields as a JSON object: every field for a new contact, only the
 *  changed ones for a patch (a merge patch leaves the others as they are). */
function fields() {
  const body = {};
  for (const name of FIELDS) {
    const input = form.elements[name];
    if (shown.id === null || input.value !== input.defaultValue) body[name] = input.value;
  }
  return body;
}

async function save() {
  if (shown.busy) return;
  clearErrors();
  const creating = shown.id === null;
  const body = fields();
  if (creating) body.favorite = shown.favorite;
  else if (Object.keys(body).length === 0) return say("Nothing to save.");
  const answer = await write(creating ? "POST" : "PATCH", creating ? "/contacts" : `/contacts/${shown.id}`, body);
  if (!answer) return;
  if (answer.ok) {
    show(answer.json, answer.etag);
    setLink(`#id=${answer.json.id}`);
    say(creating ? "Created." : "Saved.");
    changed(answer.json.version);
    if (creating) document.dispatchEvent(new CustomEvent("roster:show-row", { detail: { row: answer.json.row } }));
  }
}

/** The pane's star: a new contact's is part of the form; an existing one's is saved at once. */
async function flipStar() {
  if (shown.id === null) return setStar(!shown.favorite);
  const answer = await write("PATCH", `/contacts/${shown.id}`, { favorite: !shown.favorite });
  if (answer && answer.ok) {
    // Only the star changed on the server: keep any edits in the form.
    shown.etag = answer.etag;
    shown.version = answer.json.version ?? shown.version;
    setStar(answer.json.favorite === true);
    changed(answer.json.version);
  }
}

async function remove() {
  const answer = await write("DELETE", `/contacts/${shown.id}`);
  if (answer && (answer.ok || answer.status === 404)) {
    changed();
    shown.edited = false; // deleted: nothing of it is left to keep
    close();
  }
}

/**
 * Sends a write with If-Match; shows what went wrong next to the field the
 * server names, or above the buttons. Resolves to the answer, or null when
 * another write was in flight.
 */
async function write(method, path, body) {
  if (shown.busy) return null;
  shown.busy = true;
  saveButton.disabled = true;
  say(method === "DELETE" ? "Deleting…" : "Saving…");
  const ticket = shown.loads;
  const answer = await send(method, path, { body, etag: method === "POST" ? null : shown.etag });
  shown.busy = false;
  saveButton.disabled = false;
  if (ticket !== shown.loads) return null; // the pane moved on meanwhile
  if (answer.ok) {
    say("");
  } else if (answer.status === 412) {
    confirmBox.hidden = true;
    await load(shown.id);
    say("Someone else changed this contact meanwhile: this is it as it is now. Make your change again.", true);
  } else {
    const field = answer.json.field;
    if (field && form.elements[field] && form.elements[field].id) {
      fieldError(field, answer.json.message);
      say("Not saved: see the field marked.", true);
    } else {
      say(`Not saved: ${answer.json.message}`, true);
    }
  }
  return answer;
}

/** Tells the list that the data changed, so it asks for its window now. */
function changed(version) {
  document.dispatchEvent(new CustomEvent("roster:changed", { detail: { version } }));
}

// ---- Messages ----------------------------------------------------------------------

function say(text, failed = false) {
  message.textContent = text;
  message.classList.toggle("failed", failed);
}

function fieldError(name, text) {
  const input = form.elements[name];
  const note = document.getElementById(`${input.id}-error`);
  note.textContent = text;
  note.hidden = false;
  input.setAttribute("aria-invalid", "true");
  input.focus();
}

function clearErrors() {
  for (const name of FIELDS) {
    const input = form.elements[name];
    const note = document.getElementById(`${input.id}-error`);
    note.textContent = "";
    note.hidden = true;
    input.removeAttribute("aria-invalid");
  }
}

// ---- Wiring ---------------------------------------------------------------------------

form.addEventListener("submit", (event) => {
  event.preventDefault();
  save();
});
form.addEventListener("input", () => { shown.edited = true; });
star.addEventListener("click", flipStar);
document.getElementById("detail-close").addEventListener("click", close);
deleteButton.addEventListener("click", () => {
  confirmText.textContent = `Delete ${title.textContent}? This cannot be undone.`;
  confirmBox.hidden = false;
  document.getElementById("detail-confirm-delete").focus();
});
document.getElementById("detail-confirm-delete").addEventListener("click", remove);
document.getElementById("detail-confirm-cancel").addEventListener("click", () => {
  confirmBox.hidden = true;
  deleteButton.focus();
});
for (const button of document.querySelectorAll('[data-action="new"]')) button.addEventListener("click", openNew);

document.addEventListener("keydown", (event) => {
  // A modal dialog (the import) takes its own Escape.
  if (event.key !== "Escape" || pane.hidden || event.target.closest?.("dialog")) return;
  event.preventDefault();
  close();
});

document.addEventListener("roster:open", (event) => openContact(event.detail.id));

// Another change to the data: reload the contact shown, unless the form holds edits
// (a save then answers 412 if this contact was among the changes).
document.addEventListener("roster:version", (event) => {
  if (pane.hidden || shown.id === null || shown.edited || shown.busy || shown.loading) return;
  if (shown.version !== -1 && event.detail.version > shown.version) load(shown.id, { quietly: true });
});

function fromLink() {
  const match = /^#id=(\d+)$/.exec(location.hash);
  if (match) openContact(Number(match[1]), { fromLink: true });
}

// Leaving or reloading the page with edits in the form: the browser asks.
window.addEventListener("beforeunload", (event) => {
  if (!pane.hidden && shown.edited) event.preventDefault();
});

window.addEventListener("hashchange", () => {
  if (location.hash.startsWith("#id=")) fromLink();
  else close({ keepLink: true });
});
fromLink();
