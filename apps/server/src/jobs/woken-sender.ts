import type { Services } from "@vsi/api";

export interface WokenSender {
  /** Sends what is due now, then keeps a timer for what is due next; runs already under way are joined. */
  run(): Promise<void>;
  /** Listens for new rows in its outbox and sends what waited while the server was down. */
  start(): Promise<void>;
  /** Finishes the sends under way. */
  stop(): Promise<void>;
}

/** What a woken sender sends, where it listens, and how it logs. */
export interface WokenSenderOptions {
  /** Its log's words: "<name>: <done> <doneWord>". */
  name: string;
  doneWord: string;
  /** The outbox's channel: a notification wakes the sender. */
  channel: string;
  /**
   * How long a notification waits for others before the run it wakes: under a stream of commits,
   * one run takes what they all wrote instead of one run each. None: at once.
   */
  gatherMs?: number;
  services: Services;
  /**
   * Sends what is due; `stopping` turns true when the server shuts down (finish what is under way);
   * `woken` settles at the next notification, for a run that waits on slow sends meanwhile.
   */
  sendDue: (
    stopping: () => boolean,
    woken: () => Promise<void>,
  ) => Promise<{ done: number; nextDueAt: Date | null }>;
  log: { info(line: string): void; error(line: string): void };
}

/**
 * Sends an outbox off the request path: woken by the notification that its rows were written, by
 * a timer for what is due next, and every minute by the job runner (the backstop: a notification
 * lost while the listening connection was down, another process's claim that ran out). Several
 * processes may run it: each row is claimed by one.
 */
export function wokenSender(options: WokenSenderOptions): WokenSender {
  const { name, doneWord, channel, gatherMs, services, sendDue, log } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let gathering: NodeJS.Timeout | undefined;
  // One promise for every waiter until the next notification settles it.
  let wake: { promise: Promise<void>; resolve: () => void } | undefined;
  const woken = () => {
    if (!wake) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      wake = { promise, resolve };
    }
    return wake.promise;
  };

  const schedule = (nextDueAt: Date | null) => {
    clearTimeout(timer);
    if (stopped || nextDueAt === null) return;
    // At most a minute ahead: the job's tick comes anyway, and clocks may move.
    const wait = Math.min(Math.max(nextDueAt.getTime() - services.now().getTime(), 0), 60_000);
    timer = setTimeout(() => void sender.run(), wait + 50);
    timer.unref();
  };

  const loop = async () => {
    do {
      again = false;
      const { done, nextDueAt } = await sendDue(() => stopped, woken);
      if (done) log.info(`${name}: ${done} ${doneWord}`);
      schedule(nextDueAt);
    } while (again && !stopped);
  };

  const sender: WokenSender = {
    run() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        wake?.resolve();
        wake = undefined;
        return running;
      }
      running = loop()
        .catch((error: unknown) =>
          log.error(`${name}: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    async start() {
      await services.db.notifications().listen(channel, () => {
        if (!gatherMs) return void sender.run();
        gathering ??= setTimeout(() => {
          gathering = undefined;
          void sender.run();
        }, gatherMs);
      });
      void sender.run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(gathering);
      await running;
    },
  };
  return sender;
}
