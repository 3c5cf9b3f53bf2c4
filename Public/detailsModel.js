// A contact's details (README, "Contact details"), without the DOM: which of
// them the detail pane edits, the details its form gives, and one text per
// details object so that the pane can tell whether anything changed. The keys,
// their order and what counts as empty are the server's (ContactDetails+JSON).

/** Text details the pane edits: [key, label]. */
export const DETAIL_TEXTS = [
  ["nickname", "Nickname"], ["title", "Job title"], ["department", "Department"], ["birthday", "Birthday"],
  ["prefix", "Name prefix"], ["middle_name", "Middle name"], ["suffix", "Name suffix"],
];

/** Lists of labelled values the pane edits: [key, what one is, the add button's text]. */
export const DETAIL_LISTS = [
  ["emails", "Other e-mail", "Add an e-mail"], ["phones", "Other phone", "Add a phone"],
  ["urls", "Web page", "Add a web page"],
];

/** An address's parts the pane edits, [key, label] (the first address's city is the City field). */
export const ADDRESS_PARTS = [
  ["street", "Street"], ["extended", "Street, line 2"], ["po_box", "PO box"], ["city", "City"],
  ["postcode", "Postcode"], ["region", "Region"], ["country", "Country"],
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
