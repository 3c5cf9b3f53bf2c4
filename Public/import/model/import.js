// The import dialog's decisions, without the DOM: the request, what the
// progress says, what an answer means, and which of its errors are listed.

import { counted, word } from "../../common/model/words.js";

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
  return { value: loaded / total, text: word("import.uploading", { name, percent: Math.floor((100 * loaded) / total) }) };
}

/** What the import summary's per-field counts say, in plain words ("" for none): a
 *  count of the catalog (`import.field.<name>`) per field the server counts. */
const FIELDS = ["first_name", "last_name", "email", "phone", "company", "city", "notes", "favorite", "details", "labels"];
/** Items of a list in a sentence, with the language's separator. */
const joined = (list) => list.join(word("list.separator"));
export function fieldCountsText(fields) {
  const parts = Object.entries(fields ?? {}).filter(([, n]) => n > 0)
    .map(([name, n]) => (FIELDS.includes(name) ? counted(`import.field.${name}`, n) : `${name}: ${n}`));
  return parts.length ? word("import.values", { values: joined(parts) }) : "";
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
      text: word("import.summary", {
        what: joined([
          counted("import.inserted", summary.inserted),
          ...(summary.updated ? [word("import.updated", { count: summary.updated })] : []),
          ...(summary.unchanged ? [word("import.unchanged", { count: summary.unchanged })] : []),
          ...(summary.rejected ? [counted("import.rejected", summary.rejected)] : []),
        ]),
        seconds: summary.seconds, total: summary.total,
      }) +
        (summary.ignoredColumns?.length ? word("import.ignored", { columns: joined(summary.ignoredColumns) }) : "") +
        fieldCountsText(summary.fields),
      errors: summary.errors ?? [],
    };
  }
  return {
    ok: false,
    text: summary?.errors?.length
      ? word("import.rowsRefused")
      : word("import.nothing", { why: summary?.message ?? `HTTP ${status}` }),
    errors: summary?.errors ?? [],
  };
}

/** The lines listing `errors`: the first MAX_ERRORS_SHOWN (by line of the file), then how many more.
 *  The line is the error's own member; its message does not repeat it. */
export function errorLines(errors) {
  const lines = errors.slice(0, MAX_ERRORS_SHOWN).map((e) => (e.line ? word("import.line", { line: e.line, message: e.message }) : e.message));
  if (errors.length > MAX_ERRORS_SHOWN) lines.push(word("import.more", { count: errors.length - MAX_ERRORS_SHOWN }));
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
  const title = [preview.layout, preview.encoding, preview.delimiter && word("import.delimited", { delimiter: preview.delimiter })]
    .filter(Boolean).join(" · ");
  const columns = preview.columns.map((c) => [c.header, c.extra ? word("import.kept") : c.field]);
  const rows = preview.rows.map((row) => {
    if (row.error) return word("import.refused", { why: row.error });
    const name = [row.first_name, row.last_name].filter(Boolean).join(" ") || row.company || row.email;
    const more = Object.keys(row.details ?? {}).length;
    return [...new Set([name, row.email, row.phone, row.company, row.city].filter(Boolean))].join(" · ") +
      (more ? counted("import.moreDetails", more) : "");
  });
  return { title, columns, rows };
}
