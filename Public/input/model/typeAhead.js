// Type-ahead, without the DOM: letters typed on the list, one after another,
// spell the start of a name to jump to (as in native lists and file managers);
// a pause longer than TYPE_AHEAD_PAUSE starts a new name.

/** ms after the last key before the next one starts a new name. */
export const TYPE_AHEAD_PAUSE = 1000;

/** No name typed yet. */
export function createTypeAhead() {
  return { text: "", at: -Infinity };
}

/**
 * Key `key` typed at `now` (ms): the name's start typed so far, to jump to; or
 * null when the key is not type-ahead's (not one printable character, or a
 * space or punctuation that would start a name).
 */
export function typeKey(typing, key, now) {
  if ([...key].length !== 1) return null;
  const fresh = now - typing.at > TYPE_AHEAD_PAUSE;
  const letter = /[\p{L}\p{N}]/u.test(key);
  // Within a name a space, an apostrophe, a hyphen or a dot go on ("van d", "o'b").
  if (!letter && (fresh || !/[\s'’.\-]/u.test(key))) return null;
  typing.text = fresh ? key : typing.text + key;
  typing.at = now;
  return typing.text;
}

/** Whether a name is being typed at `now`: a space then goes on with it. */
export function typingAt(typing, now) {
  return typing.text !== "" && now - typing.at <= TYPE_AHEAD_PAUSE;
}
