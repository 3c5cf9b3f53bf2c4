// The list's requests: /window (one at a time, retried with a growing pause
// when it fails) and /sections (of the query shown; a burst of changes loads it
// once more at most; while a first start prepares the list, asked again as the
// server's Retry-After says, the progress shown meanwhile). What to ask and what
// an answer means are list/model/list.js's; this file fetches and hands the answers over.

import { coalesced } from "../common/model/coalesce.js";
import { word } from "../common/model/words.js";
import { preparingPercent, retryAfter } from "../net/model/firstStart.js";
import { sectionsUrl } from "./model/requests.js";
import {
  answered, beginRequest, dropRequest, failed, isCurrent, queryRefused, refused, sectionsArrived, sectionsAsked, takeSize,
} from "./model/list.js";
import { heldByBrowser, startFromFirst } from "./model/firstWindow.js";

/**
 * The requests of list `state`. `sticky`: the sticky title's px; `schedule()`
 * asks for a frame; `status` is status/status.js's; `get(url, init)` fetches
 * (signin/signIn.js's: a 401 waits for the sign-in, then asks again);
 * `onSections(sections)` shows a new /sections answer. Returns {request, begin, loadSections, abort, replace, retrying}.
 */
export function createWindows({ state, sticky, schedule, status, onSections, get = fetch }) {
  let controller = null; // aborts the window request in flight when the query changes
  let retryTimer = 0;

  /** Asks for the window the list needs; its answer waits for the next frame. */
  async function request() {
    const ticket = beginRequest(state, sticky, performance.now());
    const mine = controller = new AbortController();
    try {
      const response = await get(ticket.url, { headers: { Accept: "application/json" }, signal: mine.signal });
      if (!isCurrent(state, ticket)) return; // an older query's: the new one was asked for anew
      const refusal = refused(state, ticket, response.status);
      if (refusal === "row") return schedule();
      if (refusal === "query") {
        // The query itself is refused (past the server's limits): say why, and ask
        // again only when the field changes.
        const answer = await response.json().catch(() => null);
        if (!isCurrent(state, ticket)) return;
        queryRefused(state);
        return status.showMessage(word("search.refused", { why: answer?.message ?? word("search.refusedWhy") }));
      }
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const text = await response.text();
      const answer = JSON.parse(text);
      if (!isCurrent(state, ticket)) return;
      // (An answer that cannot be applied is dropped there: the next frame asks again.)
      answered(state, ticket, answer, Number(response.headers.get("content-length")) || text.length, performance.now());
      schedule();
    } catch (error) {
      if (!isCurrent(state, ticket)) return; // aborted for a newer query
      const delay = failed(state, ticket);
      status.showOffline(delay, error);
      retryTimer = setTimeout(() => { retryTimer = 0; schedule(); }, delay);
    }
  }

  /** Loads /sections of the query shown; resolves to the answer (null when it
   *  failed or answers an older query). */
  const loadSections = coalesced(async () => {
    const generation = sectionsAsked(state);
    let response = await get(sectionsUrl(state.query, state.view, state.label)).catch(() => null);
    let answer = response ? await response.json().catch(() => null) : null;
    for (let percent; (percent = preparingPercent(response?.status, answer)) !== null;) {
      status.showPreparing(percent);
      await new Promise((resolve) => setTimeout(resolve, retryAfter(response.headers.get("Retry-After"))));
      response = await get(sectionsUrl(state.query, state.view, state.label)).catch(() => null);
      answer = response ? await response.json().catch(() => null) : null;
    }
    if (!response?.ok) answer = null;
    if (!sectionsArrived(state, generation, answer)) return null;
    onSections(answer.sections);
    return answer;
  });

  /** The list's first sections and size: GET /'s embedded ones when `first` (list/model/firstWindow.js's:
   *  its window then waits for the next frame, no request made), else asked for. */
  async function begin(first) {
    if (first) {
      // The page's own request to its first byte is the first window's round trip: the
      // margins asked next are sized by it, not by a request sent while the page boots.
      const page = performance.getEntriesByType?.("navigation")?.[0];
      if (page && page.responseStart > page.requestStart) state.rtt = page.responseStart - page.requestStart;
      return onSections(startFromFirst(state, first, !heldByBrowser(page)));
    }
    const answer = await loadSections();
    if (answer) takeSize(state, answer);
  }

  return {
    request,
    begin,
    loadSections,
    /** Aborts the window request in flight (its answer would be an older query's). */
    abort() {
      controller?.abort();
      controller = null;
    },
    /** Gives up the request in flight (a jump it cannot cover) and asks for the window now. */
    replace() {
      dropRequest(state);
      controller?.abort();
      controller = null;
      request();
    },
    /** Whether a retry is waiting for its time. */
    retrying: () => retryTimer !== 0,
  };
}
