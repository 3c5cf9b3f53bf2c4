// The status line (the contact count, a search's count of matches, a first start's
// progress, or why the list is offline) and the message over the list (a search
// that found nothing, the progress); the debug panel's figures after each window
// when the URL asks for it (status/debug.js). The words come from status/model/status.js.

import { createDebug } from "./debug.js";
import { countText, offlineText, preparingText } from "./model/status.js";

/**
 * Connects the status line of `doc` (#status, #list-empty, and #debug with
 * `?debug`). Returns {showWindow, showMessage, showOffline, showPreparing}.
 */
export function createStatus(doc) {
  const statusLine = doc.getElementById("status");
  const empty = doc.getElementById("list-empty");
  const debug = createDebug(doc);

  let offline = false;

  return {
    /** Shows the count of contacts, or of the matches of search `query`, after a
     *  window (`bytes` long: the debug panel's). */
    showWindow(update, bytes, query = "", filter = undefined) {
      if (offline) {
        offline = false;
        statusLine.classList.remove("offline");
      }
      const { count, none } = countText(update.total, query, filter);
      if (statusLine.textContent !== count) statusLine.textContent = count;
      if (empty.textContent !== none) empty.textContent = none;
      if (empty.hidden !== !none) empty.hidden = !none;
      debug?.showWindow(update, bytes);
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

    /** Says how far the server's first start has prepared the list, over the list
     *  too, until the first window replaces it. */
    showPreparing(percent) {
      const text = preparingText(percent);
      statusLine.textContent = text;
      empty.textContent = text;
      empty.hidden = false;
    },
  };
}
