// The detail pane's elements: the form's fields and their error notes, the
// title, avatar, star, message and the delete confirmation. Reads and writes
// them only; what to show is detail/detail.js's (and detail/model/detail.js's) decision.

import { word } from "../common/model/words.js";
import { FIELDS, formValue } from "./model/detail.js";
import { createContactDetails } from "./contactDetails.js";

/** The pane's view in `doc`. */
export function createPaneView(doc) {
  const form = doc.getElementById("detail-form");
  const title = doc.getElementById("detail-title");
  const avatar = doc.getElementById("detail-avatar");
  const photoControls = doc.getElementById("detail-photo");
  const photoRemove = doc.getElementById("detail-photo-remove");
  const star = doc.getElementById("detail-star");
  const reach = doc.getElementById("detail-reach");
  const mail = doc.getElementById("detail-mail");
  const call = doc.getElementById("detail-call");
  const message = doc.getElementById("detail-message");
  const saveButton = doc.getElementById("detail-save");
  const deleteButton = doc.getElementById("detail-delete");
  const confirmBox = doc.getElementById("detail-confirm");
  const confirmText = doc.getElementById("detail-confirm-text");
  const confirmDelete = doc.getElementById("detail-confirm-delete");
  const detailsNote = doc.getElementById("detail-details-error");

  const more = createContactDetails(doc);
  const input = (name) => form.elements[name];
  const note = (name) => doc.getElementById(`${input(name).id}-error`);
  const each = (read) => Object.fromEntries(FIELDS.map((name) => [name, read(input(name))]));

  /** Sets every field to `contact`'s value, also as its default: what a patch
   *  compares with to send only the fields edited. */
  function setValues(contact) {
    for (const name of FIELDS) {
      input(name).defaultValue = formValue(name, contact[name]);
      input(name).value = input(name).defaultValue;
    }
    more.show(contact.details ?? {});
  }

  function setStar(on) {
    star.setAttribute("aria-pressed", String(on));
  }

  function say(text, failed = false) {
    message.textContent = text;
    message.classList.toggle("failed", failed);
  }

  function clearErrors() {
    for (const name of FIELDS) {
      note(name).textContent = "";
      note(name).hidden = true;
      input(name).removeAttribute("aria-invalid");
    }
    detailsNote.textContent = "";
    detailsNote.hidden = true;
  }

  /** Shows the e-mail and phone as mailto: and tel: links ({href, text} or null each). */
  function showReach(links) {
    for (const [link, value] of [[mail, links.mail], [call, links.call]]) {
      link.parentElement.hidden = !value;
      if (!value) continue;
      link.href = value.href;
      link.lastElementChild.textContent = value.text;
    }
    reach.hidden = !links.mail && !links.call;
  }

  function showAvatar(src) {
    if (src) avatar.src = src;
    avatar.hidden = !src;
  }

  return {
    /** The form's values (name -> text; `details` the text of its details object). */
    values: () => ({ ...each((e) => e.value), details: more.text() }),
    defaults: () => ({ ...each((e) => e.defaultValue), details: more.shownText() }),
    /** The details object the form gives. */
    details: () => more.details(),
    title: () => title.textContent,
    setTitle(text) { title.textContent = text; },
    setStar,
    say,
    clearErrors,
    showAvatar,
    /** Whether the contact shown has a photo: Remove photo shows only then. */
    showPhoto(has) { photoRemove.hidden = !has; },
    showDelete(on) { deleteButton.hidden = !on; },
    hideForm() { form.hidden = true; },
    hideConfirm() { confirmBox.hidden = true; },
    busy(on) { saveButton.disabled = on; },
    focusFirst() { input("first_name").focus(); },

    /** The empty form, before anything is shown in it. */
    clear() {
      setValues({});
      form.hidden = false;
      clearErrors();
      say("");
      setStar(false);
      confirmBox.hidden = true;
      deleteButton.hidden = false;
      avatar.hidden = true;
      photoControls.hidden = true; // a new contact takes its photo once saved
      showReach({ mail: null, call: null });
    },

    /** Shows `contact` with `what` ({title, avatar, photo, favorite}), replacing any edits. */
    show(contact, what) {
      form.hidden = false;
      setValues(contact);
      setStar(what.favorite);
      title.textContent = what.title;
      showAvatar(what.avatar);
      photoControls.hidden = false;
      photoRemove.hidden = !what.photo;
      showReach(what);
      deleteButton.hidden = false;
      clearErrors();
    },

    /** Puts `values` (name -> text) and `details` into the form as edits of what it shows. */
    putEdits(values, details) {
      for (const name of FIELDS) input(name).value = formValue(name, values[name]);
      more.show(more.shown(), details);
    },
    /** Sets field `name` to `value` as an edit. */
    setValue(name, value) { input(name).value = value ?? ""; },
    /** Sets detail `key` to `value` as an edit, the other details' inputs as they are. */
    setDetail(key, value) { more.show(more.shown(), { ...more.details(), [key]: value }); },
    /** The details as read. */
    shownDetails: () => more.shown(),

    /** Says `text` under the details (a detail the server refused). */
    detailsError(text) {
      detailsNote.textContent = text;
      detailsNote.hidden = false;
    },

    /** Shows the server's `text` beside field `name`, and focuses it. */
    fieldError(name, text) {
      note(name).textContent = text;
      note(name).hidden = false;
      input(name).setAttribute("aria-invalid", "true");
      input(name).focus();
    },

    onSubmit(save) {
      form.addEventListener("submit", (event) => {
        event.preventDefault();
        save();
      });
    },
    onInput(edited) {
      form.addEventListener("input", edited);
      more.onChange(edited);
    },
    onStar(flip) { star.addEventListener("click", flip); },
    /** A photo chosen, or dropped on the pane: `take(file)`; its removal: `drop()`. */
    onPhoto(take, drop) {
      const pane = doc.getElementById("detail");
      const file = doc.getElementById("detail-photo-file");
      file.addEventListener("change", () => {
        if (file.files?.[0]) take(file.files[0]);
        file.value = "";
      });
      doc.getElementById("detail-photo-remove").addEventListener("click", drop);
      pane.addEventListener("dragover", (event) => {
        if (photoControls.hidden || !event.dataTransfer?.types?.includes("Files")) return;
        event.preventDefault();
        pane.classList.add("dropping");
      });
      pane.addEventListener("dragleave", () => pane.classList.remove("dropping"));
      pane.addEventListener("drop", (event) => {
        pane.classList.remove("dropping");
        const dropped = event.dataTransfer?.files?.[0];
        if (photoControls.hidden || !dropped) return;
        event.preventDefault();
        take(dropped);
      });
    },
    onClose(close) { doc.getElementById("detail-close").addEventListener("click", close); },

    /** Delete asks first: `remove` runs once the confirmation's Delete is pressed. */
    onDelete(remove) {
      deleteButton.addEventListener("click", () => {
        confirmText.textContent = word("detail.confirmDelete", { name: title.textContent });
        confirmBox.hidden = false;
        confirmDelete.focus();
      });
      confirmDelete.addEventListener("click", remove);
      doc.getElementById("detail-confirm-cancel").addEventListener("click", () => {
        confirmBox.hidden = true;
        deleteButton.focus();
      });
    },
  };
}
