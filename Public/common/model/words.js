// The words the page shows and says, without the DOM (docs/page.md, "Languages"):
// one catalog per language (Public/common/words/<tag>.json, a flat object of keys),
// set once when the page starts (common/language.js, from GET /'s JSON block) and
// read by every module that writes words. A word is a string with `{name}`
// places; a count is an object of plural forms ({"one": ..., "other": ...}, the
// categories of Intl.PluralRules for the language). Numbers go through
// Intl.NumberFormat in the same language, dates through Intl.DateTimeFormat.

let lang = "en";
let catalog = {};
let numbers = new Intl.NumberFormat("en");
let plurals = new Intl.PluralRules("en");

/** Makes `words` (a catalog) in language `language` (a BCP 47 tag) the page's. */
export function useWords(language, words) {
  lang = language;
  catalog = words ?? {};
  numbers = new Intl.NumberFormat(language);
  plurals = new Intl.PluralRules(language);
}

/** The page's language (a BCP 47 tag). */
export function language() {
  return lang;
}

/** `n` written in the page's language ("1,000,011", "1.000.011"). */
export function number(n) {
  return numbers.format(n);
}

/** Calendar date `iso` ("1815-12-10", as a birthday is stored) written in the page's
 *  language ("10 December 1815", "10. Dezember 1815", "1815年12月10日"); any other
 *  text as it is. */
export function date(iso) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(iso ?? "").trim());
  if (!match) return iso;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (day.getUTCDate() !== Number(match[3])) return iso;
  return new Intl.DateTimeFormat(lang, { dateStyle: "long", timeZone: "UTC" }).format(day);
}

/** `text` with each `{name}` replaced by `params[name]` (numbers written by `number`). */
function fill(text, params) {
  return text.replace(/\{(\w+)\}/g, (place, name) => {
    const value = params?.[name];
    if (value === undefined || value === null) return place;
    return typeof value === "number" ? number(value) : String(value);
  });
}

/** Word `key` with its places filled from `params`; the key itself when the catalog
 *  lacks it (a missing word shows as its key, never as nothing; a test finds it). */
export function word(key, params = {}) {
  const text = catalog[key];
  return typeof text === "string" ? fill(text, params) : key;
}

/** The form of count `key` for `count` (its plural category in the page's language),
 *  `{count}` written by `number`; the other places from `params`. */
export function counted(key, count, params = {}) {
  const forms = catalog[key];
  if (!forms || typeof forms !== "object") return `${number(count)} ${key}`;
  const form = forms[plurals.select(count)] ?? forms.other;
  return fill(form, { ...params, count });
}

/**
 * What catalog `words` of `language` lacks against `reference` (English's): keys
 * missing or of another kind, a count without one of the language's plural
 * categories, a word whose places differ. [] when it is complete.
 */
export function catalogGaps(reference, words, language) {
  const places = (text) => [...String(text).matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join(",");
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const gaps = [];
  for (const [key, english] of Object.entries(reference)) {
    const own = words[key];
    if (typeof english === "string") {
      if (typeof own !== "string") gaps.push(`${key}: missing`);
      else if (places(own) !== places(english)) gaps.push(`${key}: places ${places(own)} for ${places(english)}`);
      continue;
    }
    if (!own || typeof own !== "object") {
      gaps.push(`${key}: missing`);
      continue;
    }
    for (const category of categories) {
      if (typeof own[category] !== "string") gaps.push(`${key}: no "${category}" form`);
      else if (places(own[category]) !== places(english.other)) gaps.push(`${key}.${category}: places differ`);
    }
  }
  for (const key of Object.keys(words)) if (!(key in reference)) gaps.push(`${key}: not in the reference`);
  return gaps;
}
