// The shape of Public/: nothing runs at import; a module in a `model/` folder is
// pure (no DOM, network or timer of the page, and it imports only modules of
// `model/` folders), any other module is the DOM side; every import is relative;
// and no module talks to another through document events.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const PUBLIC = fileURLToPath(new URL("../../Public/", import.meta.url));

/** The files under `folder`, as paths relative to Public/ with `/` between folders. */
function walk(folder = PUBLIC) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? walk(path) : [relative(PUBLIC, path).split(sep).join("/")];
  });
}

const files = walk();
const scripts = files.filter((name) => name.endsWith(".js"));
/** A module in a `model/` folder (at any depth) is pure; the line is drawn by the path alone. */
const isPure = (name) => name.split("/").slice(0, -1).includes("model");
const pure = scripts.filter(isPure);
const source = (name) => readFileSync(join(PUBLIC, name), "utf8");
const code = (name) => source(name).replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, ""); // comments may say "window"
const load = (name) => import(pathToFileURL(join(PUBLIC, name)));

/** The specifiers `name` imports (static, dynamic and re-exports). */
function imports(name) {
  const statements = /^\s*(?:import|export)\b[^"';]*?\bfrom\s*"([^"]+)"|^\s*import\s*"([^"]+)"|(?<![\w.$"'])import\s*\(\s*"([^"]+)"/gm;
  return [...code(name).matchAll(statements)].map((m) => m[1] ?? m[2] ?? m[3]);
}

/** Where specifier `spec` of module `name` points, relative to Public/ ("../x.js" from "a/b.js" is "x.js"). */
const target = (name, spec) => relative(PUBLIC, join(PUBLIC, dirname(name), spec)).split(sep).join("/");

const DOM = new RegExp(
  "\\b(document|window|fetch|location|history|sessionStorage|localStorage|requestAnimationFrame|EventSource|" +
    "XMLHttpRequest|getComputedStyle|navigator|matchMedia|performance|setTimeout|setInterval)\\s*[.(]",
); // used, not named in a string

test("the pure modules are the model/ folder of a concern's folder", () => {
  assert.ok(pure.length > 0, "no module in a model/ folder");
  assert.ok(scripts.length > pure.length, "no DOM module");
  for (const name of pure) assert.match(name, /^[^/]+\/model\/[^/]+\.js$/);
});

test("every module but boot.js imports without a DOM and runs nothing", async () => {
  // Node has no document: a module that touched the DOM (or started anything
  // that does) at import would throw here.
  for (const name of scripts.filter((n) => n !== "boot.js")) await load(name);
  const main = await load("main.js");
  assert.equal(typeof main.start, "function");
});

test("the pure modules import in Node and name no DOM, network or timer of the page", async () => {
  for (const name of pure) {
    await load(name);
    assert.doesNotMatch(code(name), DOM, name);
  }
});

test("a pure module imports only pure modules", () => {
  for (const name of pure) {
    for (const spec of imports(name)) assert.ok(isPure(target(name, spec)), `${name} imports ${spec}`);
  }
});

test("a module that says it is without the DOM is in a model folder", () => {
  for (const name of scripts.filter((n) => !isPure(n))) {
    assert.doesNotMatch(source(name).split("\n\n")[0], /without the DOM/, name);
  }
});

test("every import is relative and names a module of Public/", () => {
  // Relative imports keep working wherever the folder is served from.
  for (const name of scripts) {
    for (const spec of imports(name)) {
      assert.match(spec, /^\.\.?\//, `${name} imports ${spec}`);
      const path = target(name, spec);
      assert.ok(!path.startsWith("..") && scripts.includes(path), `${name} imports ${spec}: no such module`);
    }
  }
});

test("index.html's scripts, styles and icon are files of Public/", () => {
  const html = source("index.html");
  const named = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]);
  assert.ok(named.includes("boot.js"), "the page's one script");
  for (const name of named) assert.ok(files.includes(name), `index.html names /${name}`);
});

test("no module dispatches or listens to an event of its own making", () => {
  for (const name of scripts) {
    const text = source(name);
    assert.doesNotMatch(text, /CustomEvent|dispatchEvent|new Event\(/, name);
    assert.doesNotMatch(text, /addEventListener\("roster:/, name);
  }
});

test("no file in Public is over 300 lines", () => {
  for (const name of files) {
    const lines = source(name).split("\n").length - 1;
    assert.ok(lines <= 300, `${name}: ${lines} lines`);
  }
});
