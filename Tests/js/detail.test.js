import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  FIELDS, beginLoad, beginWrite, createDetailState, detailHashChange, discardQuestion, holdsEdits, loadOutcome,
  openPlan, paneAvatar, reloadsOn, resetState, saveRequest, showContact, starRequest, writeOutcome,
} from "../../Public/detail/model/detail.js";

const blank = () => Object.fromEntries(FIELDS.map((name) => [name, ""]));
const contact = { id: 42, first_name: "Ada", last_name: "Lovelace", email: "ada@x.org", row: 900, version: 7, favorite: true };

function showing() {
  const state = createDetailState();
  showContact(state, contact, '"r7"');
  return state;
}

test("leaving asks only when the open form holds edits, naming what would be lost", () => {
  const state = showing();
  assert.equal(discardQuestion(state, false, "Ada Lovelace"), null, "no edits: nothing to ask");
  state.edited = true;
  assert.equal(discardQuestion(state, true, "Ada Lovelace"), null, "a closed pane loses nothing");
  assert.equal(discardQuestion(state, false, "Ada Lovelace"), "Discard your changes to Ada Lovelace? They are not saved.");
  state.id = null;
  assert.equal(discardQuestion(state, false, "New contact"), "Discard the new contact? They are not saved.");
  assert.equal(holdsEdits(state, false), true);
  assert.equal(holdsEdits(state, true), false);
});

test("opening: the contact shown with edits stays; another one starts fresh; the same unedited one reloads", () => {
  const state = showing();
  assert.equal(openPlan(state, 42, false), "reload");
  assert.equal(openPlan(state, 43, false), "fresh");
  assert.equal(openPlan(state, 42, true), "fresh");
  state.edited = true;
  assert.equal(openPlan(state, 42, false), "keep");
  assert.equal(openPlan(state, 43, false), "fresh");
});

test("showing a contact takes its ETag and version, drops edits, and names it", () => {
  const state = createDetailState();
  state.edited = true;
  state.reveal = true;
  const shown = showContact(state, contact, '"r7"');
  assert.deepEqual(shown, {
    title: "Ada Lovelace", avatar: "/avatar/42.svg?r=%22r7%22", photo: false, favorite: true, revealRow: 900,
    mail: { href: "mailto:ada@x.org", text: "ada@x.org" }, call: null,
  });
  assert.deepEqual([state.id, state.etag, state.version, state.edited, state.reveal], [42, '"r7"', 7, false, false]);
  assert.equal(showContact(state, { id: 5, version: 2 }, null).title, "Contact");
  assert.equal(showContact(state, { id: 5, version: 2 }, null).revealRow, null, "revealed once");
});

test("a contact with a photo shows it at 2x in the pane; one without shows its initials", () => {
  const withPhoto = showContact(createDetailState(), { id: 9, version: 3, photo: { url: "/photos/ab" } }, '"r3"');
  assert.equal(withPhoto.avatar, "/photos/ab?s=96");
  assert.equal(withPhoto.photo, true);
  assert.equal(paneAvatar({ id: 9, photo: { url: "/photos/cd" } }), "/photos/cd?s=96");
  assert.equal(paneAvatar({ id: 9, version: 4, photo: null }, null), "/avatar/9.svg?r=4");
});

test("a late read is dropped; a quiet refresh gives way to edits and to failures other than 404", () => {
  const state = showing();
  const old = beginLoad(state);
  const fresh = beginLoad(state);
  assert.equal(loadOutcome(state, old, { ok: true }, false).kind, "stale");
  assert.equal(loadOutcome(state, fresh, { ok: true }, false).kind, "show");
  assert.equal(state.loading, false);
  state.edited = true;
  assert.equal(loadOutcome(state, beginLoad(state), { ok: true }, true).kind, "dropped");
  state.edited = false;
  assert.equal(loadOutcome(state, beginLoad(state), { ok: false, status: 503, json: {} }, true).kind, "dropped");
  assert.deepEqual(loadOutcome(state, beginLoad(state), { ok: false, status: 404, json: {} }, true),
    { kind: "missing", message: "This contact does not exist (any more)." });
  assert.deepEqual(loadOutcome(state, beginLoad(state), { ok: false, status: 503, json: { message: "busy" } }, false),
    { kind: "missing", message: "busy" });
});

test("a save of an existing contact patches only the fields changed", () => {
  const state = showing();
  const defaults = { ...blank(), first_name: "Ada", city: "London" };
  assert.equal(saveRequest(state, { ...defaults }, defaults), null, "nothing to save");
  assert.deepEqual(saveRequest(state, { ...defaults, city: "Paris", notes: "x" }, defaults),
    { method: "PATCH", path: "/contacts/42", body: { city: "Paris", notes: "x" } });
});

test("a new contact posts every field and its star", () => {
  const state = createDetailState();
  state.favorite = true;
  const values = { ...blank(), first_name: "Nova" };
  assert.deepEqual(saveRequest(state, values, blank()),
    { method: "POST", path: "/contacts", body: { ...values, labels: [], favorite: true } });
  assert.equal(starRequest(state), null, "a new contact's star is part of its form");
  assert.deepEqual(starRequest(showing()), { method: "PATCH", path: "/contacts/42", body: { favorite: false } });
});

test("one write at a time; an answer after the pane moved on is stale", () => {
  const state = showing();
  const ticket = beginWrite(state);
  assert.equal(beginWrite(state), null);
  assert.deepEqual(writeOutcome(state, ticket, { ok: true }), { kind: "ok" });
  assert.equal(state.busy, false);
  const late = beginWrite(state);
  resetState(state); // another contact opened meanwhile
  assert.deepEqual(writeOutcome(state, late, { ok: true }), { kind: "stale" });
});

test("a refused write: 412 merges, a field's error goes beside it in plain words, anything else above the buttons", () => {
  const state = showing();
  const answer = (status, json) => writeOutcome(state, beginWrite(state), { ok: false, status, json });
  assert.deepEqual(answer(412, { message: "stale" }), { kind: "conflict" });
  assert.deepEqual(answer(422, { error: "too_long", field: "city", message: "city is 300 characters long; it may have at most 256" }),
    { kind: "field", field: "city", message: "This is too long: it may have at most 256 characters." });
  const email = answer(422, { error: "invalid_field", field: "email", message: "email must look like an e-mail address" });
  assert.equal(email.field, "email");
  assert.match(email.message, /does not look like an e-mail address: .*one @/);
  assert.equal(answer(422, { error: "invalid_field", field: "details", message: "details: phones[1].value x" }).message,
    "Other phone 2 needs at least one digit.");
  assert.deepEqual(answer(400, { field: "favorite", message: "a boolean" }), { kind: "failed", message: "a boolean" });
  assert.deepEqual(answer(503, { message: "busy" }), { kind: "failed", message: "busy" });
});

test("a newer version reloads the contact shown, never over edits, a write or a read", () => {
  const state = showing();
  assert.equal(reloadsOn(state, false, 8), true);
  assert.equal(reloadsOn(state, false, 7), false, "not newer");
  assert.equal(reloadsOn(state, true, 8), false, "closed");
  for (const busy of ["edited", "busy", "loading"]) {
    const other = showing();
    other[busy] = true;
    assert.equal(reloadsOn(other, false, 8), false, busy);
  }
  const blankForm = createDetailState();
  assert.equal(reloadsOn(blankForm, false, 8), false, "a new contact's form");
});

test("the hash opens a contact or closes the pane", () => {
  assert.deepEqual(detailHashChange("#id=12"), { open: 12 });
  assert.deepEqual(detailHashChange("#row=12"), { close: true });
  assert.deepEqual(detailHashChange(""), { close: true });
  assert.equal(detailHashChange("#id=abc"), null);
});

test("the details go as one object, only when they changed", () => {
  const state = createDetailState();
  state.id = 5;
  const values = { ...blank(), details: '{"title":"CEO"}' };
  assert.equal(saveRequest(state, values, { ...blank(), details: '{"title":"CEO"}' }), null);
  assert.deepEqual(saveRequest(state, values, { ...blank(), details: "{}" }).body, { details: { title: "CEO" } });
});
