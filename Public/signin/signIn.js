// The sign-in form (docs/security.md, "Security"): a dialog that opens when an API request
// is answered 401, posts the admin token to /login and, once the server has set
// its session cookie, lets every request that waited carry on, with no page
// reload. The decisions and the words are signin/model/signIn.js's. "Sign out" posts
// /logout and reloads the page, so that no contact stays on the screen.

import { word } from "../common/model/words.js";
import { createSignIn as createState, loginOutcome, signInNeeded, signedIn, throughSignIn } from "./model/signIn.js";

/**
 * Connects the sign-in dialog of `doc` (#sign-in, #sign-out). Returns {fetch, ask,
 * recheck}: `fetch(url, init)` is fetch through the sign-in (a 401 waits for it and
 * sends again); `ask()` opens the form and resolves once signed in; `recheck()`
 * asks the server whether the page is still signed in (a cheap HEAD /sections),
 * waits for a sign-in when it is not, and resolves to true when it waited.
 */
export function createSignIn(doc) {
  const state = createState();
  const dialog = doc.getElementById("sign-in");
  const form = doc.getElementById("sign-in-form");
  const input = doc.getElementById("sign-in-token");
  const error = doc.getElementById("sign-in-error");
  const submit = doc.getElementById("sign-in-submit");
  const signOut = doc.getElementById("sign-out");
  let busy = false;
  let pause = 0; // the timer that takes the form again after a 429

  /** Shows `text` under the field ("" hides it); the field is marked invalid meanwhile. */
  function say(text) {
    error.textContent = text;
    error.hidden = !text;
    if (text) input.setAttribute("aria-invalid", "true");
    else input.removeAttribute("aria-invalid");
  }

  function show() {
    say("");
    if (!dialog.open) dialog.showModal();
    input.focus();
  }

  // Escape would leave a page that may show nothing: the form stays open (and
  // opens again where the browser closes it anyway).
  dialog.addEventListener("cancel", (event) => event.preventDefault());
  dialog.addEventListener("close", () => {
    if (state.asked) show();
  });

  async function post(token) {
    try {
      const response = await fetch("/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ token }),
        cache: "no-store",
      });
      const json = response.status === 204 ? null : await response.json().catch(() => null);
      return loginOutcome(response.status, json, response.headers.get("Retry-After"));
    } catch {
      return loginOutcome(0, null, null);
    }
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (busy) return;
    if (!input.value) {
      say(word("signIn.empty"));
      return input.focus();
    }
    busy = true;
    submit.disabled = true;
    const outcome = await post(input.value);
    busy = false;
    if (outcome.ok) {
      input.value = "";
      submit.disabled = false;
      signOut.hidden = false;
      signedIn(state);
      return dialog.close();
    }
    say(outcome.message);
    input.select();
    input.focus();
    clearTimeout(pause);
    if (outcome.wait) pause = setTimeout(() => { submit.disabled = false; }, outcome.wait * 1000);
    else submit.disabled = false;
  });

  signOut.addEventListener("click", async () => {
    await fetch("/logout", { method: "POST" }).catch(() => null);
    doc.defaultView.location.reload();
  });

  return {
    fetch: async (url, init) => (await throughSignIn(state, () => fetch(url, init), show)).response,
    ask() {
      const { show: first, wait } = signInNeeded(state);
      if (first) show();
      return wait;
    },
    async recheck() {
      const probe = () => fetch("/sections", { method: "HEAD", cache: "no-store" });
      return (await throughSignIn(state, probe, show)).waited;
    },
  };
}
