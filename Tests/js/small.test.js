// The status line's words, the event stream's decisions, and coalescing.
import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import { coalesced } from "../../Public/common/model/coalesce.js";
import { FIRST_RETRY, LAST_RETRY, nextRetry, readVersion } from "../../Public/live/model/events.js";
import { countText, offlineText, preparingText, reuseText } from "../../Public/status/model/status.js";
import { PREPARING_RETRY, patientSend, preparingPercent, retryAfter } from "../../Public/net/model/firstStart.js";
import { debugWanted } from "../../Public/status/debug.js";

test("the status line counts contacts, or a search's matches", () => {
  assert.deepEqual(countText(1_000_000, ""), { count: `${(1_000_000).toLocaleString()} contacts`, none: "" });
  assert.deepEqual(countText(1, "anna"), { count: "1 contact matches “anna”", none: "" });
  assert.equal(countText(7, "anna").count, "7 contacts match “anna”");
  assert.deepEqual(countText(0, "zzqx"), { count: "No contacts match “zzqx”", none: "No contacts match “zzqx”" });
  assert.equal(countText(0, "").none, "", "an empty list is not an empty search");
  assert.equal(countText(1, "").count, "1 contact");
  assert.equal(countText(0, "").count, "0 contacts");
});

test("a first start's 503 says how far the list is, and when to ask again", () => {
  assert.equal(preparingPercent(503, { error: "seeding", message: "…", percent: 42 }), 42);
  assert.equal(preparingPercent(503, { error: "seeding" }), 0);
  assert.equal(preparingPercent(503, { error: "unavailable", message: "the database is down" }), null);
  assert.equal(preparingPercent(200, { total: 3 }), null);
  assert.equal(preparingPercent(undefined, null), null);
  assert.equal(preparingText(42), "Preparing the demo list: 42%");
  assert.equal(retryAfter("2"), 2000);
  assert.equal(retryAfter("600"), 30000);
  assert.equal(retryAfter(null), PREPARING_RETRY);
  assert.equal(retryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), PREPARING_RETRY);
});

test("a read asked while the list is prepared is asked again; a write never is", async () => {
  const answers = [
    { status: 503, json: { error: "seeding", percent: 10 } }, { status: 503, json: { error: "seeding", percent: 80 } },
    { status: 200, json: { id: 7 } },
  ];
  const sent = [];
  const waits = [];
  const send = async (method, path) => { sent.push(`${method} ${path}`); return answers.shift(); };
  const patient = patientSend(send, async (ms) => { waits.push(ms); });
  assert.deepEqual(await patient("GET", "/contacts/7"), { status: 200, json: { id: 7 } });
  assert.deepEqual(sent, ["GET /contacts/7", "GET /contacts/7", "GET /contacts/7"]);
  assert.deepEqual(waits, [PREPARING_RETRY, PREPARING_RETRY]);
  answers.push({ status: 503, json: { error: "seeding", percent: 90 } });
  assert.equal((await patient("PATCH", "/contacts/7", { body: {} })).status, 503);
  assert.equal(sent.length, 4, "the write went once");
});

test("the debug panel is asked for by ?debug in the page's URL", () => {
  assert.equal(debugWanted("?debug"), true);
  assert.equal(debugWanted("?x=1&debug=1"), true);
  assert.equal(debugWanted(""), false);
  assert.equal(debugWanted("?debugging"), false);
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

test("positionText says the row (1-based), the total and the section", async () => {
  const { positionText } = await import("../../Public/status/model/status.js");
  assert.equal(positionText(500000, 1000000, "M"), `Row ${(500001).toLocaleString()} of ${(1000000).toLocaleString()}, M`);
  assert.equal(positionText(0, 3), "Row 1 of 3");
  assert.equal(positionText(0, 0), "", "an empty list has no position");
});

test("sectionOfRow names the section a row is in", async () => {
  const { sectionOfRow } = await import("../../Public/list/model/sections.js");
  const sections = [
    { title: "A", rows: 3, firstRow: 0 }, { title: "B", rows: 0, firstRow: 3 }, { title: "C", rows: 2, firstRow: 3 },
  ];
  assert.deepEqual([0, 2, 3, 4, 5].map((row) => sectionOfRow(sections, row)), ["A", "A", "C", "C", ""]);
});

test("reachLinks: mailto: and tel: links of the e-mail and phone", async () => {
  const { reachLinks } = await import("../../Public/detail/model/detail.js");
  assert.deepEqual(reachLinks({ email: "ann@example.org", phone: "+1 (555) 010-2030" }), {
    mail: { href: "mailto:ann@example.org", text: "ann@example.org" },
    call: { href: "tel:+15550102030", text: "+1 (555) 010-2030" },
  });
  assert.equal(reachLinks({ email: "a b?c@x.org" }).mail.href, "mailto:a%20b%3Fc@x.org");
  assert.deepEqual(reachLinks({ email: "", phone: "n/a" }), { mail: null, call: null }, "a phone needs a digit");
  assert.deepEqual(reachLinks({}), { mail: null, call: null });
  assert.equal(reachLinks({ phone: "00 44+20 7946" }).call.href, "tel:0044207946", "a + only first");
  assert.deepEqual(
    reachLinks({ phone: "(020) 7946 0958", phone_e164: "+442079460958", phone_display: "020 7946 0958" }).call,
    { href: "tel:+442079460958", text: "020 7946 0958" }, "the E.164 form, shown as the list's region dials it");
  assert.deepEqual(reachLinks({ phone: "555-0123", phone_e164: null, phone_display: null }).call,
    { href: "tel:5550123", text: "555-0123" }, "no E.164 form: the digits");
});
