import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { letterAt, letterStride, shownLetters } from "../../Public/input/model/scrubber.js";
import { letterState, letterTitles, lettersChanged, sectionAt, sectionOfRow, sectionRow, stickyTitle } from "../../Public/list/model/sections.js";

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

/** A locale's sections as /sections gives them: 60 Cyrillic, Latin-extended and kana
 *  titles and `#` last, each with contacts of 56 px (the second of every three empty). */
function localeSections() {
  const cyrillic = [..."АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЭЮЯ"];
  const kana = [..."あかさたなはまやらわアカサタナハマヤラワ"];
  const more = [..."ÅÄÖØÆŁŚŹŻΩ"];
  const titles = [...cyrillic, ...kana, ...more, "#"];
  let firstRow = 0;
  let top = 0;
  return titles.map((title, i) => {
    const rows = i % 3 === 1 ? 0 : i + 1;
    const height = rows ? 28 + 56 * rows : 0;
    const section = { title, rows, firstRow, top, height };
    firstRow += rows;
    top += height;
    return section;
  });
}

test("the index's letters are the answer's titles in its order, any script and any number", () => {
  const many = localeSections();
  assert.equal(many.length, 60);
  assert.deepEqual(letterTitles(many), many.map((s) => s.title));
  assert.equal(letterTitles(many).at(-1), "#");
  assert.deepEqual(letterTitles(sections), ["A", "B", "C", "#"], "no letter an answer does not name");
  assert.deepEqual(letterTitles([...sections, { title: "A", rows: 1 }]), ["A", "B", "C", "#"], "each once");
});

test("the index is made again only when an answer names a title it lacks", () => {
  const many = localeSections();
  assert.equal(lettersChanged(letterTitles(many), many), false);
  assert.equal(lettersChanged(letterTitles(many), many.slice(0, 10)), false, "a shorter answer disables, never drops");
  assert.equal(lettersChanged(letterTitles(sections), many), true, "another locale's letters");
});

test("kana, Cyrillic and # jump to their rows, say so, and name the row's section", () => {
  const many = localeSections();
  for (const section of many) {
    assert.equal(sectionRow(many, section.title), section.rows ? section.firstRow : null, section.title);
    if (section.rows) assert.equal(sectionOfRow(many, section.firstRow + section.rows - 1), section.title);
    if (section.rows) assert.equal(stickyTitle(many, section.top + 1), section.title);
  }
  assert.ok(["Я", "あ", "ア", "Ω", "#"].every((t) => letterTitles(many).includes(t)));
  assert.deepEqual(letterState(many, "А"), { disabled: false, label: "Jump to А" });
  assert.deepEqual(letterState(many, "Б"), { disabled: true, label: "Б: no contacts" }, "an empty one");
});

test("where they do not fit, every k-th letter shows, # always, the rest reached between them", () => {
  assert.deepEqual(shownLetters(5, 1), [true, true, true, true, true]);
  assert.deepEqual(shownLetters(6, 2), [true, false, true, false, true, true]);
  assert.equal(letterStride(27, 1000, 24), 1, "27 fit in 1000 px");
  for (const [count, height] of [[60, 300], [300, 700], [27, 250], [300, 200]]) {
    const stride = letterStride(count, height, 24);
    const shown = shownLetters(count, stride);
    assert.ok(shown.filter(Boolean).length <= Math.floor(height / 24), `${count} in ${height} px: ${stride}`);
    assert.ok(shown[0] && shown[count - 1], "the first and # show");
    if (stride > 1) assert.ok(shownLetters(count, stride - 1).filter(Boolean).length > Math.floor(height / 24), "the least hidden");
    // a finger between two shown letters reaches the hidden ones between them
    const centres = shown.flatMap((on, i) => (on ? [[i, i * 10]] : []));
    const reached = new Set();
    for (let y = 0; y <= (count - 1) * 10; y++) reached.add(letterAt(centres, y));
    assert.equal(reached.size, count, "every letter, hidden or not");
  }
});

test("a letter without contacts is disabled and says so", () => {
  assert.deepEqual(letterState(sections, "A"), { disabled: false, label: "Jump to A" });
  assert.deepEqual(letterState(sections, "B"), { disabled: true, label: "B: no contacts" });
  assert.deepEqual(letterState(sections, "Z"), { disabled: true, label: "Z: no contacts" }, "absent from the answer");
});
