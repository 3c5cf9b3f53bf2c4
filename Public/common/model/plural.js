// Counts in what the page says, in English's two plural forms: "1 contact",
// "2 contacts", "1,234 contacts" (the server has the same rule in Plural.swift).

/** `count` (with thousands separators) and its noun: `one` for exactly 1, else `other`
 *  (`one` + "s" when not given). */
export function counted(count, one, other = `${one}s`) {
  return `${count.toLocaleString()} ${count === 1 ? one : other}`;
}
