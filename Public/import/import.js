// Importing a CSV file from the page: a dialog opened from the bar, an upload
// with progress, then a summary (inserted, rejected, the first errors, ignored
// columns). After a successful import the list is told (`onImported`) so it
// asks for its window at once; the event stream would tell it too, a moment
// later. An upload answered 401 opens the sign-in form and goes again once the
// person has signed in. The words and decisions are import/model/import.js's.

import { word } from "../common/model/words.js";
import {
  PREVIEW_BYTES, errorLines, importOutcome, importUrl, previewView, uploadProgress, uploadType,
} from "./model/import.js";

/**
 * Connects the import dialog of `doc`; `onImported()` runs after contacts went
 * in; `signIn` is signin/signIn.js's (its `fetch`, and `ask()` for the upload's 401).
 */
export function createImport(doc, onImported, signIn) {
  const dialog = doc.getElementById("import-dialog");
  const form = doc.getElementById("import");
  const progress = doc.getElementById("import-progress");
  const result = doc.getElementById("import-result");
  const errorList = doc.getElementById("import-errors");

  /** Lists the first errors the server reported, one per line of the file. */
  function listErrors(errors) {
    const lines = errorLines(errors);
    if (!lines.length) return;
    errorList.replaceChildren(...lines.map((line) => {
      const item = doc.createElement("li");
      item.textContent = line;
      return item;
    }));
  }

  function failed(text) {
    progress.hidden = true;
    result.classList.add("failed");
    result.textContent = text;
  }

  function upload(file, mode, skip) {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", importUrl(mode, skip));
    xhr.setRequestHeader("Content-Type", uploadType(file.name, file.type));
    progress.hidden = false;
    progress.value = 0;
    result.classList.remove("failed");
    errorList.replaceChildren();
    result.textContent = word("import.uploadingStart", { name: file.name });
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      const now = uploadProgress(file.name, e.loaded, e.total);
      progress.value = now.value;
      result.textContent = now.text;
    };
    xhr.upload.onload = () => {
      progress.removeAttribute("value"); // indeterminate while the server writes
      result.textContent = word("import.importing");
    };
    xhr.onload = () => {
      if (xhr.status === 401) {
        result.textContent = word("import.signIn");
        return signIn.ask().then(() => upload(file, mode, skip));
      }
      const outcome = importOutcome(xhr.status, xhr.responseText);
      if (outcome.ok) {
        progress.hidden = true;
        result.textContent = outcome.text;
        listErrors(outcome.errors);
        onImported();
      } else {
        failed(outcome.text);
        listErrors(outcome.errors);
      }
    };
    xhr.onerror = () => failed(word("import.unreachable"));
    xhr.send(file);
  }

  /** Shows what importing `file` would do (POST /import/preview of its start). */
  async function preview(file) {
    const box = doc.getElementById("import-preview");
    box.hidden = true;
    result.classList.remove("failed");
    result.textContent = "";
    errorList.replaceChildren();
    if (!file) return;
    const headers = { "Content-Type": uploadType(file.name, file.type) };
    const whole = file.size <= PREVIEW_BYTES ? "?whole=1" : "";
    const response = await signIn.fetch(`/import/preview${whole}`, { method: "POST", headers, body: file.slice(0, PREVIEW_BYTES) })
      .catch(() => null);
    const answer = response ? await response.json().catch(() => null) : null;
    if (!response?.ok || !answer) return failed(answer?.message ?? word("import.noPreview"));
    const view = previewView(answer);
    doc.getElementById("import-preview-file").textContent = view.title;
    const cell = (tag, text) => Object.assign(doc.createElement(tag), { textContent: text });
    doc.querySelector("#import-preview-columns tbody").replaceChildren(...view.columns.map(([header, goes]) => {
      const row = doc.createElement("tr");
      row.append(cell("td", header), cell("td", goes));
      return row;
    }));
    doc.getElementById("import-preview-columns").hidden = view.columns.length === 0;
    doc.getElementById("import-preview-rows").replaceChildren(...view.rows.map((text) => Object.assign(cell("li", text), { dir: "auto" })));
    box.hidden = false;
  }

  doc.getElementById("import-file").addEventListener("change", (event) => {
    preview(event.target.files[0]);
  });

  doc.getElementById("import-open").addEventListener("click", () => dialog.showModal());
  doc.getElementById("import-close").addEventListener("click", () => dialog.close());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const file = doc.getElementById("import-file").files[0];
    if (!file) return;
    upload(file, doc.getElementById("import-mode").value, doc.getElementById("import-skip").checked);
  });
}
