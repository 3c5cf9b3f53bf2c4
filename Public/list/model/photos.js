// Which photo each slot's row shows (docs/page.md, "Photos"): the seed's asynchronous image
// in a reused cell. A slot bound to another contact drops its image at once and cancels a
// load still under way; an image that finishes for a contact its slot no longer shows is
// dropped (the guard). Pure: the DOM wrapper (list/photos.js) does what it says.

/** The sources of the row avatar's image for a cell's `photo` URL: 40 px at 1x, the
 *  server's default (80 px) at 2x. */
export function photoSources(url) {
  const sized = (size) => `${url}${url.includes("?") ? "&" : "?"}s=${size}`;
  return { src: url, srcset: `${sized(40)} 1x, ${url} 2x` };
}

/** The photos the slots want. Returns {bind, release, mayShow}. */
export function createPhotoGuard() {
  const wanted = new Map(); // slot ID -> {id, url}: what the slot's row shows now

  /** Slot `slot` now shows contact `id` with photo `url` (or none). Returns {cancel: the
   *  slot had another photo, whose load stops; load: the URL to load, or null}. A slot
 *  filled again with the same contact loads the same URL: the browser has it already. */
  function bind(slot, id, url) {
    const before = wanted.get(slot);
    if (url) wanted.set(slot, { id, url });
    else wanted.delete(slot);
    return { cancel: Boolean(before) && (before.id !== id || before.url !== url), load: url || null };
  }

  /** Slot `slot` left the window. Returns {cancel}. */
  function release(slot) {
    const had = wanted.delete(slot);
    return { cancel: had };
  }

  /** Whether an image of `url`, loaded for contact `id` in slot `slot`, may show there. */
  function mayShow(slot, id, url) {
    const now = wanted.get(slot);
    return Boolean(now) && now.id === id && now.url === url;
  }

  return { bind, release, mayShow };
}
