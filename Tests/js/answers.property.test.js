// Random sequences of /window answers, some dropped on the way, some forgotten by
// the server, with writes between them, applied through the page's own path
// (list/model/list.js's request and answer bookkeeping, list/model/arrival.js,
// list/model/slots.js) and compared after every answer with what the fake server
// says the client holds.

import { test } from "node:test";
import assert from "node:assert/strict";

import { takeArrival } from "../../Public/list/model/arrival.js";
import { answered, beginRequest, createListState, dropRequest, failed, isCurrent } from "../../Public/list/model/list.js";
import { createSlotModel } from "../../Public/list/model/slots.js";
import { createFakeServer } from "./fakeServer.js";
import { seeded } from "./random.js";

const STICKY = 32;

/** What the page's request asks for: {session, ack} from its URL. */
function asked(url) {
  const params = new URL(url, "http://page.test").searchParams;
  return { session: params.get("session"), ack: params.has("ack") ? Number(params.get("ack")) : null };
}

/** Checks the model against the server's state after answer `seq`; returns a problem, or null. */
function mismatch(model, truth) {
  const ids = new Set();
  for (const [slot, entry] of model) {
    const item = truth.get(slot);
    if (!entry.shown) {
      if (item) return `slot ${slot} is hidden but shows ${item.key}`;
      if (entry.row !== null) return `hidden slot ${slot} keeps row ${entry.row}`;
      continue;
    }
    if (!item) return `slot ${slot} still shows row ${entry.row}, released`;
    if (entry.kind !== item.kind || entry.row !== item.row || entry.id !== item.id || entry.top !== item.top) {
      return `slot ${slot} shows ${JSON.stringify(entry)}, the server ${item.key} at row ${item.row}`;
    }
    if (entry.id !== null) {
      if (ids.has(entry.id)) return `contact ${entry.id} is in two slots`;
      ids.add(entry.id);
    }
  }
  for (const slot of truth.keys()) if (!model.get(slot)?.shown) return `slot ${slot} of the server is not shown`;
  return null;
}

function run(seed, steps = 250) {
  const rnd = seeded(seed);
  const server = createFakeServer(rnd);
  const state = createListState();
  state.viewport = 800;
  const model = createSlotModel();
  let applied = 0;
  let dropped = 0;
  for (let step = 0; step < steps; step += 1) {
    const roll = rnd.next();
    if (roll < 0.15) server.change();
    else if (roll < 0.17) server.expire();
    else if (roll < 0.22 && state.ack !== null) server.forget(state.ack);
    const ticket = beginRequest(state, STICKY);
    const { session, ack } = asked(ticket.url);
    assert.equal(ack, state.ack, "the request acknowledges the last answer applied");
    assert.equal(session, state.session);
    const answer = server.answer({ ack, first: rnd.int(140), count: 6 + rnd.int(18) });
    if (rnd.next() < 0.3) {
      failed(state, ticket); // the answer never arrives
      dropped += 1;
      continue;
    }
    answered(state, ticket, answer, 1);
    takeArrival(state, model, STICKY);
    applied += 1;
    assert.equal(state.ack, answer.seq);
    assert.equal(state.version, answer.version);
    const problem = mismatch(model, server.stateAt(answer.seq));
    assert.equal(problem, null, `seed ${seed}, step ${step}: ${problem}`);
  }
  return { applied, dropped };
}

test("random answers, dropped, forgotten and after writes, leave every slot as the server has it", () => {
  let applied = 0;
  let dropped = 0;
  for (let seed = 1; seed <= 40; seed += 1) {
    const counts = run(seed);
    applied += counts.applied;
    dropped += counts.dropped;
  }
  assert.ok(applied > 5000 && dropped > 2000, `the runs applied ${applied} answers and dropped ${dropped}`);
});

/**
 * The round-trip flow: requests replaced in flight (the server took some of them,
 * never others), their late answers arriving after the replacement's, and answers
 * from older states of the session offered to the page: none is applied on a base
 * other than the page's ack, and the slots stay as the server has them.
 */
function runReplacing(seed, steps = 250) {
  const rnd = seeded(seed);
  const server = createFakeServer(rnd);
  const state = createListState();
  state.viewport = 800;
  const model = createSlotModel();
  let replaced = 0;
  let refused = 0;
  let previous = null; // an answer applied earlier: offered again, its base is old
  for (let step = 0; step < steps; step += 1) {
    if (rnd.next() < 0.1) server.change();
    let ticket = beginRequest(state, STICKY, step * 20);
    let late = null;
    while (rnd.next() < 0.35) {
      // A jump: the request in flight is replaced; the server may have taken it already.
      if (rnd.next() < 0.5) late = { ticket, answer: server.answer({ ack: asked(ticket.url).ack, first: rnd.int(140), count: 12 }) };
      dropRequest(state);
      replaced += 1;
      ticket = beginRequest(state, STICKY, step * 20 + 5);
    }
    const { ack } = asked(ticket.url);
    assert.equal(ack, state.ack);
    const answer = server.answer({ ack, first: rnd.int(140), count: 6 + rnd.int(18) });
    if (late) assert.equal(isCurrent(state, late.ticket), false, "a replaced request's answer is dropped");
    if (previous && !previous.full && rnd.next() < 0.2) {
      // An old delta offered as if it answered this request: its base is not the ack.
      if (previous.base !== state.ack) {
        assert.equal(answered(state, ticket, previous, 1, step * 20 + 9), false);
        refused += 1;
        ticket = beginRequest(state, STICKY, step * 20 + 10);
        const again = server.answer({ ack: asked(ticket.url).ack, first: rnd.int(140), count: 12 });
        assert.equal(answered(state, ticket, again, 1, step * 20 + 15), true);
        takeArrival(state, model, STICKY);
        assert.equal(mismatch(model, server.stateAt(again.seq)), null, `seed ${seed}, step ${step}`);
        continue;
      }
    }
    assert.equal(answered(state, ticket, answer, 1, step * 20 + 15), true, "a delta on the ack, or a full answer");
    takeArrival(state, model, STICKY);
    previous = answer;
    const problem = mismatch(model, server.stateAt(answer.seq));
    assert.equal(problem, null, `seed ${seed}, step ${step}: ${problem}`);
  }
  return { replaced, refused };
}

test("requests replaced in flight and stale answers never leave a slot out of step", () => {
  let replaced = 0;
  let refused = 0;
  for (let seed = 1; seed <= 40; seed += 1) {
    const counts = runReplacing(seed);
    replaced += counts.replaced;
    refused += counts.refused;
  }
  assert.ok(replaced > 2000 && refused > 200, `replaced ${replaced}, refused ${refused}`);
});

test("after a dropped answer the next one is a delta from the state acknowledged", () => {
  const rnd = seeded(7);
  const server = createFakeServer(rnd);
  const state = createListState();
  state.viewport = 800;
  const model = createSlotModel();
  const ask = (first) => {
    const ticket = beginRequest(state, STICKY);
    return { ticket, answer: server.answer({ ack: asked(ticket.url).ack, first, count: 12 }) };
  };
  const one = ask(0);
  answered(state, one.ticket, one.answer, 1);
  takeArrival(state, model, STICKY);
  const two = ask(8);
  failed(state, two.ticket);
  const three = ask(16);
  assert.equal(three.answer.full, false);
  assert.equal(three.answer.base, one.answer.seq, "taken from the state the client has, not the dropped one");
  answered(state, three.ticket, three.answer, 1);
  takeArrival(state, model, STICKY);
  assert.equal(mismatch(model, server.stateAt(three.answer.seq)), null);
});

test("the check itself catches a model that ignores released slots", () => {
  // The property test above is only as good as its check: a delta applied without
  // its `released` must be reported.
  const rnd = seeded(3);
  const server = createFakeServer(rnd);
  const model = createSlotModel();
  const first = server.answer({ ack: null, first: 0, count: 12 });
  for (const cell of first.cells) model.set(cell.slot, { kind: cell.kind, shown: true, row: cell.row ?? null, id: cell.contact?.id ?? null, top: cell.top });
  const second = server.answer({ ack: first.seq, first: 30, count: 4 });
  for (const cell of second.cells) model.set(cell.slot, { kind: cell.kind, shown: true, row: cell.row ?? null, id: cell.contact?.id ?? null, top: cell.top });
  assert.notEqual(mismatch(model, server.stateAt(second.seq)), null);
});
