// What the detail pane says about a field in plain words, without the DOM: the
// form's fields by their labels, and a refused write's error (the API's `error`
// code, `field` and `message`) as a sentence for the person beside the field.
// Nothing here shows an API name (first_name, invalid_field) to the person.

import { word } from "../../common/model/words.js";

/** The form's fields, [name, label word], in the form's order (the labels the form shows). */
export const FIELD_LABELS = [
  ["first_name", "field.first_name"], ["last_name", "field.last_name"], ["email", "field.email"],
  ["phone", "field.phone"], ["company", "field.company"], ["city", "field.city"], ["notes", "field.notes"],
  ["labels", "field.labels"],
];

const LISTS = { emails: "detail.emails.one", phones: "detail.phones.one", urls: "detail.urls.one" };

/** The detail the server names in its message (`emails[1]` is "Other e-mail 2"): {list, words}, or null. */
function detailNamed(message) {
  const match = /\b(emails|phones|urls)\[(\d+)\]/.exec(message ?? "");
  return match ? { list: match[1], words: `${word(LISTS[match[1]])} ${Number(match[2]) + 1}` } : null;
}

/**
 * The sentence for a refused write of `field` (an answer's {error, field,
 * message}, `status` its HTTP status). Known rules get words of their own; any
 * other refusal of a field says it could not be saved, in words.
 */
export function fieldMessage({ error, field, message }, status = 422) {
  const limit = /at most ([\d,]+)/.exec(message ?? "")?.[1];
  const most = limit ? Number(limit.replaceAll(",", "")) : null;
  if (error === "too_long") return most ? word("error.tooLongAtMost", { limit: most }) : word("error.tooLong");
  if (error === "name_required") return word(status === 409 ? "error.onlyName" : "error.nameRequired");
  if (error === "invalid_character") return word("error.invalidCharacter");
  if (field === "email") return word("error.email");
  if (field === "phone") return word("error.phone");
  if (field === "labels") {
    if (/\d+ labels;/.test(message ?? "")) return word("error.tooManyLabels", { limit: most ?? 50 });
    if (most) return word("error.labelTooLong", { limit: most });
    return word("error.labels");
  }
  if (field === "details") {
    const named = detailNamed(message);
    if (named?.list === "emails") return word("error.detailEmail", { what: named.words });
    if (named?.list === "phones") return word("error.detailPhone", { what: named.words });
    return named ? word("error.detailNotSaved", { what: named.words }) : word("error.detailsNotSaved");
  }
  return word("error.notSaved");
}
