import { test } from "node:test";
import assert from "node:assert/strict";

import {
  detailId, detailLink, isDetailLink, linkOf, listHashChange, normalize, readLink, rememberedHash,
} from "../../Public/common/model/link.js";

test("normalize: a query without a letter or digit is the whole list", () => {
  assert.equal(normalize("  anna  "), "anna");
  assert.equal(normalize(" - / ' "), "");
  assert.equal(normalize("Ødegård"), "Ødegård");
  assert.equal(normalize("42"), "42");
  assert.equal(normalize(null), "");
});

test("readLink reads #row=, #q= and both; anything else is neither", () => {
  assert.deepEqual(readLink("#row=123"), { q: null, row: 123 });
  assert.deepEqual(readLink("#q=anna%20oslo"), { q: "anna oslo", row: null });
  assert.deepEqual(readLink("#q=mu&row=7"), { q: "mu", row: 7 });
  assert.deepEqual(readLink("#row=-1"), { q: null, row: null });
  assert.deepEqual(readLink("#row=1e5"), { q: null, row: null });
  assert.deepEqual(readLink("#id=5"), { q: null, row: null });
  assert.deepEqual(readLink(""), { q: null, row: null });
});

test("linkOf writes what readLink reads", () => {
  assert.equal(linkOf("", 5), "#row=5");
  assert.equal(linkOf("o'b & c", null), "#q=o'b%20%26%20c");
  assert.equal(linkOf("", null), "");
  for (const [q, row] of [["anna", 3], ["x y", null], ["", 0]]) {
    const back = readLink(linkOf(q, row));
    assert.deepEqual(back, { q: q || null, row });
  }
});

test("the detail pane's link", () => {
  assert.equal(isDetailLink("#id=42"), true);
  assert.equal(isDetailLink("#row=42"), false);
  assert.equal(detailId("#id=42"), 42);
  assert.equal(detailId("#id=4x"), null);
  assert.equal(detailLink(7), "#id=7");
  assert.equal(detailLink(null), "");
});

test("a changed hash: another query searches, a row moves (within the list), the same does nothing", () => {
  assert.deepEqual(listHashChange("#q=bo&row=2", "", 0, 100), { search: { q: "bo", row: 2 } });
  assert.deepEqual(listHashChange("#row=50", "", 3, 100), { row: 50 });
  assert.deepEqual(listHashChange("#row=5000", "", 3, 100), { row: 99 });
  assert.equal(listHashChange("#row=3", "", 3, 100), null, "the row already at the top");
  assert.deepEqual(listHashChange("#q=bo&row=9", "bo", 3, 100), { row: 9 }, "the same query: a row of it");
  assert.equal(listHashChange("#id=3", "", 0, 100), null);
});

test("the URL records the row at the top only once the list rests", () => {
  const resting = { total: 100, dirty: false, inFlight: false, pendingRow: null, query: "" };
  assert.equal(rememberedHash(resting, "", 12), "#row=12");
  assert.equal(rememberedHash({ ...resting, query: "bo" }, "", 12), "#q=bo&row=12");
  assert.equal(rememberedHash(resting, "#row=12", 12), null, "it says so already");
  assert.equal(rememberedHash({ ...resting, dirty: true }, "", 12), null);
  assert.equal(rememberedHash({ ...resting, inFlight: true }, "", 12), null);
  assert.equal(rememberedHash({ ...resting, pendingRow: 4 }, "", 12), null);
  assert.equal(rememberedHash({ ...resting, total: 0 }, "", 12), null);
  assert.equal(rememberedHash(resting, "#id=5", 12), null, "the detail pane's link stays");
  assert.equal(rememberedHash(resting, "", null), null);
});
