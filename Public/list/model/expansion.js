// Rows that expand in place, without the DOM: ArrowRight on the focused row asks
// the server to expand its contact, ArrowLeft to collapse it. The server keeps
// which contacts a session shows expanded and lays their rows out taller
// (/window?expand=ID, &collapse=ID); the page only asks, and shows what the
// answers say (each cell's `expanded`), so a slot recycled for another contact
// never keeps the expansion of the one before.

/**
 * What key `key` does to the focused row's slot `entry` ({id, expanded}, or null):
 * {id, expand: true} for ArrowRight on a row not expanded, {id, expand: false} for
 * ArrowLeft on an expanded one, else null.
 */
export function expansionKey(key, entry) {
  if (!entry || entry.id === null || entry.id === undefined) return null;
  if (key === "ArrowRight" && !entry.expanded) return { id: entry.id, expand: true };
  if (key === "ArrowLeft" && entry.expanded) return { id: entry.id, expand: false };
  return null;
}

/** Asks for contact `id` expanded (`expand` true) or collapsed with the next window request. */
export function askExpansion(state, id, expand) {
  if (!state.expansions) state.expansions = new Map();
  state.expansions.set(id, expand);
  state.dirty = true;
}

/** The `&expand=ID` and `&collapse=ID` parameters of `expansions` (id -> expand), or "". */
export function expansionParams(expansions) {
  let params = "";
  for (const [id, expand] of expansions ?? []) params += `&${expand ? "expand" : "collapse"}=${encodeURIComponent(id)}`;
  return params;
}

/** A copy of what a request asks (`state.expansions`), kept with its ticket. */
export function expansionsAsked(state) {
  return new Map(state.expansions ?? []);
}

/** An answer to a request that asked `asked` came: those asks are done, unless asked otherwise since. */
export function expansionsAnswered(state, asked) {
  if (!state.expansions || !asked) return;
  for (const [id, expand] of asked) if (state.expansions.get(id) === expand) state.expansions.delete(id);
}
