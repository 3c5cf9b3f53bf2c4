// The selection model: contacts, never slots; toggles, ranges through rows never
// loaded, all-but counting, the requests' `select`, a view change, deletions.
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  MAX_IDS, clearSelection, createSelection, extendTo, isSelected, removeContacts, requestSelects, selectAll, selectOne,
  selectedCount, selecting, seenAt, showView, toggle, viewOf,
} from "../../Public/list/model/selection.js";

const list = { view: {}, version: 7 };
// Row r shows contact 1000 + r while loaded (rows 0..99 and 5000..5099 here).
const loaded = (row) => (row < 100 || (row >= 5000 && row < 5100) ? 1000 + row : null);
const at = (row) => ({ id: 1000 + row, row });

test("a click toggles one contact; its state goes with the contact, not a row", () => {
  const sel = createSelection();
  assert.equal(selecting(sel), false);
  toggle(sel, at(3), loaded, list);
  assert.ok(isSelected(sel, 1003, 3));
  assert.ok(isSelected(sel, 1003, 40), "the same contact at another row (inserts above) is still selected");
  assert.ok(!isSelected(sel, 1004, 3), "another contact in that row is not");
  assert.equal(selectedCount(sel, 1_000_000), 1);
  assert.deepEqual(requestSelects(sel), [{ ids: [1003] }]);
  toggle(sel, at(3), loaded, list);
  assert.equal(selecting(sel), false);
  assert.equal(selectedCount(sel, 1_000_000), 0);
  assert.deepEqual(requestSelects(sel), []);
});

test("Shift extends from the anchor over loaded rows as ids, and shrinks back", () => {
  const sel = createSelection();
  toggle(sel, at(10), loaded, list);
  for (const row of [11, 12, 13, 14]) extendTo(sel, at(row), loaded, list);
  assert.equal(selectedCount(sel, 1000), 5);
  assert.deepEqual(requestSelects(sel), [{ ids: [1010, 1011, 1012, 1013, 1014] }]);
  extendTo(sel, at(12), loaded, list); // Shift+ArrowUp twice
  assert.equal(selectedCount(sel, 1000), 3);
  assert.ok(!isSelected(sel, 1013, 13));
  extendTo(sel, at(8), loaded, list); // the other side of the anchor
  assert.deepEqual([...sel.ids].sort(), [1008, 1009, 1010]);
  toggle(sel, at(50), loaded, list); // a new anchor keeps what was chosen
  extendTo(sel, at(51), loaded, list);
  assert.equal(selectedCount(sel, 1000), 5);
});

test("a range through rows never loaded is kept as between [idA, idB] and counted by rows", () => {
  const sel = createSelection();
  toggle(sel, at(20), loaded, list);
  extendTo(sel, at(5010), loaded, list);
  assert.equal(selectedCount(sel, 1_000_000), 4991);
  assert.deepEqual(requestSelects(sel), [{ between: [1020, 6010], version: 7 }]);
  assert.ok(isSelected(sel, 777_777, 2500), "a contact inside, never loaded, shows selected when it comes");
  assert.ok(!isSelected(sel, 1019, 19) && !isSelected(sel, 6011, 5011));
  // Upwards: the range is named in the view's order either way.
  const up = createSelection();
  toggle(up, at(5010), loaded, list);
  extendTo(up, at(20), loaded, list);
  assert.deepEqual(requestSelects(up)[0].between, [1020, 6010]);
});

test("taking a contact out of a range splits it around the contact", () => {
  const sel = createSelection();
  toggle(sel, at(20), loaded, list);
  extendTo(sel, at(5010), loaded, list);
  toggle(sel, at(5005), loaded, list);
  assert.equal(selectedCount(sel, 1_000_000), 4990);
  assert.ok(!isSelected(sel, 6005, 5005));
  assert.ok(isSelected(sel, 6004, 5004) && isSelected(sel, 6006, 5006));
  assert.deepEqual(requestSelects(sel), [{ between: [1020, 6004], version: 7 }, { between: [6006, 6010], version: 7 }]);
  toggle(sel, at(5010), loaded, list); // an end
  toggle(sel, at(5008), loaded, list); // leaves 5006..5007 and 5009 alone
  assert.deepEqual(requestSelects(sel), [{ between: [1020, 6004], version: 7 }, { between: [6006, 6007], version: 7 }, { ids: [6009] }]);
  assert.equal(selectedCount(sel, 1_000_000), 4988);
});

test("select all counts total minus except, and asks all+except at its version and view", () => {
  const sel = createSelection();
  toggle(sel, at(1), loaded, list);
  selectAll(sel, { view: viewOf({ query: "smith", view: "favorites", label: "" }), version: 12 });
  assert.equal(selectedCount(sel, 1_000_000), 1_000_000);
  toggle(sel, at(2), loaded, list);
  toggle(sel, at(3), loaded, list);
  assert.equal(selectedCount(sel, 1_000_000), 999_998);
  assert.ok(!isSelected(sel, 1002, 2) && isSelected(sel, 1004, 4) && isSelected(sel, 424242, 9));
  assert.deepEqual(requestSelects(sel), [{ all: true, except: [1002, 1003], version: 12, view: { q: "smith", filter: "favorites" } }]);
  toggle(sel, at(2), loaded, list);
  assert.equal(selectedCount(sel, 1_000_000), 999_999);
  // The whole list names no view.
  selectAll(sel, { view: viewOf({}), version: 13 });
  assert.deepEqual(requestSelects(sel), [{ all: true, except: [], version: 13 }]);
});

test("another view clears it; the same view keeps it", () => {
  const sel = createSelection();
  const smith = viewOf({ query: "smith" });
  toggle(sel, at(1), loaded, { view: smith, version: 1 });
  assert.equal(showView(sel, viewOf({ query: "smith" })), false);
  assert.ok(selecting(sel));
  assert.equal(showView(sel, viewOf({ query: "smith", label: "Work" })), true);
  assert.equal(selecting(sel), false);
  selectAll(sel, { view: viewOf({}), version: 2 });
  assert.equal(showView(sel, viewOf({ view: "favorites" })), true);
  assert.equal(sel.all, false);
  clearSelection(sel);
  assert.equal(showView(sel, viewOf({ query: "x" })), false, "nothing to clear");
});

test("deleted contacts leave the selection, ids, excepts and ranges alike", () => {
  const sel = createSelection();
  toggle(sel, at(1), loaded, list);
  toggle(sel, at(2), loaded, list);
  removeContacts(sel, [{ id: 1001, row: 1 }]);
  assert.deepEqual([...sel.ids], [1002]);
  removeContacts(sel, [{ id: 1002, row: 1 }]);
  assert.equal(selecting(sel), false);
  // A range loses the rows deleted inside it; an end deleted is taken by the next contact.
  toggle(sel, at(20), loaded, list);
  extendTo(sel, at(5010), loaded, list);
  removeContacts(sel, [{ id: 3000, row: 300 }], () => null);
  assert.equal(selectedCount(sel, 1_000_000), 4990);
  removeContacts(sel, [{ id: 1020, row: 20 }], (row) => (row === 20 ? 1021 : null));
  assert.equal(selectedCount(sel, 1_000_000), 4989);
  assert.equal(requestSelects(sel)[0].between[0], 1021);
  // All but: a deleted exception leaves the exceptions (the total fell by it already).
  selectAll(sel, list);
  toggle(sel, at(5), loaded, list);
  removeContacts(sel, [{ id: 1005, row: 5 }]);
  assert.equal(selectedCount(sel, 999_999), 999_999);
});

test("a range's end seen at another row moves the range; a swipe selects one", () => {
  const sel = createSelection();
  toggle(sel, at(20), loaded, list);
  extendTo(sel, at(5010), loaded, list);
  seenAt(sel, 1020, 25); // five contacts came above
  assert.deepEqual([sel.ranges[0].from, sel.ranges[0].to], [25, 5015]);
  assert.ok(!isSelected(sel, 1022, 22));
  const one = createSelection();
  selectOne(one, at(4), list);
  selectOne(one, at(4), list);
  assert.equal(selectedCount(one, 10), 1, "selecting a selected contact keeps it");
});

test("more ids than one request may name go in lists of MAX_IDS", () => {
  const sel = createSelection();
  const many = (row) => 1 + row;
  toggle(sel, { id: 1, row: 0 }, many, list);
  extendTo(sel, { id: MAX_IDS + 5, row: MAX_IDS + 4 }, many, list);
  const selects = requestSelects(sel);
  assert.deepEqual(selects.map((s) => s.ids.length), [MAX_IDS, 5]);
  assert.equal(selectedCount(sel, 1e6), MAX_IDS + 5);
});
