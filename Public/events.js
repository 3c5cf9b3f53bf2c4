// Live updates: one EventSource on /events for the page's life. Each `version`
// event ({version, total, contentHeight}) is passed on as a "roster:version"
// event on the document; the list and the detail pane decide what to ask for.
//
// EventSource reconnects by itself after a dropped connection (sending
// Last-Event-ID), but gives up for good on an HTTP error answer (a 503 while
// the database is down, a proxy's 502): then a new one is opened after a pause
// that grows, and its first event (the current version) catches the page up.

const FIRST_RETRY = 1000; // ms
const LAST_RETRY = 30000;

let retry = FIRST_RETRY;

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("version", (event) => {
    retry = FIRST_RETRY;
    let data;
    try { data = JSON.parse(event.data); } catch { return; }
    if (typeof data.version !== "number") return;
    document.dispatchEvent(new CustomEvent("roster:version", { detail: data }));
  });
  source.addEventListener("error", () => {
    if (source.readyState !== EventSource.CLOSED) return; // reconnecting by itself
    setTimeout(connect, retry);
    retry = Math.min(LAST_RETRY, retry * 2);
  });
}

connect();
