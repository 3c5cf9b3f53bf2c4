// What the page asks the server for: the /window URL for where the list is (or
// for the row it is going to), and the /sections URL of the query shown.

import { expansionParams } from "./expansion.js";

/** The most overscan asked for, px (the server's own limit is higher). */
export const MAX_OVERSCAN = 5000;
/** The most height asked for, px. */
export const MAX_HEIGHT = 20000;
/** The largest round trip (ms) and speed (px/s, either way) the server takes. */
export const MAX_RTT = 10000;
export const MAX_SPEED = 1_000_000;

/**
 * The /window request for `at`:
 * - `row` (not null): that row just below the sticky title, `height` the rows
 *   below it and the same margins as overscan;
 * - `name` (not null): the same for the first contact whose sort name starts
 *   with it (type-ahead; the server finds the row);
 * - otherwise the window at `v` (or at 0 when `top`: a new query's first window
 *   is asked for at its top before `v` moves there).
 * It asks for the viewport plus `margin` above and below (prefetch; half a
 * viewport unless given), shifted at the list's ends so the window always spans
 * as many rows: the slot pool grows only when the margins (or the server's
 * lookahead) do, never with the place in the list. The
 * viewport part is asked as the window itself (offset `v`, where the server looks
 * for the contact to anchor on) and the margins as overscan; at the ends one or
 * the other grows so that the span stays the same.
 * `query` adds q, `view` filter and `label` label (`filterParams`); `session` (not null) adds session and `ack`; `rtt` (ms, not
 * null) adds rtt and `speed` (px/s), for the server's lookahead; `expansions` (a Map id -> true
 * to expand, false to collapse) adds expand and collapse.
 *
 * @param {{row: number|null, name?: string|null, top: boolean, v: number, viewport: number, sticky: number,
 *          contentHeight: number, query: string, view?: string, label?: string, session: string|null, ack: number|null,
 *          margin?: number, rtt?: number|null, speed?: number}} at
 * @returns {{url: string, asked: number|null, low: number, high: number}} `asked`: the
 *   offset asked for (null for a row or a name); `low`..`high`: the px it covers (a row's: unknown, the whole list)
 */
export function windowRequest(at) {
  const margin = Math.round(at.margin ?? at.viewport / 2);
  let url;
  let asked = null;
  let low = 0;
  let high = Infinity;
  if (at.row !== null || at.name) {
    const place = at.row !== null ? `row=${at.row}` : `name=${encodeURIComponent(at.name)}`;
    url = `/window?${place}&height=${Math.max(1, at.viewport - at.sticky)}&overscan=${Math.min(MAX_OVERSCAN, margin)}`;
  } else {
    const v = at.top ? 0 : at.v;
    const span = Math.max(1, at.viewport + 2 * margin);
    const start = Math.max(0, Math.min(v - margin, at.contentHeight - span));
    const overscan = Math.min(MAX_OVERSCAN, Math.max(margin, v - start));
    const height = Math.max(at.viewport, start + span - v - overscan);
    asked = v;
    const asks = Math.max(1, Math.min(height, MAX_HEIGHT));
    url = `/window?offset=${asked}&height=${asks}&overscan=${overscan}`;
    low = asked - overscan;
    high = asked + asks + overscan;
  }
  url += filterParams(at.query, at.view, at.label) + expansionParams(at.expansions);
  if (at.session !== null) url += `&session=${encodeURIComponent(at.session)}&ack=${at.ack}`;
  if (at.rtt !== undefined && at.rtt !== null) {
    const speed = Math.max(-MAX_SPEED, Math.min(MAX_SPEED, Math.round(at.speed ?? 0)));
    url += `&rtt=${Math.min(MAX_RTT, Math.round(at.rtt))}&speed=${speed}`;
  }
  return { url, asked, low, high };
}

/** The parameters of query `query` ("" none), view `view` ("favorites", or "all" and
 *  undefined for every contact) and label `label` ("" and undefined none), each
 *  with its `&`. */
export function filterParams(query, view, label) {
  let params = "";
  if (query) params += `&q=${encodeURIComponent(query)}`;
  if (view === "favorites") params += "&filter=favorites";
  if (label) params += `&label=${encodeURIComponent(label)}`;
  return params;
}

/** The /sections URL of query `query` ("" the whole list), through view `view` and
 *  label `label` (as `filterParams` takes them). */
export function sectionsUrl(query, view, label) {
  const params = filterParams(query, view, label);
  return params ? `/sections?${params.slice(1)}` : "/sections";
}
