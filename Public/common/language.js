// The page's language on the DOM side (docs/page.md, "Languages"): GET / comes in
// it already (`<html lang>`, every word of the HTML filled in by the server) and
// its JSON block (`id="first-window"`) holds the catalog, which the page takes
// before anything draws. The page's template without the block (/index.html)
// chooses as the server does (common/model/language.js), reads the catalog and
// puts its words into the HTML ([data-word] elements' text, [data-word-ATTR]
// elements' ATTR). The language menu (#language) remembers a choice in a cookie and
// loads the page again, which GET / then renders in it.

import { LANGUAGES, chooseLanguage, cookieLanguage, languageCookie } from "./model/language.js";
import { language, useWords, word } from "./model/words.js";

/** {language, words} of the JSON block's text, or null without a catalog in it. */
export function embeddedWords(text) {
  try {
    const block = JSON.parse(text ?? "");
    return typeof block?.language === "string" && block.words && typeof block.words === "object" ? block : null;
  } catch {
    return null;
  }
}

/** Every [data-word] and [data-word-ATTR] of `doc` in the page's words. */
export function fillWords(doc) {
  doc.documentElement.lang = language();
  for (const element of doc.querySelectorAll("*")) {
    for (const { name, value } of [...element.attributes]) {
      if (name === "data-word") element.textContent = word(value);
      else if (name.startsWith("data-word-")) element.setAttribute(name.slice(10), word(value));
    }
  }
}

/**
 * Takes the page's words, then calls `then()`: at once from the block of GET /
 * (`text`), or, without one, once the catalog chosen from the cookie and the
 * browser's languages has been read (a catalog that cannot be read: English's words
 * as the HTML has them, the keys elsewhere).
 */
export function takeWords(doc, text, then) {
  const embedded = embeddedWords(text);
  if (embedded) {
    useWords(embedded.language, embedded.words);
    return then();
  }
  const win = doc.defaultView;
  const chosen = chooseLanguage(win.navigator.languages ?? [win.navigator.language], cookieLanguage(doc.cookie));
  win.fetch(new URL(`./words/${chosen}.json`, import.meta.url))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then((words) => {
      useWords(chosen, words);
      fillWords(doc);
    }, () => {})
    .finally(then);
}

/** Connects the language menu (#language): a choice is kept in a cookie and the page loads again in it. */
export function createLanguageMenu(doc) {
  const menu = doc.getElementById("language");
  if (!menu) return;
  menu.value = LANGUAGES.includes(language()) ? language() : LANGUAGES[0];
  menu.addEventListener("change", () => {
    doc.cookie = languageCookie(menu.value);
    doc.defaultView.location.reload();
  });
}
