import { test } from "node:test";
import assert from "node:assert/strict";

import { createSearchState, fieldKey, handOver, queryHash, slashFocuses, startWith } from "../../Public/search/model/search.js";

test("the first query remembers where the user was; clearing it goes back there", () => {
  const state = createSearchState();
  let asked = 0;
  const where = () => { asked += 1; return 4321; };
  assert.deepEqual(handOver(state, "an", null, where), { q: "an", row: null });
  assert.deepEqual(handOver(state, "anna", null, where), { q: "anna", row: null });
  assert.equal(asked, 1, "only the search's start records the row");
  assert.deepEqual(handOver(state, "", null, where), { q: "", row: 4321 });
  assert.equal(state.returnRow, null);
});

test("the same query again is no change, unless a row is asked for", () => {
  const state = createSearchState();
  handOver(state, "anna", null, () => 0);
  assert.equal(handOver(state, "  anna ", null, () => 0), null);
  assert.deepEqual(handOver(state, "anna", 12, () => 0), { q: "anna", row: 12 });
});

test("text without a word is the whole list: no query, and no change from none", () => {
  const state = createSearchState();
  assert.equal(handOver(state, " - ", null, () => 0), null);
});

test("a search the page starts with (a link) counts as handed over", () => {
  const state = createSearchState();
  startWith(state, "mu");
  assert.equal(handOver(state, "mu", null, () => 0), null);
  assert.deepEqual(handOver(state, "", null, () => 0), { q: "", row: null }, "no row to go back to");
});

test("keys in the field: Enter applies, Escape clears (or leaves an empty field), ArrowDown applies and leaves", () => {
  const state = createSearchState();
  assert.equal(fieldKey(state, "Enter", "x"), "apply");
  assert.equal(fieldKey(state, "Escape", "x"), "clear");
  assert.equal(fieldKey(state, "Escape", ""), "leave");
  handOver(state, "bo", null, () => 0);
  assert.equal(fieldKey(state, "Escape", ""), "clear", "an applied search still ends");
  assert.equal(fieldKey(state, "ArrowDown", "bo"), "apply-leave");
  assert.equal(fieldKey(state, "a", "bo"), null);
});

test("/ focuses the field from anywhere but a text field, without modifiers", () => {
  const key = { key: "/", altKey: false, ctrlKey: false, metaKey: false, defaultPrevented: false, inText: false };
  assert.equal(slashFocuses(key), true);
  assert.equal(slashFocuses({ ...key, inText: true }), false);
  assert.equal(slashFocuses({ ...key, ctrlKey: true }), false);
  assert.equal(slashFocuses({ ...key, defaultPrevented: true }), false);
  assert.equal(slashFocuses({ ...key, key: "?" }), false);
});

test("the URL follows the query, but not over the detail pane's link", () => {
  assert.equal(queryHash("", "anna"), "#q=anna");
  assert.equal(queryHash("#q=anna", "anna"), null);
  assert.equal(queryHash("#q=anna&row=5", ""), "");
  assert.equal(queryHash("#id=9", "anna"), null);
});
