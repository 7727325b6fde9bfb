/**
 * When a batch of reads goes (a DataLoader `batchScheduleFn`): a lone request at the next turn of the event loop,
 * as soon as the messages read with it have run; but at most one batch per `gapMs`, so requests that keep coming
 * (every game screen asks for its balance and the period's bets as the period's announcement reaches it, over a
 * second or more) wait up to `gapMs` and go together. A batch per turn went with about ten players each at such a
 * moment, and each statement's fixed cost (planning, a round trip, the executor's start) was most of its time.
 */
export function gatheredBatches(
  gapMs: number,
  clock: () => number = () => performance.now(),
): (run: () => void) => void {
  let lastSent = Number.NEGATIVE_INFINITY;
  return (run) => {
    const due = lastSent + gapMs;
    const go = () => {
      // Timers count whole milliseconds of the event loop's clock and can fire up to one before `due` by `clock`:
      // such a batch waits out the rest.
      const rest = due - clock();
      if (rest > 0) {
        setTimeout(go, Math.ceil(rest));
        return;
      }
      run();
      // The gap counts from when the batch's statements were handed over (`run` sends them before it returns), so
      // no two batches are less than `gapMs` apart however long the sending took or the process was paused.
      lastSent = clock();
    };
    if (due <= clock()) setImmediate(go);
    else setTimeout(go, Math.ceil(due - clock()));
  };
}
