// The detail pane's choices after a save met another writer's change to the same
// fields (#detail-merge): per field, its two values side by side as radio
// buttons ("Yours" and "Saved meanwhile"), yours chosen first. Choosing puts that
// value into the form; nothing is saved until the person presses Save. What the
// values are is detail/model/contactDetails.js's (mergeEdits); this file draws them.

import { word } from "../common/model/words.js";
import { shownValue } from "./model/contactDetails.js";

/** The choices in `doc`: {show(conflicts, choose(key, side)), hide(), shown()}. */
export function createConflicts(doc) {
  const box = doc.getElementById("detail-merge");
  const make = (tag, props = {}) => Object.assign(doc.createElement(tag), props);
  let count = 0;

  /** One radio button of a conflict: its side, in words, with the value. */
  function option(conflict, side, group, choose) {
    const id = `detail-merge-${count++}`;
    const label = make("label", { htmlFor: id, className: "merge-option" });
    const input = make("input", { type: "radio", id, name: group, value: side, checked: side === "yours" });
    input.addEventListener("change", () => { if (input.checked) choose(conflict.key, side); });
    const key = conflict.key.startsWith("details.") ? conflict.key.slice(8) : conflict.key;
    const words = make("span", { className: "merge-value", textContent: shownValue(key, conflict[side]), dir: "auto" });
    label.append(input, make("span", { textContent: word(side === "yours" ? "merge.yours" : "merge.theirs") }), words);
    return label;
  }

  return {
    /** Shows a choice for each of `conflicts` ({key, label, yours, theirs}); `choose(key, side)` runs on a change. */
    show(conflicts, choose) {
      const title = make("p", {
        id: "detail-merge-title", className: "merge-title",
        textContent: word("merge.title"),
      });
      const parts = conflicts.map((conflict) => {
        const group = make("fieldset", { className: "merge-field" });
        group.append(make("legend", { textContent: conflict.label }));
        const name = `detail-merge-group-${count++}`;
        group.append(option(conflict, "yours", name, choose), option(conflict, "theirs", name, choose));
        return group;
      });
      box.replaceChildren(title, ...parts);
      box.hidden = false;
      box.querySelector("input")?.focus();
    },
    hide() {
      box.hidden = true;
      box.replaceChildren();
    },
    shown: () => !box.hidden,
  };
}
