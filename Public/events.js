// Live updates: one EventSource on /events for the page's life. Each `version`
// event ({version, total, contentHeight}) is handed to `onVersion`; the list and
// the detail pane decide what to ask for.
//
// EventSource reconnects by itself after a dropped connection (sending
// Last-Event-ID), but gives up for good on an HTTP error answer (a 503 while
// the database is down, a proxy's 502): then a new one is opened after a pause
// that grows, and its first event (the current version) catches the page up.

import { FIRST_RETRY, nextRetry, readVersion } from "./live.js";

/** Opens the event stream; `onVersion(data)` for every version event. */
export function connectEvents(onVersion) {
  let retry = FIRST_RETRY;

  function connect() {
    const source = new EventSource("/events");
    source.addEventListener("version", (event) => {
      retry = FIRST_RETRY;
      const data = readVersion(event.data);
      if (data) onVersion(data);
    });
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) return; // reconnecting by itself
      setTimeout(connect, retry);
      retry = nextRetry(retry);
    });
  }

  connect();
}
