// The sections' geometry from /sections, without the DOM: which section a
// content offset is in (the sticky title), where a letter of the index jumps,
// and what each letter of the index says. The titles are the answer's, any
// number of them in any script (the list's locale chooses them), never a fixed set.

import { word } from "../../common/model/words.js";

/** The last non-empty section whose top is at or above `v`, or null. */
export function sectionAt(sections, v) {
  let found = null;
  for (const section of sections) {
    if (section.height > 0 && section.top <= v) found = section;
  }
  return found;
}

/** The sticky title at `v`: none at the very top, where the first header itself shows. */
export function stickyTitle(sections, v) {
  const section = sectionAt(sections, v);
  return section && v > 0 ? section.title : "";
}

/** The title of the section contact `row` is in, or "" when no section holds it. */
export function sectionOfRow(sections, row) {
  const section = sections.find((s) => s.rows > 0 && row >= s.firstRow && row < s.firstRow + s.rows);
  return section ? section.title : "";
}

/** The first row of section `title`, where its letter jumps; null when it has no row. */
export function sectionRow(sections, title) {
  const section = sections.find((s) => s.title === title);
  return section && section.rows > 0 ? section.firstRow : null;
}

/** The index's letters, in order: the titles of /sections' answer as it gives them
 *  (whatever the list's language: "A".."Z", "А".."Я", "あ", "ㄱ"..., then "#"), each once. */
export function letterTitles(sections) {
  return [...new Set(sections.map((s) => s.title))];
}

/** Whether the index made for `shown` (its titles) must be made again for `sections`:
 *  an answer names a title it lacks (the list's sections changed, as with its locale). */
export function lettersChanged(shown, sections) {
  const have = new Set(shown);
  return sections.some((s) => !have.has(s.title));
}

/**
 * How the letter `title` shows for `sections`: {disabled, label}. A section with
 * no contact (none of a search's results, or absent from the answer) is disabled.
 */
export function letterState(sections, title) {
  const rows = sections.find((s) => s.title === title)?.rows ?? 0;
  return { disabled: rows === 0, label: word(rows ? "index.jump" : "index.empty", { title }) };
}
