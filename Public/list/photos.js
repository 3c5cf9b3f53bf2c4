// The rows' photos in the slots' nodes (docs/page.md, "Photos"; list/model/photos.js
// decides which photo a slot shows, list/model/photoQueue.js when it is fetched). A row
// with a photo gets an <img> over its initials, shown only once decoded (img.decode(), so
// no frame paints a half-decoded image in the scroll path) and only if its slot still shows
// the contact it was loaded for. Rows the server sends ahead of the motion are bound before
// they are in view, so their photos are asked for then, a few at a time and the nearest to
// the viewport first; a slot released or bound to another contact clears its image's
// source, which stops the browser's load of it.

import { createPhotoQueue } from "./model/photoQueue.js";
import { createPhotoGuard, photoSources } from "./model/photos.js";

/** Returns {bound(node, slot, cell), unbound(node)} for list/slots.js's hooks.
 *  `distance(slot)` says how far the slot's row is from the viewport, px (0 in view;
 *  Infinity when not placed); `measured(ms)` hears how long each photo not yet in the
 *  browser's memory took, fetched to decoded (list/model/motion.js, readyTrip, makes the
 *  lookahead cover it). */
export function createPhotos({ doc, distance = () => 0, measured = () => {} }) {
  const guard = createPhotoGuard();
  const queue = createPhotoQueue(); // each slot's wish: {img, url, id}

  function clear(node) {
    for (const img of node.querySelectorAll("img.photo")) {
      img.removeAttribute("srcset");
      img.removeAttribute("src"); // stops a load under way
      img.remove();
    }
  }

  /** Starts the fetches whose turn has come. */
  function pump() {
    for (const { slot, job, turn } of queue.next(distance)) {
      if (job?.img.isConnected) fetch(slot, job, turn);
      else queue.finished(slot, turn);
    }
  }

  function fetch(slot, { img, url, id }, turn) {
    const show = () => {
      if (img.isConnected && guard.mayShow(slot, id, url)) img.classList.add("shown");
    };
    const done = () => {
      if (queue.finished(slot, turn)) pump(); // (not when the slot was released or fetches another since)
    };
    const { src, srcset } = photoSources(url);
    img.srcset = srcset;
    img.src = src;
    // From the browser's memory (a photo fetched ahead of the motion): shown in this frame.
    if (img.complete && img.naturalWidth > 0) {
      show();
      return done();
    }
    const asked = doc.defaultView?.performance?.now() ?? 0;
    img.decode().then(() => {
      if (img.isConnected) measured((doc.defaultView?.performance?.now() ?? asked) - asked);
      show();
      done();
    }, done); // a photo that fails keeps the initials
  }

  function bound(node, slot, cell) {
    const contact = cell.kind === "contact" ? cell.contact || {} : {};
    const url = typeof contact.photo === "string" && contact.photo ? contact.photo : null;
    const step = guard.bind(slot, contact.id ?? null, url);
    if (step.cancel) {
      clear(node);
      queue.drop(slot); // fetched no more, nor waits to be
    }
    if (!step.load || (!step.cancel && node.querySelector("img.photo"))) return pump();
    const avatar = node.querySelector(".cell > span");
    if (!avatar) return pump();
    const img = doc.createElement("img");
    img.className = "photo";
    img.alt = "";
    img.width = img.height = 40;
    img.decoding = "async";
    avatar.after(img);
    queue.want(slot, { img, url: step.load, id: contact.id });
    pump();
  }

  function unbound(node) {
    const slot = Number(node.dataset.slot);
    if (guard.release(slot).cancel) clear(node);
    queue.drop(slot); // fetched no more, nor waits to be
    pump();
  }

  return { bound, unbound };
}
