// The contact endpoints as the page calls them: JSON in and out, the contact's
// ETag read from the answer, and every failure (network included) turned into
// the API's error shape {error, message, field}, so callers show one thing. The
// page's credential is its session cookie (signin/signIn.js): a 401 waits for the
// sign-in and is sent again.

/**
 * The sender of requests fetched with `get` (signin/signIn.js's fetch): `send(method,
 * path, {body, etag})` sends `method path` with an optional JSON `body` and
 * `If-Match: etag`, and resolves to {status, ok, json, etag}; it never rejects.
 */
export function createSend(get) {
  return (method, path, options) => send(get, method, path, options);
}

async function send(get, method, path, { body, etag, raw } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  // A file as it is (a photo): its own type.
  if (raw !== undefined) headers["Content-Type"] = raw.type || "application/octet-stream";
  if (etag) headers["If-Match"] = etag;
  let response;
  try {
    response = await get(path, {
      method,
      headers,
      body: raw !== undefined ? raw : body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store", // an ETag revalidation must not answer a stale contact
    });
  } catch {
    return failed(0, "network", "the server could not be reached; try again");
  }
  let json = null;
  if (response.status !== 204) {
    try { json = await response.json(); } catch { /* not JSON */ }
  }
  if (!response.ok && !(json && json.message)) {
    json = { error: "http", message: `the server answered ${response.status}` };
  }
  return { status: response.status, ok: response.ok, json, etag: response.headers.get("ETag") };
}

function failed(status, error, message) {
  return { status, ok: false, json: { error, message }, etag: null };
}
