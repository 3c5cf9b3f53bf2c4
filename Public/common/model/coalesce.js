// Work that a burst asks for many times (an import's versions, keystrokes) done
// once more at most: a call while it runs is remembered, and when it ends it
// runs once again for all of them.

/**
 * Wraps `run` (returning a promise). The returned function starts `run` at once
 * when it is idle, and resolves to its result; called while a run is on its way,
 * it resolves to that run's result and makes one more run follow it.
 */
export function coalesced(run) {
  let running = null;
  let again = false;
  return function call() {
    if (running) {
      again = true;
      return running;
    }
    running = run().finally(() => {
      running = null;
      if (again) {
        again = false;
        call();
      }
    });
    return running;
  };
}
