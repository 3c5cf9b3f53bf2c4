// The view switch (All / Favourites) and the label picker, without the DOM: the
// picker's options from GET /labels, the filter a control asks for, the hash
// that follows it, and when the labels are asked for again.

import { word } from "../../common/model/words.js";
import { linkOf, readFilter, readLink, isDetailLink, sameFilter } from "../../common/model/link.js";

/** ms between two reads of /labels while writes keep coming. */
export const LABELS_EVERY = 1500;

/**
 * The picker's options for `/labels` answer `labels` ([{name, count}]) with
 * `current` chosen ("" every label): [{value, text, selected}], "All labels"
 * first. A chosen label no contact holds (a link, or its last contact
 * unlabelled) stays in the list with no count, so the picker says what is shown.
 */
export function labelOptions(labels, current) {
  const options = [{ value: "", text: word("views.allLabels"), selected: !current }];
  let found = false;
  for (const { name, count } of labels ?? []) {
    const selected = Boolean(current) && name.toLowerCase() === current.toLowerCase();
    found ||= selected;
    options.push({ value: name, text: word("views.labelCount", { name, count }), selected });
  }
  if (current && !found) options.push({ value: current, text: word("views.labelNone", { name: current }), selected: true });
  return options;
}

/** Whether two option lists draw the same picker (nothing to redraw). */
export function sameOptions(a, b) {
  return a.length === b.length && a.every((o, i) => o.value === b[i].value && o.text === b[i].text && o.selected === b[i].selected);
}

/** The filter after the view switch chose `view` ("all" or "favorites") over `filter`. */
export function withView(filter, view) {
  return { view: view === "favorites" ? "favorites" : "all", label: filter.label };
}

/** The filter after the picker chose `label` ("" every label) over `filter`. */
export function withLabel(filter, label) {
  return { view: filter.view, label: (label ?? "").trim() };
}

/**
 * The hash that shows `filter` from the list's top, keeping the search `hash`
 * holds; null to leave `hash` as it is (it says so already, or it is the detail
 * pane's, which keeps its link while the list changes under it).
 */
export function filterHash(hash, filter) {
  if (isDetailLink(hash)) return null;
  const { q } = readLink(hash);
  if (sameFilter(readFilter(hash), filter) && readLink(hash).row === null) return null;
  return linkOf(q ?? "", null, filter);
}

/** Whether /labels is asked for again at `now` (ms), the last read at `last`. */
export function labelsDue(last, now) {
  return last === null || now - last >= LABELS_EVERY;
}
