// The view switch (#views: All / Favourites, each a toggle button) and the label
// picker (#label-picker, a <select> of GET /labels' names with their counts).
// Choosing one shows that list from its top (the list asks /window and
// /sections with filter= and label=, with the search's q); the URL's hash
// follows (#view=favorites, #label=Work). The labels are read again when the
// data changes (at most every LABELS_EVERY ms). The decisions are views/model/views.js's.

import { ALL } from "../common/model/link.js";
import { LABELS_EVERY, filterHash, labelOptions, labelsDue, sameOptions, withLabel, withView } from "./model/views.js";

/**
 * Connects the controls of `doc`. `get` fetches (through the sign-in);
 * `hooks.change(filter)` shows the list through `filter` ({view, label}) from its
 * top. Returns {show(filter), refresh()}: `show` sets the controls to a filter
 * a link opened; `refresh` reads the labels again (the data changed).
 */
export function createViews({ doc, get, hooks }) {
  const win = doc.defaultView;
  const buttons = [...doc.querySelectorAll("#views [data-view]")];
  const picker = doc.getElementById("label-picker");
  let filter = ALL;
  let labels = [];
  let drawn = [];
  let lastRead = null;
  let timer = 0;

  function draw() {
    for (const button of buttons) {
      const pressed = String(button.dataset.view === filter.view);
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
    const options = labelOptions(labels, filter.label);
    if (sameOptions(options, drawn)) return;
    drawn = options;
    picker.replaceChildren(...options.map(({ value, text, selected }) => {
      const option = doc.createElement("option");
      option.value = value;
      option.textContent = text;
      option.selected = selected;
      return option;
    }));
  }

  function choose(next) {
    const hash = filterHash(win.location.hash, next);
    filter = next;
    draw();
    if (hash !== null) win.history.replaceState(null, "", hash || win.location.pathname + win.location.search);
    hooks.change(next);
  }

  async function read() {
    lastRead = performance.now();
    const response = await get("/labels", { headers: { Accept: "application/json" } }).catch(() => null);
    if (!response?.ok) return;
    const answer = await response.json().catch(() => null);
    if (!answer?.labels) return;
    labels = answer.labels;
    draw();
  }

  for (const button of buttons) {
    button.addEventListener("click", () => choose(withView(filter, button.dataset.view)));
  }
  picker.addEventListener("change", () => choose(withLabel(filter, picker.value)));

  draw();
  read();

  return {
    show(next) {
      filter = { view: next.view, label: next.label };
      draw();
    },
    refresh() {
      if (timer) return;
      const wait = labelsDue(lastRead, performance.now()) ? 0 : LABELS_EVERY;
      timer = setTimeout(() => {
        timer = 0;
        read();
      }, wait);
    },
  };
}
