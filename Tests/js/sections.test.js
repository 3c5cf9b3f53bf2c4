import { test } from "node:test";
import assert from "node:assert/strict";

import { TITLES, letterState, letterTitles, sectionAt, sectionRow, stickyTitle } from "../../Public/list/model/sections.js";

const sections = [
  { title: "A", rows: 10, firstRow: 0, top: 0, height: 592 },
  { title: "B", rows: 0, firstRow: 10, top: 592, height: 0 },
  { title: "C", rows: 5, firstRow: 10, top: 592, height: 312 },
  { title: "#", rows: 2, firstRow: 15, top: 904, height: 144 },
];

test("sectionAt: the last non-empty section starting at or above v", () => {
  assert.equal(sectionAt(sections, 0).title, "A");
  assert.equal(sectionAt(sections, 591).title, "A");
  assert.equal(sectionAt(sections, 592).title, "C", "the empty B that starts there is skipped");
  assert.equal(sectionAt(sections, 10_000).title, "#");
  assert.equal(sectionAt([], 5), null);
  const emptyLast = [...sections, { title: "Ω", rows: 0, firstRow: 17, top: 1048, height: 0 }];
  assert.equal(sectionAt(emptyLast, 1048).title, "#", "an empty section at the end is no section");
});

test("the sticky title is empty at the very top, where the first header shows itself", () => {
  assert.equal(stickyTitle(sections, 0), "");
  assert.equal(stickyTitle(sections, 1), "A");
  assert.equal(stickyTitle(sections, 700), "C");
});

test("a letter jumps to its section's first row; an empty or unknown one goes nowhere", () => {
  assert.equal(sectionRow(sections, "C"), 10);
  assert.equal(sectionRow(sections, "#"), 15);
  assert.equal(sectionRow(sections, "B"), null);
  assert.equal(sectionRow(sections, "Q"), null);
});

test("the index has the 27 letters in order, and any other title after them", () => {
  assert.equal(TITLES.length, 27);
  assert.deepEqual(letterTitles(sections), TITLES);
  assert.deepEqual(letterTitles([...sections, { title: "Ω", rows: 1 }]).slice(-2), ["#", "Ω"]);
});

test("a letter without contacts is disabled and says so", () => {
  assert.deepEqual(letterState(sections, "A"), { disabled: false, label: "Jump to A" });
  assert.deepEqual(letterState(sections, "B"), { disabled: true, label: "B: no contacts" });
  assert.deepEqual(letterState(sections, "Z"), { disabled: true, label: "Z: no contacts" }, "absent from the answer");
});
