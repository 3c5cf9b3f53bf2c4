// The rows' photos in reused slots: a slot bound to another contact stops its photo, an
// image that arrives for a contact its slot no longer shows is dropped, and the avatar's
// sources are the 1x and 2x thumbnails.
import { test } from "node:test";
import assert from "node:assert/strict";

import { createPhotoGuard, photoSources } from "../../Public/list/model/photos.js";

test("the avatar asks for 40 px at 1x and the default 80 px at 2x", () => {
  assert.deepEqual(photoSources("/photos/ab12"), { src: "/photos/ab12", srcset: "/photos/ab12?s=40 1x, /photos/ab12 2x" });
  assert.equal(photoSources("/photos/ab12?v=2").srcset, "/photos/ab12?v=2&s=40 1x, /photos/ab12?v=2 2x");
});

test("a slot loads its contact's photo and shows what it loaded", () => {
  const g = createPhotoGuard();
  assert.deepEqual(g.bind(3, 41, "/photos/a"), { cancel: false, load: "/photos/a" });
  assert.equal(g.mayShow(3, 41, "/photos/a"), true);
});

test("a slot handed to another contact stops the old photo and never shows it", () => {
  const g = createPhotoGuard();
  g.bind(3, 41, "/photos/a");
  assert.deepEqual(g.bind(3, 97, "/photos/b"), { cancel: true, load: "/photos/b" });
  assert.equal(g.mayShow(3, 41, "/photos/a"), false, "the late image of contact 41");
  assert.equal(g.mayShow(3, 97, "/photos/b"), true);
});

test("a slot handed to a contact without a photo clears it and loads nothing", () => {
  const g = createPhotoGuard();
  g.bind(3, 41, "/photos/a");
  assert.deepEqual(g.bind(3, 55, null), { cancel: true, load: null });
  assert.equal(g.mayShow(3, 41, "/photos/a"), false);
});

test("the same contact bound again (a move, an edit) keeps loading its photo", () => {
  const g = createPhotoGuard();
  g.bind(3, 41, "/photos/a");
  assert.deepEqual(g.bind(3, 41, "/photos/a"), { cancel: false, load: "/photos/a" });
  assert.equal(g.mayShow(3, 41, "/photos/a"), true);
});

test("a contact whose photo changed in place stops the old one", () => {
  const g = createPhotoGuard();
  g.bind(3, 41, "/photos/a");
  assert.deepEqual(g.bind(3, 41, "/photos/c"), { cancel: true, load: "/photos/c" });
  assert.equal(g.mayShow(3, 41, "/photos/a"), false);
});

test("a released slot stops its photo; an image arriving after that is dropped", () => {
  const g = createPhotoGuard();
  g.bind(7, 12, "/photos/x");
  assert.deepEqual(g.release(7), { cancel: true });
  assert.equal(g.mayShow(7, 12, "/photos/x"), false);
  assert.deepEqual(g.release(7), { cancel: false });
});

test("answers in any order: only the slot's last binding may show", () => {
  const g = createPhotoGuard();
  const binds = [[1, 10, "/p/10"], [2, 20, "/p/20"], [1, 30, "/p/30"], [2, 40, null], [1, 10, "/p/10"]];
  for (const [slot, id, url] of binds) g.bind(slot, id, url);
  const arrivals = [[1, 30, "/p/30"], [2, 20, "/p/20"], [1, 10, "/p/10"]];
  assert.deepEqual(arrivals.map(([slot, id, url]) => g.mayShow(slot, id, url)), [false, false, true]);
});
