// The detail pane's state and decisions, without the DOM: which contact it
// shows and with which ETag, whether the form holds edits (and so whether
// leaving it must ask first), what a save sends, what an answer means, and when
// a newer data version reloads the contact.
//
// Lost updates: a save sends If-Match with the ETag the contact was read with;
// a 412 means someone changed it since, so the pane reads it as it is now and
// merges the form's edits into it (detail/model/contactDetails.js's mergeEdits).
// While the form holds no edits, a newer data version reloads the contact, so
// another browser's edit shows here too.

import { word } from "../../common/model/words.js";
import { fieldMessage } from "./fieldMessages.js";
import { detailId, isDetailLink } from "../../common/model/link.js";

/** The form's fields, in the form's order. */
export const FIELDS = ["first_name", "last_name", "email", "phone", "company", "city", "notes", "labels"];

/** A contact's value of field `name` as the form's text: the labels as "Work, Golf". */
export function formValue(name, value) {
  if (name === "labels") return Array.isArray(value) ? value.join(", ") : value ?? "";
  return value ?? "";
}

/** `contact` with every field as the form's text (`formValue`). */
export function formContact(contact) {
  return { ...contact, labels: formValue("labels", contact.labels) };
}

/**
 * The labels a text of the form names: split at commas (and line breaks), each
 * trimmed, empty ones dropped, a repeat in another case dropped (the server folds
 * them alike).
 */
export function parseLabels(text) {
  const names = [];
  const seen = new Set();
  for (const part of (text ?? "").split(/[,\n]/)) {
    const name = part.trim();
    if (name && !seen.has(name.toLowerCase())) {
      seen.add(name.toLowerCase());
      names.push(name);
    }
  }
  return names;
}

/** Whether the form's text of field `name` changed from `before` to `now`. */
function changed(name, now, before) {
  if (name === "labels") return parseLabels(now).join("\n") !== parseLabels(before).join("\n");
  return now !== before;
}

/** Nothing shown. */
export function createDetailState() {
  return {
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
}

/** The state of an empty form, before anything is shown in it (a load on its way is dropped). */
export function resetState(state) {
  state.loads += 1;
  state.loading = false;
  state.reveal = false;
  state.etag = null;
  state.version = -1;
  state.edited = false;
  state.favorite = false;
}

/**
 * The question to ask before the form's edits go (`title`: what the pane's title
 * says), or null when nothing would be lost (the pane is `hidden`, or unedited).
 */
export function discardQuestion(state, hidden, title) {
  if (hidden || !state.edited) return null;
  return state.id === null ? word("detail.discardNew") : word("detail.discardChanges", { name: title });
}

/**
 * Opening contact `id`: "keep" (it is shown with edits: nothing to do), "fresh"
 * (another contact, or the pane is closed: empty the form first), or "reload"
 * (it is shown unedited: read it again). Asking about edits comes between.
 */
export function openPlan(state, id, hidden) {
  if (state.id === id && !hidden && state.edited) return "keep";
  return state.id !== id || hidden ? "fresh" : "reload";
}

/** A read of the contact starts: its ticket. */
export function beginLoad(state) {
  state.loading = true;
  return ++state.loads;
}

/**
 * What the answer to read `ticket` does: "stale" (the pane moved on: drop it),
 * "dropped" (a `quietly` refresh found the user editing, or failed other than
 * 404: keep the form as it is), "missing" (say `message` instead of the form), or
 * "show".
 * @returns {{kind: string, message?: string}}
 */
export function loadOutcome(state, ticket, answer, quietly) {
  if (ticket !== state.loads) return { kind: "stale" };
  state.loading = false;
  if (quietly && (state.edited || (!answer.ok && answer.status !== 404))) return { kind: "dropped" };
  if (!answer.ok) {
    return { kind: "missing", message: answer.status === 404 ? word("detail.missing") : answer.json.message };
  }
  return { kind: "show" };
}

/**
 * Takes `contact` (read with `etag`) as the one shown, edits dropped. Returns
 * what the pane shows: {title, avatar (paneAvatar), photo (whether it has one),
 * favorite, mail and call (reachLinks), revealRow (the list shows this row, or null)}.
 */
export function showContact(state, contact, etag) {
  state.id = contact.id;
  state.etag = etag;
  state.version = contact.version ?? state.version;
  state.edited = false;
  state.favorite = contact.favorite === true;
  const name = [contact.first_name, contact.last_name].filter(Boolean).join(" ");
  const revealRow = state.reveal ? contact.row : null;
  state.reveal = false;
  return {
    title: name || word("detail.contact"),
    avatar: paneAvatar(contact, etag),
    photo: Boolean(contact.photo?.url),
    favorite: state.favorite,
    ...reachLinks(contact),
    revealRow,
  };
}

/**
 * The contact's e-mail and phone as links: {mail, call}, each {href, text} or
 * null when the field is empty. `tel:` is the phone's E.164 form and shows it
 * as the list's region dials it (`phone_e164`, `phone_display`: docs/api.md,
 * "Phone numbers"); a phone without one keeps its digits and a leading +
 * (RFC 3966: no spaces). `mailto:` escapes each side of the @ (RFC 6068).
 */
export function reachLinks(contact) {
  const email = (contact.email ?? "").trim();
  const phone = (contact.phone ?? "").trim();
  const digits = phone.replace(/[^\d+]/g, "").replace(/(?!^)\+/g, "");
  const e164 = typeof contact.phone_e164 === "string" && contact.phone_e164 ? contact.phone_e164 : null;
  let call = null;
  if (e164) call = { href: `tel:${e164}`, text: contact.phone_display || phone };
  else if (/\d/.test(digits)) call = { href: `tel:${digits}`, text: phone };
  return {
    mail: email ? { href: `mailto:${email.split("@").map(encodeURIComponent).join("@")}`, text: email } : null,
    call,
  };
}

/**
 * The write a save sends for the form's `values` (name -> text) read with
 * `defaults`: every field and the star for a new contact (POST), only the changed
 * fields for an existing one (a merge PATCH leaves the others as they are).
 * Null when an existing contact has nothing changed.
 * @returns {{method: string, path: string, body: object}|null}
 */
export function saveRequest(state, values, defaults) {
  const creating = state.id === null;
  const body = {};
  for (const name of FIELDS) {
    if (name === "labels") {
      if (creating || changed(name, values[name], defaults[name])) body.labels = parseLabels(values[name]);
    } else if (creating || values[name] !== defaults[name]) body[name] = values[name];
  }
  // The details go as one object (the server keeps them as one field).
  if (values.details !== undefined && values.details !== defaults.details) body.details = JSON.parse(values.details);
  if (creating) return { method: "POST", path: "/contacts", body: { ...body, favorite: state.favorite } };
  if (Object.keys(body).length === 0) return null;
  return { method: "PATCH", path: `/contacts/${state.id}`, body };
}

/** The star's write: a new contact's star is part of its form (null: flip it here). */
export function starRequest(state) {
  if (state.id === null) return null;
  return { method: "PATCH", path: `/contacts/${state.id}`, body: { favorite: !state.favorite } };
}

/** A write starts: its ticket, or null when another write is in flight. */
export function beginWrite(state) {
  if (state.busy) return null;
  state.busy = true;
  return state.loads;
}

/**
 * What the answer to a write of `ticket` means: "stale" (the pane moved on),
 * "ok", "conflict" (412: someone else wrote since the form read the contact),
 * "field" (show `message`, in plain words, beside `field`: one of the form's, or
 * `details` for the part below them), or "failed" (say `message` above the buttons).
 * @returns {{kind: string, field?: string, message?: string}}
 */
export function writeOutcome(state, ticket, answer) {
  state.busy = false;
  if (ticket !== state.loads) return { kind: "stale" };
  if (answer.ok) return { kind: "ok" };
  if (answer.status === 412) return { kind: "conflict" };
  const field = answer.json.field;
  if (field && (FIELDS.includes(field) || field === "details")) {
    return { kind: "field", field, message: fieldMessage(answer.json, answer.status) };
  }
  return { kind: "failed", message: answer.json.message };
}

/** Whether data `version` (announced) reloads the contact shown: not over edits,
 *  a write or a read on its way, nor for a new contact's form. */
export function reloadsOn(state, hidden, version) {
  if (hidden || state.id === null || state.edited || state.busy || state.loading) return false;
  return state.version !== -1 && version > state.version;
}

/** Whether the form holds edits that leaving the page would lose. */
export function holdsEdits(state, hidden) {
  return !hidden && state.edited;
}

/** A changed hash: {open: id} (#id=N), {close: true} (any other link), or null (#id= not a number). */
export function detailHashChange(hash) {
  if (!isDetailLink(hash)) return { close: true };
  const id = detailId(hash);
  return id === null ? null : { open: id };
}

/** The pane's 48 px avatar: the contact's photo at 2x (docs/api.md, "Photos"), else its
 *  initials' SVG, whose URL names the revision so a rename shows past the day's cache. */
export function paneAvatar(contact, etag) {
  const url = contact.photo?.url;
  if (url) return `${url}${url.includes("?") ? "&" : "?"}s=96`;
  return `/avatar/${contact.id}.svg?r=${encodeURIComponent(etag || contact.version || "")}`;
}
