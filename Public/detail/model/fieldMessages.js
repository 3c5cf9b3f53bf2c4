// What the detail pane says about a field in plain words, without the DOM: the
// form's fields by their labels, and a refused write's error (the API's `error`
// code, `field` and `message`) as a sentence for the person beside the field.
// Nothing here shows an API name (first_name, invalid_field) to the person.

/** The form's fields, [name, label], in the form's order (the labels the form shows). */
export const FIELD_LABELS = [
  ["first_name", "First name"], ["last_name", "Last name"], ["email", "E-mail"], ["phone", "Phone"],
  ["company", "Company"], ["city", "City"], ["notes", "Notes"], ["labels", "Labels"],
];

const EMAIL_RULE = "an e-mail address needs one @ with something before and after it, and no spaces";
const LISTS = { emails: "Other e-mail", phones: "Other phone", urls: "Web page" };

/** The words for a detail the server names in its message (`emails[1]` is "Other e-mail 2"), or null. */
function detailNamed(message) {
  const match = /\b(emails|phones|urls)\[(\d+)\]/.exec(message ?? "");
  return match ? `${LISTS[match[1]]} ${Number(match[2]) + 1}` : null;
}

/**
 * The sentence for a refused write of `field` (an answer's {error, field,
 * message}, `status` its HTTP status). Known rules get words of their own; any
 * other refusal of a field says it could not be saved, in words.
 */
export function fieldMessage({ error, field, message }, status = 422) {
  const limit = /at most ([\d,]+)/.exec(message ?? "")?.[1];
  if (error === "too_long") return limit ? `This is too long: it may have at most ${limit} characters.` : "This is too long.";
  if (error === "name_required") {
    return status === 409
      ? "This is the contact's only name: keep it, or fill in the other name first."
      : "A contact needs a name, a company or an e-mail: fill in at least one of them.";
  }
  if (error === "invalid_character") return "This holds a character that cannot be stored; take it out.";
  if (field === "email") return `This does not look like an e-mail address: ${EMAIL_RULE}.`;
  if (field === "phone") return "A phone number needs at least one digit.";
  if (field === "labels") {
    if (/\d+ labels;/.test(message ?? "")) return `A contact may have at most ${limit ?? 50} labels.`;
    if (limit) return `A label may have at most ${limit} characters.`;
    return "Labels are names separated by commas.";
  }
  if (field === "details") {
    const named = detailNamed(message);
    if (named?.startsWith("Other e-mail")) return `${named} does not look like an e-mail address: ${EMAIL_RULE}.`;
    if (named?.startsWith("Other phone")) return `${named} needs at least one digit.`;
    return named ? `${named} cannot be saved as it is.` : "One of the details below cannot be saved as it is.";
  }
  return "This cannot be saved as it is.";
}
