// The status line (the contact count, a search's count of matches, or why the list
// is offline), the empty result's message over the list, and the reuse figures
// behind a details toggle, written only while it is open. The words come from
// statusText.js.

import { countText, offlineText, reuseText } from "./statusText.js";

/**
 * Connects the status line of `doc` (#status, #reuse, #reuse-figures,
 * #list-empty). Returns {showWindow, showMessage, showOffline}.
 */
export function createStatus(doc) {
  const statusLine = doc.getElementById("status");
  const reuse = doc.getElementById("reuse");
  const reuseFigures = doc.getElementById("reuse-figures");
  const empty = doc.getElementById("list-empty");

  let offline = false;
  let last = null; // {update, bytes} of the last window applied

  function showReuse() {
    if (last) reuseFigures.textContent = reuseText(last.update, last.bytes);
  }

  reuse.addEventListener("toggle", showReuse);

  return {
    /** Shows the count of contacts, or of the matches of search `query` (and, when
     *  open, the reuse figures) after a window. */
    showWindow(update, bytes, query = "") {
      last = { update, bytes };
      if (offline) {
        offline = false;
        statusLine.classList.remove("offline");
      }
      const { count, none } = countText(update.total, query);
      if (statusLine.textContent !== count) statusLine.textContent = count;
      if (empty.textContent !== none) empty.textContent = none;
      if (empty.hidden !== !none) empty.hidden = !none;
      if (reuse.open) showReuse();
    },

    /** Shows `text` (a write that failed, say) in the status line until the next window. */
    showMessage(text) {
      statusLine.textContent = text;
      statusLine.classList.add("offline");
      offline = true; // the next window puts the count back
    },

    /** Says the list is offline and when it tries again. */
    showOffline(retryDelay, error) {
      offline = true;
      statusLine.textContent = offlineText(retryDelay, error);
      statusLine.classList.add("offline");
    },
  };
}
