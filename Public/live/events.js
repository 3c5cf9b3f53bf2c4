// Live updates: one EventSource on /events for the page's life. Each `version`
// event ({version, total, contentHeight}) is handed to `onVersion`; the list and
// the detail pane decide what to ask for.
//
// EventSource reconnects by itself after a dropped connection (sending
// Last-Event-ID), but gives up for good on an HTTP error answer (a 503 while
// the database is down, a proxy's 502, a 401 once the page is signed out) and
// does not say which. Then `recheck()` (signin/signIn.js's) asks whether the page is
// still signed in: when it is not, the stream is opened again as soon as the
// person has signed in; otherwise after a pause that grows. Its first event (the
// current version) catches the page up. The stream never posts /login itself.

import { FIRST_RETRY, nextRetry, readVersion } from "./model/events.js";

/** Opens the event stream; `onVersion(data)` for every version event. */
export function connectEvents(onVersion, recheck = async () => false) {
  let retry = FIRST_RETRY;

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("version", (event) => {
      retry = FIRST_RETRY;
      const data = readVersion(event.data);
      if (data) onVersion(data);
    });
    source.addEventListener("error", async () => {
      if (source.readyState !== EventSource.CLOSED) return; // reconnecting by itself
      if (await recheck().catch(() => false)) {
        retry = FIRST_RETRY;
        return connect(); // signed in again: at once
      }
      setTimeout(connect, retry);
      retry = nextRetry(retry);
    });
  }

  connect();
}
