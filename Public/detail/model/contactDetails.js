// A contact's details (docs/api.md, "Contact details"), without the DOM: which of
// them the detail pane edits, the details its form gives, and one text per
// details object so that the pane can tell whether anything changed. The keys,
// their order and what counts as empty are the server's (ContactDetails+JSON).
// Also the three-way merge of the form's edits into a newer version of the
// contact (a save that met a 412), field by field and detail by detail.

import { date, word } from "../../common/model/words.js";

/** Text details the pane edits: [key, its label's word]. */
export const DETAIL_TEXTS = [
  ["nickname", "detail.nickname"], ["title", "detail.title"], ["department", "detail.department"],
  ["birthday", "detail.birthday"], ["prefix", "detail.prefix"], ["middle_name", "detail.middle_name"],
  ["suffix", "detail.suffix"],
];

/** Lists of labelled values the pane edits: [key, the word for one, the add button's word]. */
export const DETAIL_LISTS = [
  ["emails", "detail.emails.one", "detail.emails.add"], ["phones", "detail.phones.one", "detail.phones.add"],
  ["urls", "detail.urls.one", "detail.urls.add"],
];

/** An address's parts the pane edits, [key, its label's word] (the first address's city is the City field). */
export const ADDRESS_PARTS = [
  ["street", "address.street"], ["extended", "address.extended"], ["po_box", "address.po_box"],
  ["city", "address.city"], ["postcode", "address.postcode"], ["region", "address.region"],
  ["country", "address.country"],
];

const TEXT_KEYS = [
  "prefix", "middle_name", "suffix", "nickname", "title", "department", "birthday", "email_label", "phone_label",
];
const ADDRESS_KEYS = ["label", "po_box", "extended", "street", "city", "region", "postcode", "country"];

/**
 * `base` (the details as read) with the pane's edits: `form` is {texts: {key:
 * text}, lists: {key: [{label, value}]}, addresses: [{label, street, ...}]}. An
 * item without a value (an address without any part) is left out; details the
 * pane does not edit (labels of the primary e-mail and phone, categories, uid,
 * photo, other properties) are kept as they were.
 */
export function editedDetails(base, form) {
  const details = { ...base };
  for (const [key] of DETAIL_TEXTS) details[key] = (form.texts[key] ?? "").trim();
  for (const [key] of DETAIL_LISTS) {
    details[key] = (form.lists[key] ?? [])
      .map((item) => ({ label: item.label.trim(), value: item.value.trim() }))
      .filter((item) => item.value);
  }
  details.addresses = (form.addresses ?? [])
    .map((address) => Object.fromEntries(ADDRESS_KEYS.map((key) => [key, (address[key] ?? "").trim()])))
    .filter((address, index) => index === 0 || ADDRESS_KEYS.some((key) => key !== "label" && address[key]));
  if (details.addresses.length === 1 && ADDRESS_KEYS.every((key) => !details.addresses[0][key])) details.addresses = [];
  return details;
}

/** One text per details object, as the server writes it: keys in its order, empty ones left out. */
export function detailsText(details = {}) {
  const out = {};
  for (const key of TEXT_KEYS) if (details[key]) out[key] = details[key];
  for (const key of ["emails", "phones", "urls"]) {
    if (details[key]?.length) out[key] = details[key].map((item) => ({ label: item.label ?? "", value: item.value ?? "" }));
  }
  if (details.addresses?.length) {
    out.addresses = details.addresses.map((address) => Object.fromEntries(ADDRESS_KEYS.map((key) => [key, address[key] ?? ""])));
  }
  for (const key of ["categories", "uid", "photo", "other"]) {
    const value = details[key];
    if (value && (!Array.isArray(value) || value.length)) out[key] = value;
  }
  return JSON.stringify(out);
}

// ---- A save that meets a newer version (412): the form's edits merged into it.

const DETAIL_KEYS = [...TEXT_KEYS, "emails", "phones", "urls", "addresses", "categories", "uid", "photo", "other"];
const LIST_LABELS = { emails: "detail.emails", phones: "detail.phones", urls: "detail.urls", addresses: "detail.addresses",
  categories: "field.labels", uid: "detail.uid", photo: "detail.photo", other: "detail.other",
  email_label: "detail.email_label", phone_label: "detail.phone_label" };

/** Text as compared: line breaks as a form gives them, white space around left out. */
const plain = (text) => String(text ?? "").replace(/\r\n?/g, "\n").trim();

/** One detail's value as compared: empty ones alike, items as the server writes them. */
function detailKey(key, value) {
  if (TEXT_KEYS.includes(key) || key === "uid") return plain(value);
  if (key === "addresses") {
    const items = (value ?? []).map((a) => ADDRESS_KEYS.map((k) => plain(a[k])))
      .filter((parts) => parts.some((part, i) => i > 0 && part));
    return JSON.stringify(items);
  }
  if (["emails", "phones", "urls"].includes(key)) {
    return JSON.stringify((value ?? []).map((i) => [plain(i.label), plain(i.value)]).filter(([, v]) => v));
  }
  return value === undefined || value === null || (Array.isArray(value) && !value.length) ? "" : JSON.stringify(value);
}

/** A value as the pane shows it in words (the word for nothing for an empty one). */
export function shownValue(key, value) {
  let text;
  if (key === "addresses") text = (value ?? []).map((a) => ADDRESS_KEYS.slice(1).map((k) => a[k]).filter(Boolean).join(", ")).join("; ");
  else if (["emails", "phones", "urls"].includes(key)) text = (value ?? []).map((i) => i.label ? `${i.value} (${i.label})` : i.value).join(", ");
  else if (key === "categories") text = (value ?? []).join(", ");
  else if (key === "photo" || key === "other") text = detailKey(key, value) ? word("merge.changedValue") : "";
  else if (key === "birthday") text = date(value ?? "");
  else text = String(value ?? "");
  return text.trim() ? text : word("merge.nothing");
}

/**
 * Merges the form's edits into the contact as it is now, three ways: `base` is
 * the contact as the form read it ({field: text, details: object}), `mine` what
 * the form holds, `theirs` the contact now; `fields` are [name, label word] of the
 * form's fields. A field (a detail) only the person changed keeps their value,
 * one only the other writer changed takes theirs, one both changed alike is
 * that value, and one both changed differently is a conflict: {key, label,
 * yours, theirs} (key `details.K` for a detail), with yours in the result until
 * the person chooses. Returns {values: {name: text}, details, conflicts}.
 */
export function mergeEdits(fields, base, mine, theirs) {
  const values = {};
  const conflicts = [];
  for (const [name, label] of fields) {
    const [was, mineNow, theirsNow] = [base[name], mine[name], theirs[name]].map(plain);
    values[name] = mineNow === was ? theirs[name] ?? "" : mine[name];
    if (mineNow !== was && theirsNow !== was && mineNow !== theirsNow) {
      conflicts.push({ key: name, label: word(label), yours: mine[name], theirs: theirs[name] ?? "" });
    }
  }
  const details = { ...(theirs.details ?? {}) };
  const labels = Object.fromEntries([...DETAIL_TEXTS, ...Object.entries(LIST_LABELS)]);
  for (const key of DETAIL_KEYS) {
    const [was, mineNow, theirsNow] = [base.details, mine.details, theirs.details].map((d) => detailKey(key, d?.[key]));
    if (mineNow === was) continue;
    details[key] = mine.details?.[key];
    if (theirsNow !== was && mineNow !== theirsNow) {
      conflicts.push({ key: `details.${key}`, label: labels[key] ? word(labels[key]) : key, yours: mine.details?.[key], theirs: theirs.details?.[key] });
    }
  }
  return { values, details, conflicts };
}
