/**
 * Wraps `run` so that one run is under way at a time. A call while one is under way does not start
 * a second beside it, nor is it lost: the run under way is followed by one more right after (the
 * connection came back while a try was failing: send now, not at the next back-off). Every caller
 * gets the promise of the runs in progress, which settles once no run is asked for.
 */
export function oneRunAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let askedAgain = false;
  return () => {
    if (running) {
      askedAgain = true;
      return running;
    }
    running = (async () => {
      do {
        askedAgain = false;
        await run();
      } while (askedAgain);
    })().finally(() => (running = undefined));
    return running;
  };
}
