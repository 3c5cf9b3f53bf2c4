// The list's position for screen readers: a polite live region (#position) that
// says where the list is once it rests after a jump or a search ("Row 500,001 of
// 1,000,000, M"), and nothing while it is wheeled or paged.

import { sectionOfRow } from "./model/sections.js";
import { positionText } from "../status/model/status.js";

/** Connects the live region of `doc`. Returns {jumped(), rest(row, total, sections)}. */
export function createPosition(doc) {
  const region = doc.getElementById("position");
  let pending = false;
  return {
    /** A jump or a search: the next rest is said. */
    jumped() {
      pending = true;
    },
    /** The list rests with contact `row` (null: none) at its top, of `total`. */
    rest(row, total, sections) {
      if (!pending || row === null) return;
      pending = false;
      const text = positionText(row, total, sectionOfRow(sections, row));
      if (text && region.textContent !== text) region.textContent = text;
    },
  };
}
