// Which language the page speaks, without the DOM (docs/page.md, "Languages"): the
// reader's choice in the page (the `roster_language` cookie) when it names a
// language the page has, else the first of the browser's languages (its
// Accept-Language, highest q first) that the page has, else English. The server
// chooses alike for GET / (PageLanguage.swift), so the HTML comes in it at once.

/** The languages the page has a catalog for (Public/common/words/<tag>.json), English first. */
export const LANGUAGES = ["en", "zh-Hans", "de"];

/** The cookie that remembers the reader's choice. */
export const COOKIE = "roster_language";

/** The language of LANGUAGES that BCP 47 tag `tag` asks for, or null: `zh`, `zh-CN`,
 *  `zh-SG` and `zh-Hans(-*)` read Simplified Chinese (not `zh-TW`, `zh-HK` or
 *  `zh-Hant`); `de-*` German; `en-*` English; an exact tag of the list itself. */
export function supported(tag) {
  const parts = String(tag ?? "").trim().toLowerCase().split(/[-_]/);
  const exact = LANGUAGES.find((lang) => lang.toLowerCase() === parts.join("-"));
  if (exact) return exact;
  if (parts[0] === "zh") {
    const rest = parts.slice(1);
    if (rest.includes("hant") || rest.some((p) => ["tw", "hk", "mo"].includes(p))) return null;
    return "zh-Hans";
  }
  return LANGUAGES.find((lang) => lang.toLowerCase() === parts[0]) ?? null;
}

/** The tags of an Accept-Language value, highest q first (ties in their order);
 *  `q=0` ones and `*` left out. */
export function preferences(header) {
  return String(header ?? "").split(",").map((item, order) => {
    const [tag, ...params] = item.trim().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(p)).find(Boolean);
    return { tag: tag.trim(), q: q ? Number(q[1]) : 1, order };
  }).filter(({ tag, q }) => tag && tag !== "*" && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order).map(({ tag }) => tag);
}

/** The page's language: `chosen` (the cookie's) when the page has it, else the first
 *  of `tags` (the browser's, in order) it has, else English. */
export function chooseLanguage(tags, chosen = null) {
  const own = supported(chosen);
  if (own && own.toLowerCase() === String(chosen).toLowerCase()) return own;
  for (const tag of tags ?? []) {
    const lang = supported(tag);
    if (lang) return lang;
  }
  return LANGUAGES[0];
}

/** The language cookie's value in `cookies` (a Cookie header or document.cookie), or null. */
export function cookieLanguage(cookies) {
  for (const pair of String(cookies ?? "").split(";")) {
    const [name, ...value] = pair.split("=");
    if (name.trim() === COOKIE) return value.join("=").trim() || null;
  }
  return null;
}

/** The cookie that keeps `lang` for a year, for every page of this server. */
export function languageCookie(lang) {
  return `${COOKIE}=${encodeURIComponent(lang)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
