import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_ERRORS_SHOWN, errorLines, importOutcome, importUrl, uploadProgress } from "../../Public/import/model/import.js";

test("the import's URL carries the mode", () => {
  assert.equal(importUrl("replace"), "/import?mode=replace");
  assert.equal(importUrl("a&b"), "/import?mode=a%26b");
});

test("the upload's progress in whole percent", () => {
  assert.deepEqual(uploadProgress("p.csv", 1, 3), { value: 1 / 3, text: "Uploading p.csv: 33 %" });
});

test("a 200 summarises the import, its rejected rows and ignored columns", () => {
  const body = JSON.stringify({ inserted: 1200, rejected: 3, seconds: 0.5, total: 5000, ignoredColumns: ["x", "y"], errors: [{ line: 4, message: "no name" }] });
  const got = importOutcome(200, body);
  assert.equal(got.ok, true);
  const one = importOutcome(200, JSON.stringify({ inserted: 1, rejected: 1, seconds: 0, total: 1, errors: [] }));
  assert.match(one.text, /^Imported 1 contact, 1 row rejected in 0 s; 1 in the list\./);
  assert.equal(got.text, `Imported ${(1200).toLocaleString()} contacts, 3 rows rejected in 0.5 s; ${(5000).toLocaleString()} in the list. Ignored columns: x, y.`);
  assert.deepEqual(got.errors, [{ line: 4, message: "no name" }]);
  const plain = importOutcome(200, JSON.stringify({ inserted: 2, rejected: 0, seconds: 0, total: 2, errors: [] }));
  assert.equal(plain.text, "Imported 2 contacts in 0 s; 2 in the list.");
});

test("a refused import imports nothing and says why", () => {
  const rows = importOutcome(422, JSON.stringify({ errors: [{ line: 3, message: "no name" }] }));
  assert.deepEqual(rows, { ok: false, text: "Nothing imported: the file has rows that cannot be imported.", errors: [{ line: 3, message: "no name" }] });
  assert.equal(importOutcome(401, JSON.stringify({ error: "unauthorized", message: "a token is needed" })).text,
    "Nothing imported: a token is needed");
  assert.deepEqual(importOutcome(502, "<html>bad gateway</html>"), { ok: false, text: "Nothing imported: HTTP 502", errors: [] });
  assert.equal(importOutcome(200, "not json").ok, false, "a 200 that is not a summary is no import");
});

test("the first errors are listed by line, the rest counted", () => {
  const errors = Array.from({ length: MAX_ERRORS_SHOWN + 5 }, (_, i) => ({ line: i + 2, message: "bad" }));
  const lines = errorLines(errors);
  assert.equal(lines.length, MAX_ERRORS_SHOWN + 1);
  assert.equal(lines[0], "Line 2: bad");
  assert.equal(lines.at(-1), "… and 5 more");
  assert.deepEqual(errorLines([{ message: "no name column" }]), ["no name column"]);
  assert.deepEqual(errorLines([]), []);
});

test("uploads say vCard for .vcf files, CSV otherwise; skipping bad rows is asked in the URL", async () => {
  const { importUrl, uploadType } = await import("../../Public/import/model/import.js");
  assert.equal(uploadType("contacts.vcf"), "text/vcard");
  assert.equal(uploadType("Contacts.VCF", ""), "text/vcard");
  assert.equal(uploadType("x", "text/x-vcard"), "text/vcard");
  assert.equal(uploadType("google.csv", "text/csv"), "text/csv");
  assert.equal(uploadType("excel.txt", "text/plain"), "text/csv");
  assert.equal(importUrl("append", true), "/import?mode=append&errors=skip");
  assert.equal(importUrl("replace"), "/import?mode=replace");
});

test("the preview names the file's layout, each column's field and the first contacts", async () => {
  const { previewView } = await import("../../Public/import/model/import.js");
  const view = previewView({
    kind: "csv", layout: "Google Contacts", encoding: "UTF-8", delimiter: "comma",
    columns: [{ header: "First Name", field: "first name", extra: false }, { header: "Mood", field: "kept as extra", extra: true }],
    rows: [{ first_name: "Priya", last_name: "R", email: "p@q.example", phone: "", company: "", city: "", details: { other: [] } },
      { company: "Harborview", details: {} }, { error: "line 4: too many fields" }],
  });
  assert.equal(view.title, "Google Contacts · UTF-8 · comma delimited");
  assert.deepEqual(view.columns, [["First Name", "first name"], ["Mood", "kept with the contact"]]);
  assert.deepEqual(view.rows, ["Priya R · p@q.example (+ 1 more detail)", "Harborview", "Cannot be imported: line 4: too many fields"]);
});

test("the result says how many values came in per field, in plain words", async () => {
  const { fieldCountsText } = await import("../../Public/import/model/import.js");
  assert.equal(fieldCountsText({ first_name: 3, email: 2, phone: 0, details: 1 }), " Values: 3 first names, 2 e-mails, 1 with more details.");
  assert.equal(fieldCountsText({ first_name: 1, city: 1, company: 2 }), " Values: 1 first name, 1 city, 2 companies.");
  assert.equal(fieldCountsText({ first_name: 2, labels: 2 }), " Values: 2 first names, 2 with labels.");
  assert.equal(fieldCountsText(undefined), "");
});

test("a merge's result counts the contacts updated and those already as in the file", async () => {
  const { importOutcome } = await import("../../Public/import/model/import.js");
  const text = importOutcome(200, JSON.stringify({ inserted: 1, updated: 2, unchanged: 3, rejected: 0, seconds: 0.1, total: 9, errors: [] })).text;
  assert.match(text, /^Imported 1 contact, updated 2, 3 already as in the file in 0.1 s; 9 in the list\./);
});
