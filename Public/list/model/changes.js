// Which rows animate when data changes, without the DOM (docs/page.md, "Animated
// changes"): only what a /window answer marks as a change, and only in view. A
// cell with `change` "insert" fades in, "move" slides from where its contact was on
// screen (FLIP: the difference of the two screen places, so anchoring or a scroll
// in the same frame adds nothing), "update" fades from half; a slot of `deleted`
// fades out where it was. Cells without `change` came by scrolling: never.
// Nothing animates when the reader asked for reduced motion.

/** ms an animation lasts, at most. */
export const DURATION = 240;

/**
 * What to animate for an answer. `before`: the slot model's entries as they were
 * (slot ID -> {shown, id, row, top, height}: `snapshot`) with `oldV`; `cells` and `deleted` the
 * answer's; `newV` the list's offset once applied; `viewport` its height;
 * `reduced`: prefers-reduced-motion. Returns {out: [{slot, y, height}] (deleted rows'
 * old screen places), fadeIn: [slot], update: [slot], moves: [{slot, dy}]}.
 */
export function planChanges({ before, oldV, newV, viewport, cells, deleted, reduced }) {
  const plan = { out: [], fadeIn: [], update: [], moves: [] };
  if (reduced) return plan;
  const inView = (y, height) => y + height > 0 && y < viewport;
  for (const slot of deleted ?? []) {
    const entry = before.get(slot);
    if (!entry || !entry.shown) continue;
    const y = entry.top - oldV;
    if (inView(y, entry.height)) plan.out.push({ slot, y, height: entry.height });
  }
  const wasAt = new Map();
  for (const entry of before.values()) if (entry.shown && entry.id !== null) wasAt.set(entry.id, entry);
  for (const cell of cells) {
    if (!cell.change || cell.kind !== "contact") continue;
    const y = cell.top - newV;
    const old = cell.contact ? wasAt.get(cell.contact.id) : undefined;
    const oldY = old ? old.top - oldV : null;
    if (!inView(y, cell.height) && (oldY === null || !inView(oldY, old.height))) continue;
    if (cell.change === "insert" || (cell.change === "move" && oldY === null)) plan.fadeIn.push(cell.slot);
    else if (cell.change === "move" && oldY !== y) plan.moves.push({ slot: cell.slot, dy: oldY - y });
    else if (cell.change === "update") plan.update.push(cell.slot);
  }
  return plan;
}

/** Whether `plan` animates anything. */
export function animates(plan) {
  return plan.out.length + plan.fadeIn.length + plan.update.length + plan.moves.length > 0;
}

/** A copy of the slot model's shown entries, to plan from once the answer is applied. */
export function snapshot(model) {
  const copy = new Map();
  for (const [slot, entry] of model) if (entry.shown) copy.set(slot, { shown: true, id: entry.id, row: entry.row, top: entry.top, height: entry.height });
  return copy;
}
