// The page's English catalog, taken as the page takes GET /'s: test files that check
// what the page says import this first (`import "./english.js";`).
import { readFileSync } from "node:fs";
import { useWords } from "../../Public/common/model/words.js";

/** A catalog of Public/common/words/, by its language tag. */
export function catalog(language) {
  return JSON.parse(readFileSync(new URL(`../../Public/common/words/${language}.json`, import.meta.url), "utf8"));
}

useWords("en", catalog("en"));
