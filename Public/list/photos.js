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
  const queue = createPhotoQueue();
  const waiting = new Map(); // slot -> {img, url, id}: an image whose fetch has not started
  const turns = new Map(); // slot -> the fetch holding its turn (a later one replaces it)

  function clear(node) {
    for (const img of node.querySelectorAll("img.photo")) {
      img.removeAttribute("srcset");
      img.removeAttribute("src"); // stops a load under way
      img.remove();
    }
  }

  /** Starts the fetches whose turn has come. */
  function pump() {
    for (const slot of queue.next(distance)) {
      const photo = waiting.get(slot);
      waiting.delete(slot);
      if (photo?.img.isConnected) fetch(slot, photo);
      else queue.finished(slot);
    }
  }

  function fetch(slot, { img, url, id }) {
    const show = () => {
      if (img.isConnected && guard.mayShow(slot, id, url)) img.classList.add("shown");
    };
    const turn = {};
    const done = () => {
      if (turns.get(slot) !== turn) return; // the slot was released or fetches another since
      turns.delete(slot);
      queue.finished(slot);
      pump();
    };
    turns.set(slot, turn);
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
      forget(slot);
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
    turns.delete(slot);
    waiting.set(slot, { img, url: step.load, id: contact.id });
    queue.want(slot);
    pump();
  }

  /** The slot's photo is fetched no more, nor waits to be. */
  function forget(slot) {
    waiting.delete(slot);
    turns.delete(slot);
    queue.drop(slot);
  }

  function unbound(node) {
    const slot = Number(node.dataset.slot);
    if (guard.release(slot).cancel) clear(node);
    forget(slot);
    pump();
  }

  return { bound, unbound };
}
