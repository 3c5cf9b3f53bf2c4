import { test } from "node:test";
import assert from "node:assert/strict";

import { keyCommand, revealV } from "../../Public/paging.js";

const at = (focusRow, pageRows = 12, total = 1000) => ({ focusRow, total, pageRows });

test("arrows move the focus a row, within the list", () => {
  assert.deepEqual(keyCommand("ArrowDown", at(5)), { action: "focus", row: 6 });
  assert.deepEqual(keyCommand("ArrowUp", at(5)), { action: "focus", row: 4 });
  assert.deepEqual(keyCommand("ArrowUp", at(0)), { action: "focus", row: 0 });
  assert.deepEqual(keyCommand("ArrowDown", at(999)), { action: "focus", row: 999 });
});

test("PageUp and PageDown move by the rows wholly in view, at least one", () => {
  assert.deepEqual(keyCommand("PageDown", at(20, 13)), { action: "focus", row: 33 });
  assert.deepEqual(keyCommand("PageUp", at(20, 13)), { action: "focus", row: 7 });
  assert.deepEqual(keyCommand("PageDown", at(20, 0)), { action: "focus", row: 21 });
  assert.deepEqual(keyCommand("PageUp", at(5, 13)), { action: "focus", row: 0 });
  assert.deepEqual(keyCommand("PageDown", at(995, 13)), { action: "focus", row: 999 });
});

test("Home and End go to the list's ends", () => {
  assert.deepEqual(keyCommand("Home", at(500)), { action: "focus", row: 0 });
  assert.deepEqual(keyCommand("End", at(500)), { action: "focus", row: 999 });
  assert.deepEqual(keyCommand("End", at(0, 1, 1)), { action: "focus", row: 0 });
});

test("Enter opens and f stars the focused row; other keys are not the list's", () => {
  assert.deepEqual(keyCommand("Enter", at(3)), { action: "open" });
  assert.deepEqual(keyCommand("f", at(3)), { action: "star" });
  assert.equal(keyCommand("a", at(3)), null);
  assert.equal(keyCommand("Tab", at(3)), null);
});

test("revealV scrolls just enough to show a row, or not at all", () => {
  const row = { top: 1000, height: 56 };
  assert.equal(revealV(row, 990, 32, 800), 1000 - 32, "under the sticky title: it goes just below it");
  assert.equal(revealV(row, 200, 32, 800), 1056 - 800, "below the bottom: its bottom at the bottom");
  assert.equal(revealV(row, 600, 32, 800), null);
  assert.equal(revealV(row, 968, 32, 800), null, "exactly below the title is in view");
});
