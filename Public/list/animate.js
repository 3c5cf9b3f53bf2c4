// Rows changed by data, animated with the Web Animations API (docs/page.md,
// "Animated changes"): what list/model/changes.js planned. A deleted row fades out
// as a copy left where it was (its slot may show another row in the same frame);
// an inserted one fades in; a moved one slides from its old screen place (FLIP: a
// transform added to the slot's own, so a scroll meanwhile still moves it).
// Transforms and opacity only, nothing laid out.

import { DURATION } from "./model/changes.js";

const EASING = "cubic-bezier(.2, 0, 0, 1)";

/**
 * The copies of the rows `plan.out` fades out, taken from their slots' nodes
 * (`nodeOf(slot)`) before the frame writes them; `run()` starts every animation of
 * `plan` once the frame has written and placed the slots.
 */
export function prepareChanges(stage, plan, nodeOf) {
  const ghosts = [];
  for (const { slot, y } of plan.out) {
    const node = nodeOf(slot);
    if (!node || node.hidden) continue;
    const ghost = node.cloneNode(true);
    for (const name of ["id", "data-slot", "data-row", "data-id", "data-kind", "role", "aria-rowindex", "aria-label", "aria-selected"]) {
      ghost.removeAttribute(name);
    }
    ghost.classList.add("ghost");
    ghost.classList.remove("focused");
    ghost.setAttribute("aria-hidden", "true");
    ghost.inert = true;
    ghost.style.transform = `translateY(${y}px)`;
    ghosts.push(ghost);
  }
  return {
    run() {
      for (const ghost of ghosts) {
        stage.appendChild(ghost);
        const fade = ghost.animate([{ opacity: 1 }, { opacity: 0 }], { duration: DURATION, easing: EASING, fill: "forwards" });
        fade.onfinish = fade.oncancel = () => ghost.remove();
      }
      for (const slot of plan.fadeIn) nodeOf(slot)?.animate([{ opacity: 0 }, { opacity: 1 }], { duration: DURATION, easing: EASING });
      for (const slot of plan.update) nodeOf(slot)?.animate([{ opacity: 0.4 }, { opacity: 1 }], { duration: DURATION, easing: EASING });
      for (const { slot, dy } of plan.moves) {
        nodeOf(slot)?.animate(
          [{ transform: `translateY(${dy}px)` }, { transform: "translateY(0)" }],
          { duration: DURATION, easing: EASING, composite: "add" },
        );
      }
    },
  };
}
