// The status line's words, the event stream's decisions, and coalescing.
import { test } from "node:test";
import assert from "node:assert/strict";

import { coalesced } from "../../Public/coalesce.js";
import { FIRST_RETRY, LAST_RETRY, nextRetry, readVersion } from "../../Public/live.js";
import { countText, offlineText, reuseText } from "../../Public/statusText.js";

test("the status line counts contacts, or a search's matches", () => {
  assert.deepEqual(countText(1_000_000, ""), { count: `${(1_000_000).toLocaleString()} contacts`, none: "" });
  assert.deepEqual(countText(1, "anna"), { count: "1 contact matches “anna”", none: "" });
  assert.equal(countText(7, "anna").count, "7 contacts match “anna”");
  assert.deepEqual(countText(0, "zzqx"), { count: "No contacts match “zzqx”", none: "No contacts match “zzqx”" });
  assert.equal(countText(0, "").none, "", "an empty list is not an empty search");
});

test("offline says when it tries again, and why", () => {
  assert.equal(offlineText(2500, new Error("HTTP 503")), "Offline: retrying in 2.5 s (HTTP 503)");
  assert.equal(offlineText(250, null), "Offline: retrying in 0.3 s (no answer)");
});

test("the reuse figures", () => {
  const update = { first: 10, last: 24, stats: { created: { contact: 30, header: 2 }, visible: 15, pooled: 17 } };
  assert.equal(reuseText(update, 2048),
    `32 slots created (30 contact, 2 header) for 15 rows shown · 15 visible, 17 pooled · last window ${(2048).toLocaleString()} bytes`);
  assert.match(reuseText({ ...update, first: null, last: null }, 0), / for 0 rows shown /);
});

test("a new event stream waits twice as long each time, at most 30 s", () => {
  const waits = [FIRST_RETRY];
  for (let i = 0; i < 6; i += 1) waits.push(nextRetry(waits.at(-1)));
  assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  assert.equal(LAST_RETRY, 30000);
});

test("a version event is taken only with a numeric version", () => {
  assert.deepEqual(readVersion('{"version": 3, "total": 9, "contentHeight": 500}'), { version: 3, total: 9, contentHeight: 500 });
  assert.equal(readVersion('{"version": "3"}'), null);
  assert.equal(readVersion("null"), null);
  assert.equal(readVersion("{"), null);
});

test("a burst of calls while one runs makes one more run, not one each", async () => {
  let runs = 0;
  let finish = null;
  const load = coalesced(() => { runs += 1; return new Promise((done) => { finish = done; }); });
  const first = load();
  const again = [load(), load(), load()];
  assert.equal(runs, 1);
  finish("one");
  assert.deepEqual(await Promise.all([first, ...again]), ["one", "one", "one", "one"], "callers get the run on its way");
  await new Promise((done) => setImmediate(done));
  assert.equal(runs, 2, "the calls made while it ran make one more");
  finish("two");
  await new Promise((done) => setImmediate(done));
  assert.equal(runs, 2, "and no more");
  load();
  assert.equal(runs, 3, "idle again: a call runs at once");
});
