// The shape of Public/: nothing runs at import, the logic modules touch no DOM,
// and no module talks to another through document events.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";

const PUBLIC = new URL("../../Public/", import.meta.url);
const scripts = readdirSync(PUBLIC).filter((name) => name.endsWith(".js"));
const source = (name) => readFileSync(new URL(name, PUBLIC), "utf8");

/** The modules of the page's logic: values in, values and decisions out. */
const LOGIC = [
  "arrival.js", "coalesce.js", "detailState.js", "fling.js", "importState.js", "link.js", "listState.js", "live.js",
  "paging.js", "requests.js", "scroller.js", "scrub.js", "searchState.js", "sections.js", "slotModel.js", "statusText.js",
  "domOrder.js", "typeAhead.js", "listRequests.js", "detailsModel.js", "signInState.js", "plural.js",
  "firstStart.js", "fieldMessages.js",
];
const DOM = /\b(document|window|fetch|location|history|sessionStorage|localStorage|requestAnimationFrame|EventSource|XMLHttpRequest|getComputedStyle)\s*[.(]/; // used, not named in a string

test("every module but boot.js imports without a DOM and runs nothing", async () => {
  // Node has no document: a module that touched the DOM (or started anything
  // that does) at import would throw here.
  for (const name of scripts.filter((n) => n !== "boot.js")) await import(new URL(name, PUBLIC));
  const main = await import(new URL("main.js", PUBLIC));
  assert.equal(typeof main.start, "function");
});

test("the logic modules name no DOM, network or timer of the page", () => {
  for (const name of LOGIC) {
    const code = source(name).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ""); // comments may say "window"
    assert.doesNotMatch(code, DOM, name);
  }
});

test("no module dispatches or listens to an event of its own making", () => {
  for (const name of scripts) {
    const code = source(name);
    assert.doesNotMatch(code, /CustomEvent|dispatchEvent|new Event\(/, name);
    assert.doesNotMatch(code, /addEventListener\("roster:/, name);
  }
});

test("no file in Public is over 300 lines", () => {
  for (const name of readdirSync(PUBLIC)) {
    const lines = source(name).split("\n").length - 1;
    assert.ok(lines <= 300, `${name}: ${lines} lines`);
  }
});
