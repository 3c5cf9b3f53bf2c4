// The letter index (#index): one button a section (`data-index` its title), made
// once, then brought up to date in a frame whenever /sections answers again (the
// data changed, or the search did). A section with no contact (none of the
// search's results, or absent from the answer) is disabled, so it shows dimmed
// and cannot be activated.

const TITLES = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ#"]; // the README's sections, in order

const index = document.getElementById("index");

let buttons = null;  // title -> button
let jump = null;     // (title) => void, from the list
let pending = null;  // the sections to show in the next frame

/** Shows `sections` (/sections' list) in the index; a click calls `onJump(title)`. */
export function showLetters(sections, onJump) {
  jump = onJump;
  if (pending === null) requestAnimationFrame(() => {
    draw(pending);
    pending = null;
  });
  pending = sections;
}

function draw(sections) {
  if (buttons === null) {
    buttons = new Map();
    const titles = [...TITLES, ...sections.map((s) => s.title).filter((t) => !TITLES.includes(t))];
    index.replaceChildren(...titles.map((title) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = title;
      button.dataset.index = title;
      buttons.set(title, button);
      return button;
    }));
  }
  const counts = new Map(sections.map((s) => [s.title, s.rows]));
  for (const [title, button] of buttons) {
    const rows = counts.get(title) ?? 0;
    if (button.disabled === (rows === 0) && button.hasAttribute("aria-label")) continue;
    button.disabled = rows === 0;
    button.setAttribute("aria-label", rows ? `Jump to ${title}` : `${title}: no contacts`);
  }
}

index.addEventListener("click", (event) => {
  const button = event.target.closest("[data-index]");
  if (button && !button.disabled && jump) jump(button.dataset.index);
});
