import { test } from "node:test";
import assert from "node:assert/strict";

import { MAX_HEIGHT, MAX_OVERSCAN, sectionsUrl, windowRequest } from "../../Public/list/model/requests.js";

const at = (over) => ({
  row: null, top: false, v: 0, viewport: 800, sticky: 32, contentHeight: 1_000_000, query: "", session: null, ack: null, ...over,
});
const params = (url) => Object.fromEntries(new URL(url, "http://page.test").searchParams);

test("in the middle: the viewport at v, half a viewport of overscan each side", () => {
  const { url, asked } = windowRequest(at({ v: 50_000 }));
  assert.deepEqual(params(url), { offset: "50000", height: "800", overscan: "400" });
  assert.equal(asked, 50_000);
});

test("at the top the window is shifted down: the same span of rows as anywhere", () => {
  const got = params(windowRequest(at({ v: 0 })).url);
  // Nothing above: the span (800 + 2 * 400) is asked as the viewport plus what is below it.
  assert.equal(got.offset, "0");
  assert.equal(Number(got.height) + Number(got.overscan), 1600);
});

test("at the end the window is shifted up, so the span stays the same", () => {
  const v = 1_000_000 - 800;
  const got = params(windowRequest(at({ v })).url);
  assert.equal(got.offset, String(v));
  assert.equal(Number(got.overscan), 800, "the whole span's rest is above");
  assert.equal(Number(got.height), 800);
});

test("by row: the rows below the sticky title, the margins as overscan, no offset", () => {
  const { url, asked } = windowRequest(at({ row: 4242, v: 9999 }));
  assert.deepEqual(params(url), { row: "4242", height: "768", overscan: "400" });
  assert.equal(asked, null);
});

test("a new query's first window is asked at the top, wherever v is", () => {
  const { url, asked } = windowRequest(at({ top: true, v: 70_000 }));
  assert.equal(params(url).offset, "0");
  assert.equal(asked, 0);
});

test("q, session and ack are added (encoded) when there are some", () => {
  const got = params(windowRequest(at({ query: "o'brien & co", session: "a b", ack: 12 })).url);
  assert.equal(got.q, "o'brien & co");
  assert.equal(got.session, "a b");
  assert.equal(got.ack, "12");
  assert.equal("ack" in params(windowRequest(at({})).url), false);
});

test("a huge viewport is capped to the server's limits", () => {
  const got = params(windowRequest(at({ v: 500_000, viewport: 50_000 })).url);
  assert.equal(Number(got.overscan), MAX_OVERSCAN);
  assert.ok(Number(got.height) <= MAX_HEIGHT);
});

test("sections of the whole list or of a search", () => {
  assert.equal(sectionsUrl(""), "/sections");
  assert.equal(sectionsUrl("anna oslo"), "/sections?q=anna%20oslo");
});

test("the round trip and speed go with the request once a round trip is known, within the server's limits", () => {
  assert.equal(params(windowRequest(at({ v: 50_000 })).url).rtt, undefined, "no round trip yet: today's window");
  const got = params(windowRequest(at({ v: 50_000, rtt: 81.6, speed: -6123.4 })).url);
  assert.equal(got.rtt, "82");
  assert.equal(got.speed, "-6123");
  const huge = params(windowRequest(at({ v: 50_000, rtt: 1e9, speed: 1e12 })).url);
  assert.equal(huge.rtt, "10000");
  assert.equal(huge.speed, "1000000");
  assert.equal(params(windowRequest(at({ row: 7, rtt: 50, speed: 0 })).url).rtt, "50");
});

test("a margin asked replaces half a viewport; the request says the px it covers", () => {
  const { url, low, high } = windowRequest(at({ v: 50_000, margin: 1200 }));
  assert.deepEqual(params(url), { offset: "50000", height: "800", overscan: "1200" });
  assert.deepEqual([low, high], [48_800, 52_000]);
  const row = windowRequest(at({ row: 7 }));
  assert.deepEqual([row.low, row.high], [0, Infinity], "a row's place is the server's to say");
});
