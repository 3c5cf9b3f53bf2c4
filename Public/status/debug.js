// The debug panel (#debug), shown only with `?debug` in the page's URL: the reuse
// figures of the last window answer (slots created by kind, rows shown, visible
// and pooled slots, the answer's bytes). Without it nothing is written; slots
// created and reused and the bytes, summed over every session, are in /metrics.

import { reuseText } from "./model/status.js";

/** Whether the page's query (`location.search`) asks for the debug panel. */
export function debugWanted(search) {
  return new URLSearchParams(search).has("debug");
}

/** The panel of `doc` when the URL asks for it: {showWindow(update, bytes)}; else null. */
export function createDebug(doc) {
  if (!debugWanted(doc.defaultView.location.search)) return null;
  const panel = doc.getElementById("debug");
  const figures = doc.getElementById("debug-figures");
  panel.hidden = false;
  return {
    /** Writes the figures of window answer `update`, `bytes` long. */
    showWindow(update, bytes) {
      figures.textContent = reuseText(update, bytes);
    },
  };
}
