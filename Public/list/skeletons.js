// The skeleton blocks' nodes: a fixed set of plain divs under the slots (never
// slot nodes: no `data-slot`, hidden from assistive technology), moved to the
// places list/model/skeletons.js gives. A block as tall as a header is drawn as one.

import { MAX_BLOCKS } from "./model/skeletons.js";

/** The layer in `stage`, below every slot; `header` is a header's height (px). Returns {draw}. */
export function createSkeletonLayer(stage, header) {
  const layer = stage.ownerDocument.createElement("div");
  layer.className = "skeletons";
  layer.setAttribute("aria-hidden", "true");
  stage.prepend(layer);
  const shown = []; // per node: "top height" as drawn, or "" when hidden

  /** Draws `blocks` ([{top, height}]) for content offset `v`; writes only what changed. */
  function draw(blocks, v) {
    for (let k = 0; k < Math.max(blocks.length, shown.length) && k < MAX_BLOCKS; k += 1) {
      const block = blocks[k];
      const key = block ? `${block.top - v} ${block.height}` : "";
      if (shown[k] === key) continue;
      let node = layer.children[k];
      if (!node) {
        node = layer.appendChild(stage.ownerDocument.createElement("div"));
        node.className = "skeleton";
      }
      shown[k] = key;
      node.hidden = !block;
      if (!block) continue;
      node.style.transform = `translateY(${block.top - v}px)`;
      node.style.height = `${block.height}px`;
      node.classList.toggle("header", block.height === header);
    }
  }

  return { draw };
}
