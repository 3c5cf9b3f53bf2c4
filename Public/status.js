// The status line (the contact count, a search's count of matches, or why the list
// is offline), the empty result's message over the list, and the reuse figures
// behind a details toggle, written only while it is open.

const statusLine = document.getElementById("status");
const reuse = document.getElementById("reuse");
const reuseFigures = document.getElementById("reuse-figures");
const empty = document.getElementById("list-empty");

let offline = false;
let last = null; // {update, bytes} of the last window applied

/** Shows the count of contacts, or of the matches of search `query` (and, when
 *  open, the reuse figures) after a window. */
export function showWindow(update, bytes, query = "") {
  last = { update, bytes };
  if (offline) {
    offline = false;
    statusLine.classList.remove("offline");
  }
  const total = update.total;
  const none = query && total === 0 ? `No contacts match “${query}”` : "";
  const count = none || (query
    ? `${total.toLocaleString()} ${total === 1 ? "contact matches" : "contacts match"} “${query}”`
    : `${total.toLocaleString()} contacts`);
  if (statusLine.textContent !== count) statusLine.textContent = count;
  if (empty.textContent !== none) empty.textContent = none;
  if (empty.hidden !== !none) empty.hidden = !none;
  if (reuse.open) showReuse();
}

/** Shows `text` (a write that failed, say) in the status line until the next window. */
export function showMessage(text) {
  statusLine.textContent = text;
  statusLine.classList.add("offline");
  offline = true; // the next window puts the count back
}

/** Says the list is offline and when it tries again. */
export function showOffline(retryDelay, error) {
  offline = true;
  statusLine.textContent = `Offline: retrying in ${(retryDelay / 1000).toFixed(1)} s (${error?.message ?? "no answer"})`;
  statusLine.classList.add("offline");
}

function showReuse() {
  if (!last) return;
  const { update, bytes } = last;
  const stats = update.stats;
  const shown = update.last === null ? 0 : update.last - update.first + 1;
  const made = stats.created.contact + stats.created.header;
  reuseFigures.textContent =
    `${made.toLocaleString()} slots created (${stats.created.contact} contact, ${stats.created.header} header)` +
    ` for ${shown} rows shown · ${stats.visible} visible, ${stats.pooled} pooled` +
    ` · last window ${bytes.toLocaleString()} bytes`;
}

reuse.addEventListener("toggle", showReuse);
