// A small stand-in for the server's reuse engine, for the property tests: a list
// of contacts with a header before every tenth, windows of it answered the way
// the contract says (/window): slots are bound to one kind for a session's life,
// a contact still visible keeps its slot (re-sent only if its row or top moved),
// one that left is released to a pool its kind's entering items are dequeued
// from, and a delta is taken from the state the client acknowledged, or the
// answer is full when that state is forgotten.

const HEADER = 32;
const CONTACT = 56;

/** A fake server over `rows` contacts; `rnd` (random.js) decides its free choices. */
export function createFakeServer(rnd, rows = 120) {
  let contacts = Array.from({ length: rows }, (_, i) => i + 1); // ids, in list order
  let nextId = rows + 1;
  let version = 1;
  let seq = 0;
  let session = "s1";
  let kinds = new Map();        // slot -> kind, for the session's life
  const states = new Map();     // seq -> Map slot -> item: what each answer left the client with

  /** The list laid out: headers and contacts, each with its key (identity), row and top. */
  function items() {
    const out = [];
    let top = 0;
    contacts.forEach((id, row) => {
      if (row % 10 === 0) {
        out.push({ kind: "header", key: `h${row / 10}`, section: row / 10, row: null, id: null, top, height: HEADER });
        top += HEADER;
      }
      out.push({ kind: "contact", key: `c${id}`, section: Math.floor(row / 10), row, id, top, height: CONTACT });
      top += CONTACT;
    });
    return out;
  }

  function cellOf(slot, item) {
    const cell = { slot, kind: item.kind, section: item.section, top: item.top, height: item.height, html: item.key };
    if (item.kind === "contact") Object.assign(cell, { row: item.row, contact: { id: item.id } });
    return cell;
  }

  return {
    /** What the client holds after applying the answer of `seq` (slot -> item). */
    stateAt: (s) => states.get(s),

    /** A write: a contact inserted or deleted somewhere; the version moves on. */
    change() {
      if (rnd.next() < 0.5 || contacts.length < 40) contacts.splice(rnd.int(contacts.length + 1), 0, nextId++);
      else contacts.splice(rnd.int(contacts.length), 1);
      version += 1;
    },

    /** The server forgets every state (an expired session): slots may change kind. */
    expire() {
      states.clear();
      kinds = new Map();
      session = `s${Number(session.slice(1)) + 1}`;
    },

    /** The server forgets state `s` (it keeps only a few). */
    forget: (s) => states.delete(s),

    /** Answers a window of `count` items from item `first`, for the client's `ack`. */
    answer({ ack, first, count }) {
      const all = items();
      const shown = all.slice(Math.min(first, Math.max(0, all.length - count)), first + count);
      const base = ack !== null && states.has(ack) ? states.get(ack) : null;
      const slotOfKey = new Map(base ? [...base].map(([slot, item]) => [item.key, slot]) : []);
      const next = new Map();
      const cells = [];
      const entering = [];
      for (const item of shown) {
        const slot = slotOfKey.get(item.key);
        if (slot === undefined) { entering.push(item); continue; }
        next.set(slot, item);
        const was = base.get(slot);
        if (was.row !== item.row || was.top !== item.top) cells.push(cellOf(slot, item));
      }
      for (const item of entering) {
        let slot = [...kinds].find(([s, kind]) => kind === item.kind && !next.has(s))?.[0];
        if (slot === undefined) {
          slot = kinds.size;
          kinds.set(slot, item.kind);
        }
        next.set(slot, item);
        cells.push(cellOf(slot, item));
      }
      // A slot that left and was dequeued again in this answer is listed as released
      // or not, at random: the client must take both.
      const released = base
        ? [...base.keys()].filter((s) => !next.has(s) || (next.get(s).key !== base.get(s).key && rnd.next() < 0.5))
        : [];
      seq += 1;
      states.set(seq, next);
      const last = all[all.length - 1];
      return {
        offset: shown[0]?.top ?? 0, version, session, seq, base: base ? ack : null, full: !base,
        total: contacts.length, contentHeight: last ? last.top + last.height : 0,
        cells: base ? cells : [...next].map(([slot, item]) => cellOf(slot, item)), released,
      };
    },
  };
}
