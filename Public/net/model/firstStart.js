// A first start: the server listens while it seeds its demo list, and answers the
// API with 503 {"error": "seeding", "percent": N} and Retry-After until the list
// is there. What such an answer means, without the DOM, and a `send` that waits it
// out for reads. (list/windows.js waits it out for the list's first /sections.)

/** ms between asks when an answer gives no Retry-After. */
export const PREPARING_RETRY = 1000;

/** The percent done when an answer (`status`, its parsed JSON) says the server is
 *  still preparing its list; null for any other answer. */
export function preparingPercent(status, json) {
  if (status !== 503 || json?.error !== "seeding") return null;
  return Number.isFinite(json.percent) ? json.percent : 0;
}

/** The ms to wait before asking again: Retry-After's seconds (`header`, at most 30),
 *  else PREPARING_RETRY. */
export function retryAfter(header) {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 30) * 1000 : PREPARING_RETRY;
}

/**
 * net/api.js's `send`, asking a GET again while the server prepares its list
 * (`wait(ms)` resolves after ms); a write is never sent twice. Resolves to the
 * first other answer.
 */
export function patientSend(send, wait) {
  return async function sendWhenReady(method, path, options) {
    for (;;) {
      const answer = await send(method, path, options);
      if (method !== "GET" || preparingPercent(answer.status, answer.json) === null) return answer;
      await wait(PREPARING_RETRY);
    }
  };
}
