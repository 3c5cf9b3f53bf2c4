// A small seeded PRNG for the property tests (mulberry32): the same seed gives
// the same sequence, so a failing case can be run again by its seed.

/** A generator of floats in [0, 1) from `seed`, with int(n) and pick(list). */
export function seeded(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [0, n). */
    int: (n) => Math.floor(next() * n),
    /** One element of `list`. */
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}
