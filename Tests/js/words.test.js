// The page's languages: which one a reader gets (the browser's languages as
// Accept-Language lists them, and the choice kept in a cookie), numbers and plurals
// through Intl in it, and the catalogs: each one complete, and every word the
// page names present.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { catalog } from "./english.js";
import {
  COOKIE, LANGUAGES, chooseLanguage, cookieLanguage, languageCookie, preferences, supported,
} from "../../Public/common/model/language.js";
import { catalogGaps, counted, date, language, number, useWords, word } from "../../Public/common/model/words.js";
import { shownValue } from "../../Public/detail/model/contactDetails.js";
import { countText, positionText } from "../../Public/status/model/status.js";

const PUBLIC = fileURLToPath(new URL("../../Public/", import.meta.url));

test("Accept-Language: highest q first, ties in order, q=0 and * left out", () => {
  assert.deepEqual(preferences("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5"), ["fr-CH", "fr", "en", "de"]);
  assert.deepEqual(preferences("de;q=0.5, zh-CN, en;q=0.9"), ["zh-CN", "en", "de"]);
  assert.deepEqual(preferences("en;q=0, de"), ["de"]);
  assert.deepEqual(preferences("  "), []);
  assert.deepEqual(preferences(undefined), []);
});

test("Chinese tags read Simplified Chinese unless they ask for Traditional; de-* German", () => {
  for (const tag of ["zh", "zh-CN", "zh-SG", "zh-Hans", "zh-Hans-CN", "ZH-cn", "zh_CN"]) assert.equal(supported(tag), "zh-Hans", tag);
  for (const tag of ["zh-TW", "zh-HK", "zh-MO", "zh-Hant", "zh-Hant-TW"]) assert.equal(supported(tag), null, tag);
  for (const tag of ["de", "de-DE", "de-AT", "de-CH"]) assert.equal(supported(tag), "de", tag);
  for (const tag of ["en", "en-US", "en-GB"]) assert.equal(supported(tag), "en", tag);
  for (const tag of ["fr", "ar", "", "x"]) assert.equal(supported(tag), null, tag);
});

test("the browser's first language the page has, else English", () => {
  assert.equal(chooseLanguage(preferences("zh-CN,zh;q=0.9,en;q=0.8")), "zh-Hans");
  assert.equal(chooseLanguage(preferences("fr-FR, de-AT;q=0.8, en;q=0.5")), "de");
  assert.equal(chooseLanguage(preferences("en;q=0.4, de;q=0.6")), "de", "q decides, not the order");
  assert.equal(chooseLanguage(preferences("zh-TW, ja")), "en");
  assert.equal(chooseLanguage([]), "en");
  assert.equal(chooseLanguage(["en-US"]), "en");
});

test("a choice in the page, kept in a cookie, comes before the browser's languages", () => {
  assert.equal(chooseLanguage(["zh-CN"], "de"), "de");
  assert.equal(chooseLanguage(["de"], "zh-Hans"), "zh-Hans");
  assert.equal(chooseLanguage(["de"], "fr"), "de", "a language the page lacks is no choice");
  assert.equal(chooseLanguage(["de"], "zh-CN"), "de", "the cookie holds a language of the page, as the menu wrote it");
  assert.equal(cookieLanguage(`a=1; ${COOKIE}=zh-Hans; b=2`), "zh-Hans");
  assert.equal(cookieLanguage("roster_session=x"), null);
  assert.equal(cookieLanguage(""), null);
  assert.match(languageCookie("de"), new RegExp(`^${COOKIE}=de; Path=/; Max-Age=\\d+; SameSite=Lax$`));
  assert.equal(cookieLanguage(languageCookie("zh-Hans").split(";")[0]), "zh-Hans");
});

test("counts and numbers through Intl in the page's language", () => {
  try {
    useWords("en", catalog("en"));
    assert.equal(counted("count.contacts", 1), "1 contact");
    assert.equal(counted("count.contacts", 0), "0 contacts");
    assert.equal(counted("count.contacts", 1_000_011), "1,000,011 contacts");
    assert.equal(countText(2, "ann").count, "2 contacts match “ann”");
    assert.equal(positionText(500_000, 1_000_000, "M"), "Row 500,001 of 1,000,000, M");
    useWords("de", catalog("de"));
    assert.equal(language(), "de");
    assert.equal(counted("count.contacts", 1), "1 Kontakt");
    assert.equal(counted("count.contacts", 1_000_011), "1.000.011 Kontakte");
    assert.equal(number(1234.5), "1.234,5");
    useWords("zh-Hans", catalog("zh-Hans"));
    assert.equal(counted("count.contacts", 1), "1 位联系人", "Chinese has one form");
    assert.equal(counted("count.contacts", 1_000_011), "1,000,011 位联系人");
    assert.equal(word("search.placeholder"), "搜索");
    assert.equal(word("index.jump", { title: "あ" }), "跳转到 あ");
  } finally {
    useWords("en", catalog("en"));
  }
});

test("a birthday shows as a date of the page's language; other text as it is", () => {
  try {
    useWords("en", catalog("en"));
    assert.equal(date("1815-12-10"), "December 10, 1815");
    assert.equal(shownValue("birthday", "1815-12-10"), "December 10, 1815", "in the merge's choices");
    assert.equal(date("--12-10"), "--12-10", "a vCard date without a year stays as written");
    assert.equal(date("2023-02-30"), "2023-02-30", "no such day");
    useWords("de", catalog("de"));
    assert.equal(date("1815-12-10"), "10. Dezember 1815");
    useWords("zh-Hans", catalog("zh-Hans"));
    assert.equal(date("1815-12-10"), "1815年12月10日");
  } finally {
    useWords("en", catalog("en"));
  }
});

test("a word the catalog lacks shows as its key, and an unfilled place as itself", () => {
  useWords("en", { "a.b": "Hello {name}" });
  try {
    assert.equal(word("missing.key"), "missing.key");
    assert.equal(word("a.b"), "Hello {name}");
    assert.equal(word("a.b", { name: "Ada" }), "Hello Ada");
  } finally {
    useWords("en", catalog("en"));
  }
});

const catalogs = readdirSync(join(PUBLIC, "common/words")).filter((n) => n.endsWith(".json")).map((n) => n.slice(0, -5));

test("there is a catalog for every language the page offers, and an entry in its menu", () => {
  assert.deepEqual([...catalogs].sort(), [...LANGUAGES].sort());
  const html = readFileSync(join(PUBLIC, "index.html"), "utf8");
  for (const lang of LANGUAGES) assert.match(html, new RegExp(`<option value="${lang}" lang="${lang}">`));
});

test("every catalog has every word of English's, its places and its language's plural forms", () => {
  const english = catalog("en");
  assert.deepEqual(catalogGaps(english, english, "en"), []);
  for (const lang of catalogs) assert.deepEqual(catalogGaps(english, catalog(lang), lang), [], lang);
  const short = { ...catalog("de") };
  delete short["search.placeholder"];
  short["count.contacts"] = { other: "{count} Kontakte" };
  assert.deepEqual(catalogGaps(english, short, "de"), ["search.placeholder: missing", 'count.contacts: no "one" form']);
});

test("every word the HTML and the scripts name is in English's catalog", () => {
  const english = catalog("en");
  const html = readFileSync(join(PUBLIC, "index.html"), "utf8");
  const named = [...html.matchAll(/data-word(?:-[a-z-]+)?="([^"]+)"/g)].map((m) => m[1]);
  assert.ok(named.length > 50);
  const walk = (dir) => readdirSync(join(PUBLIC, dir), { withFileTypes: true }).flatMap((e) =>
    (e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith(".js") ? [join(dir, e.name)] : []));
  for (const file of walk(".")) {
    const source = readFileSync(join(PUBLIC, file), "utf8");
    named.push(...[...source.matchAll(/\b(?:word|counted)\(\s*"([^"]+)"/g)].map((m) => m[1]));
    named.push(...[...source.matchAll(/"((?:detail|address|field|count|none|merge)\.[a-z_.A-Z]+)"/g)].map((m) => m[1]));
  }
  for (const key of new Set(named)) assert.ok(key in english, `${key} is not in en.json`);
});

test("every status line the list can show has its words in every language", () => {
  try {
    for (const lang of catalogs) {
      useWords(lang, catalog(lang));
      for (const view of ["all", "favorites"]) for (const label of ["", "Work"]) for (const query of ["", "ann"]) {
        for (const total of [0, 1, 2, 1_000_000]) {
          const { count, none } = countText(total, query, { view, label });
          for (const text of [count, none]) assert.doesNotMatch(text, /\b[a-z]+\.[a-zA-Z.]+\b|\{/, `${lang}: ${text}`);
          if (label) assert.ok(count.includes(label), `${lang}: ${count}`);
          if (query) assert.ok(count.includes(query), `${lang}: ${count}`);
        }
      }
    }
  } finally {
    useWords("en", catalog("en"));
  }
});
