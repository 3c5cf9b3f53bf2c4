import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { detailsText, editedDetails } from "../../Public/detail/model/contactDetails.js";

const base = {
  title: "Partner", email_label: "work", emails: [{ label: "home", value: "a@home.example" }],
  addresses: [{ label: "work", po_box: "", extended: "", street: "1 Main St", city: "", region: "", postcode: "0150", country: "Norway" }],
  other: [{ name: "X-SKYPE", value: "ingrid" }], categories: ["Work"],
};
const formOf = (details) => ({
  texts: { title: details.title ?? "" },
  lists: { emails: details.emails ?? [], phones: [], urls: [] },
  addresses: details.addresses ?? [],
});

test("an unchanged form gives the same details text; key order and empty keys do not matter", () => {
  assert.equal(detailsText(editedDetails(base, formOf(base))), detailsText(base));
  const reordered = { other: base.other, ...base, nickname: "", phones: [] };
  assert.equal(detailsText(reordered), detailsText(base));
});

test("edits change the text; what the pane does not edit is kept", () => {
  const form = formOf(base);
  form.texts.title = "  CEO ";
  form.lists.emails = [...form.lists.emails, { label: "", value: "second@x.example" }, { label: "x", value: "  " }];
  const edited = editedDetails(base, form);
  assert.equal(edited.title, "CEO");
  assert.deepEqual(edited.emails.map((e) => e.value), ["a@home.example", "second@x.example"], "an empty one is dropped");
  assert.deepEqual(edited.other, base.other);
  assert.deepEqual(edited.categories, ["Work"]);
  assert.equal(edited.email_label, "work");
  assert.notEqual(detailsText(edited), detailsText(base));
});

test("addresses: a later empty one is dropped, a lone empty first one too", () => {
  const empty = { label: "", street: "", city: "", postcode: "", region: "", country: "" };
  const two = editedDetails(base, { ...formOf(base), addresses: [base.addresses[0], empty] });
  assert.equal(two.addresses.length, 1);
  assert.deepEqual(editedDetails({}, { ...formOf({}), addresses: [empty] }).addresses, []);
});

import { mergeEdits, shownValue } from "../../Public/detail/model/contactDetails.js";
import { FIELD_LABELS } from "../../Public/detail/model/fieldMessages.js";

const contactOf = (fields, details = {}) => ({
  first_name: "Ada", last_name: "Lovelace", email: "ada@x.org", phone: "", company: "Analytical", city: "London",
  notes: "", ...fields, details,
});

test("a merge keeps what only I changed, takes what only they changed, and agrees where we changed alike", () => {
  const base = contactOf({});
  const mine = contactOf({ city: "Typed City", notes: "same", email: "ada@x.org " }, { nickname: "Countess" });
  const theirs = contactOf({ company: "Other Writer Ltd", notes: "same" }, { title: "Mathematician" });
  const merged = mergeEdits(FIELD_LABELS, base, mine, theirs);
  assert.deepEqual(merged.conflicts, []);
  assert.equal(merged.values.city, "Typed City", "only mine");
  assert.equal(merged.values.company, "Other Writer Ltd", "only theirs");
  assert.equal(merged.values.notes, "same", "both alike");
  assert.equal(merged.values.email, "ada@x.org", "white space around is no change: theirs (the same) is kept");
  assert.deepEqual(merged.details, { title: "Mathematician", nickname: "Countess" }, "details merge key by key");
});

test("a field both changed differently is a conflict with both values, mine in the result until chosen", () => {
  const base = contactOf({}, { emails: [{ label: "home", value: "a@home.example" }] });
  const mine = contactOf({ city: "Paris" }, { emails: [{ label: "home", value: "a@new.example" }] });
  const theirs = contactOf({ city: "Rome", last_name: "King" }, { emails: [] });
  const merged = mergeEdits(FIELD_LABELS, base, mine, theirs);
  assert.deepEqual(merged.conflicts.map((c) => [c.key, c.label]), [["city", "City"], ["details.emails", "Other e-mails"]]);
  const city = merged.conflicts[0];
  assert.deepEqual([city.yours, city.theirs], ["Paris", "Rome"]);
  assert.equal(merged.values.city, "Paris");
  assert.equal(merged.values.last_name, "King");
  assert.deepEqual(merged.details.emails, [{ label: "home", value: "a@new.example" }]);
  assert.equal(shownValue("emails", merged.conflicts[1].yours), "a@new.example (home)");
  assert.equal(shownValue("emails", merged.conflicts[1].theirs), "nothing");
});

test("line breaks as a textarea gives them are no change", () => {
  const base = contactOf({ notes: "one\r\ntwo" });
  const mine = contactOf({ notes: "one\ntwo" });
  const theirs = contactOf({ notes: "three" });
  const merged = mergeEdits(FIELD_LABELS, base, mine, theirs);
  assert.deepEqual(merged.conflicts, []);
  assert.equal(merged.values.notes, "three");
});
