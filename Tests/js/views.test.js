import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { parseLabels, formValue, formContact, saveRequest, createDetailState, FIELDS } from "../../Public/detail/model/detail.js";
import { fieldMessage } from "../../Public/detail/model/fieldMessages.js";
import { ALL, linkOf, listHashChange, readFilter, readLink, rememberedHash } from "../../Public/common/model/link.js";
import { changeFilter, changeQuery, createListState, beginRequest, revealRow, takeSize } from "../../Public/list/model/list.js";
import { filterParams, sectionsUrl, windowRequest } from "../../Public/list/model/requests.js";
import { queryHash } from "../../Public/search/model/search.js";
import { countText } from "../../Public/status/model/status.js";
import { filterHash, labelOptions, labelsDue, LABELS_EVERY, sameOptions, withLabel, withView } from "../../Public/views/model/views.js";

const FAVOURITES = { view: "favorites", label: "" };

test("the hash holds the view and the label, with the search and the row", () => {
  assert.equal(linkOf("ann", 3, { view: "favorites", label: "Work & Play" }), "#view=favorites&label=Work%20%26%20Play&q=ann&row=3");
  assert.equal(linkOf("", null, FAVOURITES), "#view=favorites");
  assert.equal(linkOf("", null, { view: "all", label: "Work" }), "#label=Work");
  assert.deepEqual(readFilter("#view=favorites&label=Work%20%26%20Play&q=ann&row=3"), { view: "favorites", label: "Work & Play" });
  assert.deepEqual(readLink("#view=favorites&q=ann&row=3"), { q: "ann", row: 3 });
  assert.deepEqual(readFilter("#label=Work"), { view: "all", label: "Work" });
  assert.deepEqual(readFilter("#view=nonsense"), ALL);
  assert.deepEqual(readFilter("#id=4"), ALL, "the detail pane's link says nothing of the list");
  assert.deepEqual(readFilter("#q=x"), ALL);
});

test("a changed hash asks for another view or label, with its search when that changed too", () => {
  assert.deepEqual(listHashChange("#view=favorites", "", 0, 100, ALL), { filter: FAVOURITES, row: null });
  assert.deepEqual(listHashChange("#label=Work&q=ann", "", 0, 100, ALL),
    { filter: { view: "all", label: "Work" }, search: { q: "ann", row: null } });
  assert.deepEqual(listHashChange("#row=5", "", 0, 100, FAVOURITES), { filter: ALL, row: 5 }, "back to every contact");
  assert.equal(listHashChange("#view=favorites&row=0", "", 0, 100, FAVOURITES), null, "shown already");
  assert.deepEqual(listHashChange("#view=favorites&row=7", "", 0, 100, FAVOURITES), { row: 7 });
  assert.equal(listHashChange("#id=3", "", 0, 100, FAVOURITES), null, "the detail pane's link leaves the list alone");
});

test("the list remembers its row with its view and label; a search keeps them", () => {
  const list = { total: 3, dirty: false, inFlight: false, pendingRow: null, query: "ann", view: "favorites", label: "Work" };
  assert.equal(rememberedHash(list, "", 2), "#view=favorites&label=Work&q=ann&row=2");
  assert.equal(queryHash("#view=favorites&label=Work&row=9", "bo"), "#view=favorites&label=Work&q=bo");
  assert.equal(queryHash("#label=Work&q=bo", "bo"), null);
});

test("choosing a view or a label is another list from its top, as a new query is", () => {
  const state = createListState();
  state.viewport = 800;
  takeSize(state, { total: 1000, contentHeight: 60_000 });
  state.v = 5000;
  const generation = state.generation;
  assert.equal(changeFilter(state, FAVOURITES), true);
  assert.equal(state.generation, generation + 1);
  assert.equal(state.pendingTop, true);
  assert.equal(changeFilter(state, { view: "favorites", label: "" }), false, "the same list");
  assert.equal(changeFilter(state, { view: "favorites", label: "Work" }), true);
  const ticket = beginRequest(state, 32);
  assert.match(ticket.url, /^\/window\?offset=0&.*&filter=favorites&label=Work(&|$)/);
  assert.equal(changeQuery(state, "ann", null), true);
  assert.match(beginRequest(state, 32).url, /&q=ann&filter=favorites&label=Work/);
  assert.equal(revealRow(state, 40, false), null, "a filtered list's rows are not the whole list's");
  changeFilter(state, ALL);
  changeQuery(state, "", null);
  state.started = true;
  assert.equal(revealRow(state, 40, false), "go");
});

test("the filter's parameters, on windows and sections", () => {
  assert.equal(filterParams("", "all", ""), "");
  assert.equal(filterParams("o'b", "favorites", "Work/Home"), "&q=o'b&filter=favorites&label=Work%2FHome");
  assert.equal(sectionsUrl("", "favorites", ""), "/sections?filter=favorites");
  assert.equal(sectionsUrl("ann", undefined, "Golf"), "/sections?q=ann&label=Golf");
  assert.equal(sectionsUrl(""), "/sections");
  const { url } = windowRequest({ row: 4, top: false, v: 0, viewport: 800, sticky: 32, contentHeight: 1e5, query: "",
    view: "favorites", label: "", session: null, ack: null });
  assert.equal(url, "/window?row=4&height=768&overscan=400&filter=favorites");
});

test("the picker lists the labels with their counts; a chosen label none holds stays", () => {
  const labels = [{ name: "Golf", count: 2 }, { name: "Work", count: 1234 }];
  assert.deepEqual(labelOptions(labels, ""), [
    { value: "", text: "All labels", selected: true },
    { value: "Golf", text: "Golf (2)", selected: false },
    { value: "Work", text: "Work (1,234)", selected: false },
  ]);
  assert.deepEqual(labelOptions(labels, "work").filter((o) => o.selected), [{ value: "Work", text: "Work (1,234)", selected: true }]);
  assert.deepEqual(labelOptions([], "Chess").at(-1), { value: "Chess", text: "Chess (none)", selected: true });
  assert.equal(sameOptions(labelOptions(labels, ""), labelOptions(labels, "")), true);
  assert.equal(sameOptions(labelOptions(labels, ""), labelOptions(labels, "Golf")), false);
  assert.deepEqual(withView({ view: "all", label: "Golf" }, "favorites"), { view: "favorites", label: "Golf" });
  assert.deepEqual(withLabel(FAVOURITES, " Golf "), { view: "favorites", label: "Golf" });
  assert.equal(filterHash("#q=ann&row=40", FAVOURITES), "#view=favorites&q=ann", "from the top, the search kept");
  assert.equal(filterHash("#view=favorites", FAVOURITES), null);
  assert.equal(filterHash("#view=favorites", ALL), "");
  assert.equal(filterHash("#id=3", FAVOURITES), null);
  assert.equal(labelsDue(null, 0), true);
  assert.equal(labelsDue(1000, 1000 + LABELS_EVERY - 1), false);
  assert.equal(labelsDue(1000, 1000 + LABELS_EVERY), true);
});

test("the status says what the view and label show", () => {
  assert.deepEqual(countText(3, "", FAVOURITES), { count: "3 favourites", none: "" });
  assert.deepEqual(countText(0, "", FAVOURITES), { count: "No favourites", none: "No favourites" });
  assert.deepEqual(countText(1, "", { view: "all", label: "Work" }), { count: "1 contact labelled “Work”", none: "" });
  assert.equal(countText(0, "ann", { view: "favorites", label: "Work" }).none,
    "No contacts match “ann” among the favourites labelled “Work”");
  assert.equal(countText(2, "ann", ALL).count, "2 contacts match “ann”");
});

test("the labels field: names split at commas, sent as a list, only when they changed", () => {
  assert.ok(FIELDS.includes("labels"));
  assert.deepEqual(parseLabels(" Work, family ,, WORK,Golf "), ["Work", "family", "Golf"]);
  assert.deepEqual(parseLabels(""), []);
  assert.equal(formValue("labels", ["Work", "Golf"]), "Work, Golf");
  assert.equal(formValue("labels", undefined), "");
  assert.equal(formContact({ id: 1, labels: ["A"] }).labels, "A");
  const state = createDetailState();
  state.id = 42;
  const blank = Object.fromEntries(FIELDS.map((name) => [name, ""]));
  const shown = { ...blank, labels: "Work, Golf" };
  assert.equal(saveRequest(state, { ...shown, labels: "Work,Golf" }, shown), null, "the same names");
  assert.deepEqual(saveRequest(state, { ...shown, labels: "Work" }, shown),
    { method: "PATCH", path: "/contacts/42", body: { labels: ["Work"] } });
  assert.deepEqual(saveRequest(state, { ...shown, labels: "" }, shown).body, { labels: [] });
});

test("a refused label says what to change, in words", () => {
  const said = (message) => fieldMessage({ error: "invalid_field", field: "labels", message });
  assert.equal(said("labels: labels[0] is 101 characters long; a label may have at most 100"),
    "A label may have at most 100 characters.");
  assert.equal(said("labels: holds 51 labels; a contact may have at most 50"), "A contact may have at most 50 labels.");
  assert.equal(said("labels: labels[1] is empty: a label needs a name"), "Labels are names separated by commas.");
});
