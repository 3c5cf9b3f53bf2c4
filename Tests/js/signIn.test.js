// The sign-in's decisions: which answers ask for it, requests that wait for it and
// go again, the form opened once however many requests were refused, and what a
// /login answer says.
import "./english.js";
import { test } from "node:test";
import assert from "node:assert/strict";

import {
  createSignIn, loginOutcome, needsSignIn, signInNeeded, signedIn, throughSignIn,
} from "../../Public/signin/model/signIn.js";

/** A sender answering `statuses` in turn (the last one again once they run out). */
function answers(...statuses) {
  const sent = [];
  const send = async () => {
    sent.push(statuses[Math.min(sent.length, statuses.length - 1)]);
    return { status: sent.at(-1) };
  };
  return { send, sent };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("only a 401 asks for a sign-in", () => {
  assert.equal(needsSignIn(401), true);
  for (const status of [200, 204, 400, 403, 404, 429, 503, 0]) assert.equal(needsSignIn(status), false, `${status}`);
});

test("an answer that is not a 401 passes through at once", async () => {
  const state = createSignIn();
  const { send, sent } = answers(200);
  let shown = 0;
  const { response, waited } = await throughSignIn(state, send, () => { shown += 1; });
  assert.deepEqual([response.status, waited, shown, sent.length], [200, false, 0, 1]);
});

test("a 401 opens the form, waits for the sign-in, then sends again", async () => {
  const state = createSignIn();
  const { send, sent } = answers(401, 200);
  let shown = 0;
  const pending = throughSignIn(state, send, () => { shown += 1; });
  await tick();
  assert.deepEqual([shown, sent.length], [1, 1], "asked once, nothing sent again before the sign-in");
  await tick();
  assert.equal(sent.length, 1, "a request never retries by itself while the form is open");
  signedIn(state);
  const { response, waited } = await pending;
  assert.deepEqual([response.status, waited, sent.length], [200, true, 2]);
});

test("many refused requests open the form once and all carry on after one sign-in", async () => {
  const state = createSignIn();
  let shown = 0;
  const show = () => { shown += 1; };
  const senders = [answers(401, 200), answers(401, 204), answers(401, 200)];
  const pending = senders.map(({ send }) => throughSignIn(state, send, show));
  await tick();
  assert.equal(shown, 1);
  signedIn(state);
  const done = await Promise.all(pending);
  assert.deepEqual(done.map((d) => d.response.status), [200, 204, 200]);
  assert.deepEqual(senders.map((s) => s.sent.length), [2, 2, 2]);
  // A later 401 (the session expired) opens the form again.
  const again = throughSignIn(state, answers(401, 200).send, show);
  await tick();
  assert.equal(shown, 2);
  signedIn(state);
  assert.equal((await again).response.status, 200);
});

test("a request still refused after a sign-in waits for the next one", async () => {
  const state = createSignIn();
  const { send, sent } = answers(401, 401, 200);
  let shown = 0;
  const pending = throughSignIn(state, send, () => { shown += 1; });
  await tick();
  signedIn(state);
  await tick();
  await tick();
  assert.deepEqual([shown, sent.length], [2, 2]);
  signedIn(state);
  assert.equal((await pending).response.status, 200);
  assert.equal(sent.length, 3);
});

test("asking directly opens the form only when it is closed", async () => {
  const state = createSignIn();
  const first = signInNeeded(state);
  const second = signInNeeded(state);
  assert.deepEqual([first.show, second.show], [true, false]);
  let resolved = 0;
  first.wait.then(() => { resolved += 1; });
  second.wait.then(() => { resolved += 1; });
  signedIn(state);
  await tick();
  assert.equal(resolved, 2);
  assert.equal(signInNeeded(state).show, true);
});

test("what a /login answer says", () => {
  assert.deepEqual(loginOutcome(204, null, null), { ok: true, message: "", wait: 0 });
  const wrong = loginOutcome(401, { error: "unauthorized", message: "x" }, null);
  assert.equal(wrong.ok, false);
  assert.match(wrong.message, /not this server's admin token/);
  assert.deepEqual(loginOutcome(429, {}, "12"),
    { ok: false, message: "Too many wrong tokens from here. Try again in 12 s.", wait: 12 });
  assert.equal(loginOutcome(429, {}, "0.2").wait, 1, "at least a second");
  assert.equal(loginOutcome(429, {}, null).wait, 60, "no Retry-After: a minute");
  assert.match(loginOutcome(0, null, null).message, /could not be reached/);
  assert.equal(loginOutcome(403, { message: "sign-ins are accepted only from this server's own page." }, null).message,
    "Not signed in: sign-ins are accepted only from this server's own page.");
  assert.equal(loginOutcome(500, null, null).message, "Not signed in: the server answered 500.");
});
