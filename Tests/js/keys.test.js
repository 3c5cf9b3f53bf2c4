import { test } from "node:test";
import assert from "node:assert/strict";

import { keyCommand, pageMove, revealV } from "../../Public/input/model/keys.js";
import { applyWindow, contactsInView, createSlotModel } from "../../Public/list/model/slots.js";
import { createTypeAhead, TYPE_AHEAD_PAUSE, typeKey } from "../../Public/input/model/typeAhead.js";

const at = (focusRow, total = 1000) => ({ focusRow, total });

test("arrows move the focus a row, within the list", () => {
  assert.deepEqual(keyCommand("ArrowDown", at(5)), { action: "focus", row: 6 });
  assert.deepEqual(keyCommand("ArrowUp", at(5)), { action: "focus", row: 4 });
  assert.deepEqual(keyCommand("ArrowUp", at(0)), { action: "focus", row: 0 });
  assert.deepEqual(keyCommand("ArrowDown", at(999)), { action: "focus", row: 999 });
});

test("PageUp and PageDown page", () => {
  assert.deepEqual(keyCommand("PageDown", at(20)), { action: "page", direction: 1 });
  assert.deepEqual(keyCommand("PageUp", at(20)), { action: "page", direction: -1 });
});

test("Home and End go to the list's ends", () => {
  assert.deepEqual(keyCommand("Home", at(500)), { action: "focus", row: 0 });
  assert.deepEqual(keyCommand("End", at(500)), { action: "focus", row: 999 });
  assert.deepEqual(keyCommand("End", at(0, 1)), { action: "focus", row: 0 });
});

test("Enter opens and * stars the focused row; letters are type-ahead's, not commands", () => {
  assert.deepEqual(keyCommand("Enter", at(3)), { action: "open" });
  assert.deepEqual(keyCommand("*", at(3)), { action: "star" });
  assert.equal(keyCommand("f", at(3)), null);
  assert.equal(keyCommand("a", at(3)), null);
  assert.equal(keyCommand("Tab", at(3)), null);
});

// Rows of 56 px and, every fifth, 76 (notes), from a header at 0: the geometry the server sends.
function list(rows = 400, sticky = 32) {
  const cells = [];
  let top = sticky;
  for (let row = 0; row < rows; row += 1) {
    const height = row % 5 === 4 ? 76 : 56;
    cells.push({ slot: row, kind: "contact", row, top, height, contact: { id: row }, html: "" });
    top += height;
  }
  const model = createSlotModel();
  applyWindow(model, { full: true, released: [], cells });
  return { model, contentHeight: top };
}

/** Presses `key` `times` times from v = 0, as list/list.js does; the rows wholly in view after each. */
function press(direction, times, { v = 0, viewport = 600, sticky = 32, focusRow = 0 } = {}) {
  const { model, contentHeight } = list();
  const views = [contactsInView(model, v, sticky, viewport).map((c) => c.row)];
  const focus = [focusRow];
  for (let i = 0; i < times; i += 1) {
    const move = pageMove(direction, contactsInView(model, v, sticky, viewport),
      { v, focusRow, total: 400, sticky, viewport, rowHeight: 56 });
    v = Math.min(Math.max(0, move.v), contentHeight - viewport);
    focusRow = move.focusRow;
    views.push(contactsInView(model, v, sticky, viewport).map((c) => c.row));
    focus.push(focusRow);
  }
  return { views, focus, v };
}

test("PageDown puts the last row wholly in view first: every row is shown, none skipped", () => {
  const { views } = press(1, 12);
  for (let i = 1; i < views.length; i += 1) {
    assert.equal(views[i][0], views[i - 1].at(-1), `press ${i}: the last row became the first`);
  }
  const seen = new Set(views.flat());
  const top = Math.max(...seen);
  for (let row = 0; row <= top; row += 1) assert.ok(seen.has(row), `row ${row} was shown`);
});

test("PageUp puts the first row wholly in view last, back to the top", () => {
  const down = press(1, 6);
  const { views, v } = press(-1, 10, { v: down.v, focusRow: down.focus.at(-1) });
  for (let i = 1; i < views.length && views[i - 1][0] !== 0; i += 1) {
    assert.equal(views[i].at(-1), views[i - 1][0], `press ${i}: the first row became the last`);
  }
  assert.equal(v, 0);
  assert.equal(views.at(-1)[0], 0);
});

test("the focus moves by the page: it keeps its place in the view, or starts from the view's edge", () => {
  const { views, focus } = press(1, 3, { focusRow: 2 });
  for (let i = 1; i < views.length; i += 1) {
    assert.equal(focus[i] - focus[i - 1], views[i - 1].at(-1) - views[i - 1][0]);
    assert.ok(views[i].includes(focus[i]), `press ${i}: the focused row ${focus[i]} is in view`);
  }
  // The focus was scrolled away (row 300, the view at row 0): it starts from the new first row.
  const away = pageMove(1, [{ row: 0, top: 32, height: 56 }, { row: 8, top: 500, height: 56 }],
    { v: 0, focusRow: 300, total: 400, sticky: 32, viewport: 600, rowHeight: 56 });
  assert.deepEqual(away, { v: 500 - 32, focusRow: 8 });
  const last = pageMove(1, [{ row: 390, top: 32, height: 56 }, { row: 399, top: 500, height: 56 }],
    { v: 0, focusRow: 395, total: 400, sticky: 32, viewport: 600, rowHeight: 56 });
  assert.equal(last.focusRow, 399, "never past the last row");
});

test("one row in view pages by one row; none arrived pages by the viewport less a row", () => {
  const tall = [{ row: 7, top: 1000, height: 500 }];
  assert.deepEqual(pageMove(1, tall, { v: 968, focusRow: 7, total: 20, sticky: 32, viewport: 560, rowHeight: 56 }),
    { v: 1500 - 32, focusRow: 8 });
  assert.deepEqual(pageMove(-1, tall, { v: 968, focusRow: 7, total: 20, sticky: 32, viewport: 560, rowHeight: 56 }),
    { v: 1000 - 560, focusRow: 6 });
  assert.deepEqual(pageMove(1, [], { v: 5000, focusRow: 40, total: 1000, sticky: 32, viewport: 600, rowHeight: 56 }),
    { v: 5000 + 600 - 32 - 56, focusRow: 49 });
  assert.deepEqual(pageMove(-1, [], { v: 5000, focusRow: 40, total: 1000, sticky: 32, viewport: 600, rowHeight: 56 }),
    { v: 5000 - (600 - 32 - 56), focusRow: 31 });
});

test("revealV scrolls just enough to show a row, or not at all", () => {
  const row = { top: 1000, height: 56 };
  assert.equal(revealV(row, 990, 32, 800), 1000 - 32, "under the sticky title: it goes just below it");
  assert.equal(revealV(row, 200, 32, 800), 1056 - 800, "below the bottom: its bottom at the bottom");
  assert.equal(revealV(row, 600, 32, 800), null);
  assert.equal(revealV(row, 968, 32, 800), null, "exactly below the title is in view");
});

test("type-ahead: letters typed in a row spell a name's start; a pause starts anew", () => {
  const typing = createTypeAhead();
  assert.equal(typeKey(typing, "s", 1000), "s");
  assert.equal(typeKey(typing, "m", 1300), "sm");
  assert.equal(typeKey(typing, "I", 1600), "smI");
  assert.equal(typeKey(typing, "b", 1600 + TYPE_AHEAD_PAUSE + 1), "b", "after a pause, a new name");
  assert.equal(typeKey(typing, " ", 2700), "b ", "a space goes on within a name");
  assert.equal(typeKey(typing, "'", 2800), "b '");
  assert.equal(typeKey(typing, "é", 2900), "b 'é", "any letter, not only ASCII");
});

test("type-ahead takes no key that is not one printable letter or digit to start with", () => {
  const typing = createTypeAhead();
  for (const key of ["Enter", "ArrowDown", "Shift", " ", "*", "/", "-", "F5"]) {
    assert.equal(typeKey(typing, key, 0), null, key);
  }
  assert.equal(typeKey(typing, "7", 0), "7");
  assert.equal(typeKey(typing, "?", 10), null, "punctuation within a name is not a name's");
  assert.equal(typeKey(typing, "👍", 20), null);
});

test("the selection's keys: Ctrl/Cmd+A, Escape, Space unless a name is being typed, Shift+arrows", async () => {
  const { selectionCommand } = await import("../../Public/input/model/keys.js");
  const { createTypeAhead, typeKey, typingAt } = await import("../../Public/input/model/typeAhead.js");
  assert.equal(selectionCommand({ key: "a", ctrlKey: true }), "all");
  assert.equal(selectionCommand({ key: "A", metaKey: true, shiftKey: true }), "all");
  assert.equal(selectionCommand({ key: "c", ctrlKey: true }), null);
  assert.equal(selectionCommand({ key: "Escape" }), "clear");
  assert.equal(selectionCommand({ key: " " }), "toggle");
  assert.equal(selectionCommand({ key: "ArrowDown", shiftKey: true }), "extend");
  assert.equal(selectionCommand({ key: "ArrowUp", shiftKey: true }), "extend");
  assert.equal(selectionCommand({ key: "ArrowDown" }), null, "a plain arrow moves the focus only");
  assert.equal(selectionCommand({ key: "a" }), null, "a letter is type-ahead's");
  // While a name is typed, a space goes on with it ("van d"), as in native lists.
  const typing = createTypeAhead();
  assert.equal(typingAt(typing, 0), false);
  typeKey(typing, "v", 1000);
  typeKey(typing, "a", 1100);
  assert.equal(typingAt(typing, 1300), true);
  assert.equal(selectionCommand({ key: " " }, typingAt(typing, 1300)), null);
  assert.equal(typeKey(typing, " ", 1300), "va ");
  assert.equal(selectionCommand({ key: " " }, typingAt(typing, 5000)), "toggle", "after the pause Space selects again");
});
