// The import dialog's decisions, without the DOM: the request, what the
// progress says, what an answer means, and which of its errors are listed.

import { counted } from "../../common/model/plural.js";

/** The errors listed at most; the rest are counted. */
export const MAX_ERRORS_SHOWN = 20;

/** The import's URL for `mode` (append or replace). */
export function importUrl(mode, skip = false) {
  return `/import?mode=${encodeURIComponent(mode)}${skip ? "&errors=skip" : ""}`;
}

/** The Content-Type an upload of file `name` (of browser type `type`) is sent with:
 *  vCard for .vcf files, else CSV (the server looks at the bytes as well). */
export function uploadType(name, type = "") {
  return /\.(vcf|vcard)$/i.test(name) || /vcard/i.test(type) ? "text/vcard" : "text/csv";
}

/** What the dialog says while `loaded` of `total` bytes of file `name` went up: {value, text}. */
export function uploadProgress(name, loaded, total) {
  return { value: loaded / total, text: `Uploading ${name}: ${Math.floor((100 * loaded) / total)} %` };
}

/** What the import summary's per-field counts say, in plain words ("" for none): [one, other]. */
const FIELD_WORDS = {
  first_name: ["first name", "first names"], last_name: ["last name", "last names"], email: ["e-mail", "e-mails"],
  phone: ["phone", "phones"], company: ["company", "companies"], city: ["city", "cities"], notes: ["note", "notes"],
  favorite: ["favourite", "favourites"], details: ["with more details", "with more details"],
  labels: ["with labels", "with labels"],
};
export function fieldCountsText(fields) {
  const parts = Object.entries(fields ?? {}).filter(([, n]) => n > 0)
    .map(([name, n]) => counted(n, ...(FIELD_WORDS[name] ?? [name, name])));
  return parts.length ? ` Values: ${parts.join(", ")}.` : "";
}

/**
 * What the answer (`status`, body `text`) to an import means: {ok, text, errors}.
 * `ok`: the contacts went in (the list is then told to refresh); `text` the
 * summary or why nothing was imported; `errors` the rows the server reported.
 */
export function importOutcome(status, text) {
  let summary = null;
  try { summary = JSON.parse(text); } catch { /* not JSON */ }
  if (status === 200 && summary) {
    return {
      ok: true,
      text: `Imported ${counted(summary.inserted, "contact")}` +
        (summary.updated ? `, updated ${summary.updated.toLocaleString()}` : "") +
        (summary.unchanged ? `, ${summary.unchanged.toLocaleString()} already as in the file` : "") +
        (summary.rejected ? `, ${counted(summary.rejected, "row")} rejected` : "") +
        ` in ${summary.seconds} s; ${summary.total.toLocaleString()} in the list.` +
        (summary.ignoredColumns?.length ? ` Ignored columns: ${summary.ignoredColumns.join(", ")}.` : "") +
        fieldCountsText(summary.fields),
      errors: summary.errors ?? [],
    };
  }
  return {
    ok: false,
    text: summary?.errors?.length
      ? "Nothing imported: the file has rows that cannot be imported."
      : `Nothing imported: ${summary?.message ?? `HTTP ${status}`}`,
    errors: summary?.errors ?? [],
  };
}

/** The lines listing `errors`: the first MAX_ERRORS_SHOWN (by line of the file), then how many more.
 *  The line is the error's own member; its message does not repeat it. */
export function errorLines(errors) {
  const lines = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (e.line ? `Line ${e.line}: ${e.message}` : e.message));
  if (errors.length > MAX_ERRORS_SHOWN) lines.push(`… and ${errors.length - MAX_ERRORS_SHOWN} more`);
  return lines;
}

/** How much of a file the dialog sends for its preview. */
export const PREVIEW_BYTES = 256 * 1024;

/**
 * What the dialog shows of a /import/preview answer: {title, columns, rows}.
 * `title` names the layout, encoding and delimiter; `columns` is [header, what
 * it fills]; `rows` one line per contact as it will be stored (or its error).
 */
export function previewView(preview) {
  const title = [preview.layout, preview.encoding, preview.delimiter && `${preview.delimiter} delimited`]
    .filter(Boolean).join(" · ");
  const columns = preview.columns.map((c) => [c.header, c.extra ? "kept with the contact" : c.field]);
  const rows = preview.rows.map((row) => {
    if (row.error) return `Cannot be imported: ${row.error}`;
    const name = [row.first_name, row.last_name].filter(Boolean).join(" ") || row.company || row.email;
    const more = Object.keys(row.details ?? {}).length;
    return [...new Set([name, row.email, row.phone, row.company, row.city].filter(Boolean))].join(" · ") +
      (more ? ` (+ ${more === 1 ? "1 more detail" : `${more} more details`})` : "");
  });
  return { title, columns, rows };
}
