// The detail pane's "More" part (#detail-more): a contact's details as inputs
// (nickname, job title, department, birthday, name parts; other e-mails, phones
// and web pages with their labels, each with a remove button and an add button
// per list; addresses), and the properties kept from an imported file, shown.
// What the details are and whether they changed is detail/model/contactDetails.js's.

import { word } from "../common/model/words.js";
import { ADDRESS_PARTS, DETAIL_LISTS, DETAIL_TEXTS, detailsText, editedDetails } from "./model/contactDetails.js";

/** The "More" part in `doc`. Returns {show(details), details(), text(), shownText(), onChange(fn)}. */
export function createContactDetails(doc) {
  const box = doc.getElementById("detail-more");
  let base = {};
  let counter = 0;
  let changed = () => {}; // a row removed: the form's edits are noticed

  const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);

  // People's text: each value input lays out in its own direction (dir="auto").
  function textInput(label, value, key) {
    const id = `detail-more-${counter++}`;
    const wrap = make("div", { className: "more-field" });
    wrap.append(make("label", { htmlFor: id, textContent: label }), make("input", { id, value: value ?? "", dir: "auto" }));
    wrap.lastChild.dataset.key = key;
    return wrap;
  }

  function labeledRow(key, item, number) {
    const row = make("div", { className: "more-row" });
    row.dataset.item = "";
    const what = word("detail.item", { what: word(`detail.${key}.one`), number });
    const value = make("input", { value: item.value ?? "", dir: "auto" });
    value.setAttribute("aria-label", what);
    value.dataset.part = "value";
    const label = make("input", { value: item.label ?? "", placeholder: word("detail.itemLabelHint"), className: "more-label", dir: "auto" });
    label.setAttribute("aria-label", word("detail.itemLabel", { what }));
    label.dataset.part = "label";
    const remove = make("button", { type: "button", textContent: word("detail.remove"), className: "more-remove" });
    remove.setAttribute("aria-label", word(`detail.${key}.remove`, { number }));
    remove.addEventListener("click", () => {
      row.remove();
      changed();
    });
    row.append(value, label, remove);
    return row;
  }

  function list(key, add, items) {
    const group = make("fieldset", { className: "more-list" });
    group.dataset.list = key;
    group.append(make("legend", { textContent: word(`detail.${key}`) }));
    items.forEach((item, i) => group.append(labeledRow(key, item, i + 1)));
    const button = make("button", { type: "button", textContent: word(add), className: "more-add" });
    button.addEventListener("click", () => {
      const row = labeledRow(key, {}, group.querySelectorAll("[data-item]").length + 1);
      group.insertBefore(row, button);
      row.firstChild.focus();
    });
    group.append(button);
    return group;
  }

  function address(item, index) {
    const group = make("fieldset", { className: "more-address" });
    group.dataset.address = "";
    group.append(make("legend", { textContent: index === 0 ? word("address.first") : word("address.nth", { number: index + 1 }) }));
    group.append(textInput(word("address.label"), item.label, "label"));
    for (const [key, label] of ADDRESS_PARTS) {
      if (index === 0 && key === "city") continue; // the City field above
      group.append(textInput(word(label), item[key], key));
    }
    return group;
  }

  function other(items) {
    const group = make("div", { className: "more-other" });
    group.append(make("h3", { textContent: word("detail.other") }));
    const dl = make("dl");
    for (const item of items) dl.append(make("dt", { textContent: item.name, dir: "auto" }), make("dd", { textContent: item.value, dir: "auto" }));
    group.append(dl);
    return group;
  }

  /** What the inputs say, for editedDetails. */
  function read() {
    const texts = {};
    for (const input of box.querySelectorAll(":scope > .more-field input")) texts[input.dataset.key] = input.value;
    const lists = {};
    for (const group of box.querySelectorAll("[data-list]")) {
      lists[group.dataset.list] = [...group.querySelectorAll("[data-item]")].map((row) => ({
        value: row.querySelector('[data-part="value"]').value, label: row.querySelector('[data-part="label"]').value,
      }));
    }
    const addresses = [...box.querySelectorAll("[data-address]")].map((group) =>
      Object.fromEntries([...group.querySelectorAll("input")].map((input) => [input.dataset.key, input.value])));
    return { texts, lists, addresses };
  }

  return {
    /** Shows `details` (as read), replacing any edits; `edited`: shows these in the
     *  inputs instead, as edits of `details` (a save's edits merged into a newer version). */
    show(details, edited = details) {
      base = details ?? {};
      const shown = edited ?? {};
      const parts = DETAIL_TEXTS.map(([key, label]) => textInput(word(label), shown[key], key));
      for (const [key, , add] of DETAIL_LISTS) parts.push(list(key, add, shown[key] ?? []));
      const addresses = shown.addresses?.length ? shown.addresses : [{}];
      addresses.forEach((item, i) => parts.push(address(item, i)));
      if (base.other?.length) parts.push(other(base.other));
      box.replaceChildren(...parts);
    },
    /** The details as read (what the inputs started from). */
    shown: () => base,
    /** The details the form gives now. */
    details: () => editedDetails(base, read()),
    /** detailsText of the form's details, and of those shown. */
    text: () => detailsText(editedDetails(base, read())),
    shownText: () => detailsText(base),
    /** `fn()` runs when a row is removed (typing is the form's own input event). */
    onChange(fn) {
      changed = fn;
    },
  };
}
