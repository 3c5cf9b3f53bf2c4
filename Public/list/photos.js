// The rows' photos in the slots' nodes (docs/page.md, "Photos"; list/model/photos.js
// decides). A row with a photo gets an <img> over its initials, shown only once decoded
// (img.decode(), so no frame paints a half-decoded image in the scroll path) and only if
// its slot still shows the contact it was loaded for. Rows the server sends ahead of the
// motion are bound before they are in view, so their photos are asked for then; a slot
// released or bound to another contact clears its image's source, which stops the
// browser's load of it.

import { createPhotoGuard, photoSources } from "./model/photos.js";

/** Returns {bound(node, slot, cell), unbound(node)} for list/slots.js's hooks;
 *  `measured(ms)` hears how long each photo not yet in the browser's memory took, asked
 *  to decoded (list/model/motion.js, readyTrip, makes the lookahead cover it). */
export function createPhotos({ doc, measured = () => {} }) {
  const guard = createPhotoGuard();

  function clear(node) {
    for (const img of node.querySelectorAll("img.photo")) {
      img.removeAttribute("srcset");
      img.removeAttribute("src"); // stops a load under way
      img.remove();
    }
  }

  function bound(node, slot, cell) {
    const contact = cell.kind === "contact" ? cell.contact || {} : {};
    const url = typeof contact.photo === "string" && contact.photo ? contact.photo : null;
    const step = guard.bind(slot, contact.id ?? null, url);
    if (step.cancel) clear(node);
    if (!step.load) return;
    const avatar = node.querySelector(".cell > span");
    if (!avatar) return;
    const img = doc.createElement("img");
    img.className = "photo";
    img.alt = "";
    img.width = img.height = 40;
    img.decoding = "async";
    const { src, srcset } = photoSources(step.load);
    img.srcset = srcset;
    img.src = src;
    avatar.after(img);
    const id = contact.id;
    const show = () => {
      if (img.isConnected && guard.mayShow(slot, id, step.load)) img.classList.add("shown");
    };
    // From the browser's memory (a photo asked for ahead of the motion): shown in this frame.
    if (img.complete && img.naturalWidth > 0) return show();
    const asked = doc.defaultView?.performance?.now() ?? 0;
    img.decode().then(() => {
      if (img.isConnected) measured((doc.defaultView?.performance?.now() ?? asked) - asked);
      show();
    }, () => {}); // a photo that fails keeps the initials
  }

  function unbound(node) {
    if (guard.release(Number(node.dataset.slot)).cancel) clear(node);
  }

  return { bound, unbound };
}
