// Importing a CSV file from the page: a dialog opened from the bar, an upload
// with progress, then a summary (inserted, rejected, the first errors, ignored
// columns). After a successful import the list is told (a "roster:changed"
// event on the document) so it asks for its window at once; the event stream
// would tell it too, a moment later.

const dialog = document.getElementById("import-dialog");
const importForm = document.getElementById("import");
const importProgress = document.getElementById("import-progress");
const importResult = document.getElementById("import-result");
const importErrors = document.getElementById("import-errors");
const tokenInput = document.getElementById("import-token");

const MAX_ERRORS_SHOWN = 20;

document.getElementById("import-open").addEventListener("click", () => {
  tokenInput.value = sessionStorage.getItem("roster:token") ?? "";
  dialog.showModal();
});
document.getElementById("import-close").addEventListener("click", () => dialog.close());

importForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const file = document.getElementById("import-file").files[0];
  if (!file) return;
  const mode = document.getElementById("import-mode").value;
  const token = tokenInput.value;
  // The contact writes of the page (api.js) use the same token.
  if (token) sessionStorage.setItem("roster:token", token);
  else sessionStorage.removeItem("roster:token");
  const xhr = new XMLHttpRequest();
  xhr.open("POST", `/import?mode=${encodeURIComponent(mode)}`);
  xhr.setRequestHeader("Content-Type", "text/csv");
  if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
  importProgress.hidden = false;
  importProgress.value = 0;
  importResult.classList.remove("failed");
  importErrors.replaceChildren();
  importResult.textContent = `Uploading ${file.name}…`;
  xhr.upload.onprogress = (e) => {
    if (!e.lengthComputable) return;
    importProgress.value = e.loaded / e.total;
    importResult.textContent = `Uploading ${file.name}: ${Math.floor((100 * e.loaded) / e.total)} %`;
  };
  xhr.upload.onload = () => {
    importProgress.removeAttribute("value"); // indeterminate while the server writes
    importResult.textContent = "Importing…";
  };
  xhr.onload = () => {
    importProgress.hidden = true;
    let summary = null;
    try { summary = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
    if (xhr.status === 200 && summary) {
      importResult.textContent = `Imported ${summary.inserted.toLocaleString()} contacts` +
        (summary.rejected ? `, ${summary.rejected.toLocaleString()} rows rejected` : "") +
        ` in ${summary.seconds} s; ${summary.total.toLocaleString()} in the list.` +
        (summary.ignoredColumns?.length ? ` Ignored columns: ${summary.ignoredColumns.join(", ")}.` : "");
      listErrors(summary.errors);
      document.dispatchEvent(new Event("roster:changed"));
    } else {
      importResult.classList.add("failed");
      importResult.textContent = summary?.errors?.length
        ? "Nothing imported: the file has rows that cannot be imported."
        : `Nothing imported: ${summary?.message ?? `HTTP ${xhr.status}`}`;
      listErrors(summary?.errors);
    }
  };
  xhr.onerror = () => {
    importProgress.hidden = true;
    importResult.classList.add("failed");
    importResult.textContent = "The upload failed: the server could not be reached.";
  };
  xhr.send(file);
});

/** Lists the first errors the server reported, one per line of the file. */
function listErrors(errors) {
  if (!errors?.length) return;
  importErrors.replaceChildren(...errors.slice(0, MAX_ERRORS_SHOWN).map((error) => {
    const item = document.createElement("li");
    item.textContent = error.line ? `Line ${error.line}: ${error.message}` : error.message;
    return item;
  }));
  if (errors.length > MAX_ERRORS_SHOWN) {
    const more = document.createElement("li");
    more.textContent = `… and ${errors.length - MAX_ERRORS_SHOWN} more`;
    importErrors.append(more);
  }
}
