import { deliverDue, pruneWebhookEvents, webhooksChannel, type Services } from "@vsi/api";

export interface WebhookSender {
  /** Sends what is due now, then keeps a timer for the next retry; runs already under way are joined. */
  run(): Promise<void>;
  /** Listens for new deliveries and sends what waited while the server was down. */
  start(): Promise<void>;
  /** Finishes the sends under way (each ends within its 10 s time-out). */
  stop(): Promise<void>;
}

/**
 * Sends webhooks off the request path: woken at commit by the outbox's notification, by a timer
 * for the next retry, and every minute by the job runner (the backstop: a notification lost while
 * the listening connection was down, another process's claim that ran out). Several processes may
 * run it: each delivery is claimed by one.
 */
export function webhookSender(
  services: Services,
  log: { info(line: string): void; error(line: string): void },
): WebhookSender {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

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
      const { attempted, nextDueAt } = await deliverDue(services.db.kysely, {
        now: services.now(),
        allowPrivate: services.config.webhooksAllowPrivateNetworks === true,
      });
      if (attempted) log.info(`webhooks: ${attempted} attempt(s)`);
      schedule(nextDueAt);
    } while (again && !stopped);
  };

  const sender: WebhookSender = {
    run() {
      if (stopped) return Promise.resolve();
      if (running) {
        again = true;
        return running;
      }
      running = loop()
        .catch((error: unknown) =>
          log.error(`webhooks: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => {
          running = undefined;
        });
      return running;
    },
    async start() {
      await services.db.notifications().listen(webhooksChannel, () => void sender.run());
      void sender.run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
  return sender;
}

/** The job runner's tick: what is due, and finished events past their keeping time. */
export async function webhookJob(sender: WebhookSender, services: Services) {
  await sender.run();
  await pruneWebhookEvents(services.db.kysely, services.now());
}
