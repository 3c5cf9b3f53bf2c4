import { test } from "node:test";
import assert from "node:assert/strict";

import { detailsText, editedDetails } from "../../Public/detailsModel.js";

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
