// The event stream's decisions, without the DOM: what a version event says,
// and how long to wait before opening a stream the browser gave up on.

/** ms before the first new stream. */
export const FIRST_RETRY = 1000;
/** ms at most between new streams. */
export const LAST_RETRY = 30000;

/** The pause after `retry` ms: twice as long, at most LAST_RETRY. */
export function nextRetry(retry) {
  return Math.min(LAST_RETRY, retry * 2);
}

/** A version event's data ({version, total, contentHeight}), or null when it is not one. */
export function readVersion(text) {
  let data;
  try { data = JSON.parse(text); } catch { return null; }
  return data && typeof data.version === "number" ? data : null;
}
