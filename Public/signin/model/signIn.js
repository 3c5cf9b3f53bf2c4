// The sign-in's decisions, without the DOM. A server listening off loopback
// answers the API 401 until the page holds a session (docs/security.md, "Security"): any
// request that gets a 401 waits here until the person signs in, then is sent
// again, so the list, the detail pane and the event stream carry on where they
// were. Only the person's own submit posts /login: nothing retries it.

import { word } from "../../common/model/words.js";

/** A fresh state: no sign-in asked for, nobody waiting. */
export function createSignIn() {
  return { asked: false, waiters: [] };
}

/** Whether an answer of `status` asks for a sign-in. */
export function needsSignIn(status) {
  return status === 401;
}

/**
 * A request got a 401: returns {show, wait}. `show` is true for the first one
 * (the form opens then; later ones find it open), `wait` resolves once signed in.
 */
export function signInNeeded(state) {
  const show = !state.asked;
  state.asked = true;
  const wait = new Promise((resolve) => state.waiters.push(resolve));
  return { show, wait };
}

/** Signed in: every request waiting is sent again. */
export function signedIn(state) {
  const waiters = state.waiters;
  state.asked = false;
  state.waiters = [];
  for (const resolve of waiters) resolve();
}

/**
 * Sends with `send()` (resolving to a response with a `status`); while the answer
 * is a 401, calls `show()` when the form is not open yet, waits for the sign-in
 * and sends again. Resolves to {response, waited}.
 */
export async function throughSignIn(state, send, show) {
  let waited = false;
  for (;;) {
    const response = await send();
    if (!needsSignIn(response.status)) return { response, waited };
    const { show: first, wait } = signInNeeded(state);
    if (first) show();
    waited = true;
    await wait;
  }
}

/**
 * What the answer to POST /login says, in plain words: {ok, message, wait}
 * (`wait`: the seconds before another try is taken, after a 429; `retryAfter`
 * is its Retry-After field). Status 0: no answer came.
 */
export function loginOutcome(status, json, retryAfter) {
  if (status === 204 || status === 200) return { ok: true, message: "", wait: 0 };
  if (status === 401) {
    return { ok: false, message: word("signIn.wrong"), wait: 0 };
  }
  if (status === 429) {
    const wait = Math.max(1, Math.ceil(Number(retryAfter) || 60));
    return { ok: false, message: word("signIn.tooMany", { wait }), wait };
  }
  if (status === 0) return { ok: false, message: word("signIn.unreachable"), wait: 0 };
  const why = json && typeof json.message === "string" ? json.message : word("signIn.status", { status: String(status) });
  return { ok: false, message: word("signIn.failed", { why: why.replace(/\.$/, "") }), wait: 0 };
}
