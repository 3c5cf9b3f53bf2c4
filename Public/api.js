// The contact endpoints as the page calls them: JSON in and out, the contact's
// ETag read from the answer, and every failure (network included) turned into
// the API's error shape {error, message, field}, so callers show one thing.

const TOKEN = "roster:token"; // sessionStorage: the tab's, forgotten when it closes

/** The admin token typed into the import dialog ("" when none was). */
export function storedToken() {
  return sessionStorage.getItem(TOKEN) ?? "";
}

/** Keeps `token` for the page's writes ("" forgets it). */
export function rememberToken(token) {
  if (token) sessionStorage.setItem(TOKEN, token);
  else sessionStorage.removeItem(TOKEN);
}

/** The Authorization header of the token, when the server asks for one. */
export function authorization() {
  const token = storedToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * Sends `method path` with an optional JSON `body` and `If-Match: etag`.
 * Resolves to {status, ok, json, etag}; never rejects.
 */
export async function send(method, path, { body, etag } = {}) {
  const headers = { Accept: "application/json", ...authorization() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (etag) headers["If-Match"] = etag;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
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
