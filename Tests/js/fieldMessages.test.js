import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { FIELDS } from "../../Public/detail/model/detail.js";
import { FIELD_LABELS, fieldMessage } from "../../Public/detail/model/fieldMessages.js";

const API_NAME = /\b[a-z]+_[a-z_]+\b|\binvalid\b|\bfield\b/; // first_name, invalid_field, "field"

test("the labels name the form's fields, in its order", () => {
  assert.deepEqual(FIELD_LABELS.map(([name]) => name), FIELDS);
});

test("each rule the server keeps has its own plain words, and none names an API field", () => {
  const said = [
    [{ error: "invalid_field", field: "email", message: "email must look like an e-mail address, not 'not an email'" }, 422, /e-mail address.*@/],
    [{ error: "invalid_field", field: "phone", message: "phone needs at least one digit" }, 422, /at least one digit/],
    [{ error: "too_long", field: "notes", message: "notes is 4001 characters long; it may have at most 4000" }, 422, /at most 4,000 characters/], // numbers in the page's language,
    [{ error: "name_required", field: "first_name", message: "a contact needs something: give first_name" }, 422, /needs a name, a company or an e-mail/],
    [{ error: "name_required", field: "last_name", message: "keep first_name or last_name" }, 409, /only name/],
    [{ error: "invalid_character", field: "city", message: "city holds U+0000" }, 422, /cannot be stored/],
    [{ error: "invalid_field", field: "details", message: "details: emails[0].value must look like an e-mail address" }, 422, /^Other e-mail 1 does not look like an e-mail address/],
    [{ error: "invalid_field", field: "details", message: "details: birthday must be text" }, 422, /details below/],
    [{ error: "invalid_field", field: "company", message: "company must be a string" }, 422, /cannot be saved/],
  ];
  for (const [json, status, words] of said) {
    const text = fieldMessage(json, status);
    assert.match(text, words, JSON.stringify(json));
    assert.doesNotMatch(text, API_NAME, text);
  }
});
