// Importing a CSV file from the page: an upload with progress, then a summary.
// After a successful import the list is told (a "roster:changed" event on the
// document) so it asks for a fresh window.

const importForm = document.getElementById("import");
const importProgress = document.getElementById("import-progress");
const importResult = document.getElementById("import-result");

importForm.addEventListener("submit", (event) => {
  event.preventDefault();
  const file = document.getElementById("import-file").files[0];
  if (!file) return;
  const mode = document.getElementById("import-mode").value;
  const token = document.getElementById("import-token").value;
  const xhr = new XMLHttpRequest();
  xhr.open("POST", `/import?mode=${encodeURIComponent(mode)}`);
  xhr.setRequestHeader("Content-Type", "text/csv");
  if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
  importProgress.hidden = false;
  importProgress.value = 0;
  importResult.classList.remove("failed");
  importResult.textContent = `Uploading ${file.name}…`;
  xhr.upload.onprogress = (e) => {
    if (e.lengthComputable) importProgress.value = e.loaded / e.total;
  };
  xhr.upload.onload = () => { importResult.textContent = "Importing…"; };
  xhr.onload = () => {
    importProgress.hidden = true;
    let summary = null;
    try { summary = JSON.parse(xhr.responseText); } catch { /* not JSON */ }
    if (xhr.status === 200 && summary) {
      const problems = summary.errors.slice(0, 3).map((e) => e.message).join("; ");
      importResult.textContent = `Imported ${summary.inserted.toLocaleString()} contacts` +
        (summary.rejected ? `, ${summary.rejected} rows skipped (${problems})` : "") +
        ` in ${summary.seconds} s; ${summary.total.toLocaleString()} in the list.`;
      document.dispatchEvent(new Event("roster:changed"));
    } else {
      importResult.classList.add("failed");
      const detail = summary?.errors?.length
        ? summary.errors.slice(0, 3).map((e) => e.message).join("; ")
        : summary?.message ?? `HTTP ${xhr.status}`;
      importResult.textContent = `Nothing imported: ${detail}`;
    }
  };
  xhr.onerror = () => {
    importProgress.hidden = true;
    importResult.classList.add("failed");
    importResult.textContent = "The upload failed: the server could not be reached.";
  };
  xhr.send(file);
});
