// The sections' geometry from /sections, without the DOM: which section a
// content offset is in (the sticky title), where a letter of the index jumps,
// and what each letter of the index says.

/** The sections of the contract, in list order (A to Z, then #). */
export const TITLES = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ#"];

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

/** The index's letters, in order: the contract's, then any other title an answer has. */
export function letterTitles(sections) {
  return [...TITLES, ...sections.map((s) => s.title).filter((t) => !TITLES.includes(t))];
}

/**
 * How the letter `title` shows for `sections`: {disabled, label}. A section with
 * no contact (none of a search's results, or absent from the answer) is disabled.
 */
export function letterState(sections, title) {
  const rows = sections.find((s) => s.title === title)?.rows ?? 0;
  return { disabled: rows === 0, label: rows ? `Jump to ${title}` : `${title}: no contacts` };
}
