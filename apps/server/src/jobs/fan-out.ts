import { fanOutEvents, visitEventsChannel, type Services } from "@vsi/api";
import { wokenSender, type WokenSender } from "./woken-sender.ts";

/**
 * Visits' events turned into webhook deliveries and staff alerts after their commit, woken by it:
 * the sign-in itself writes one row, however many receive it.
 */
export function eventFanOut(
  services: Services,
  log: { info(line: string): void; error(line: string): void },
): WokenSender {
  return wokenSender({
    name: "visit events",
    doneWord: "fanned out",
    channel: visitEventsChannel,
    // Every sign-in notifies: a burst of them is fanned out in one statement, well within the
    // delivery's time.
    gatherMs: 200,
    services,
    sendDue: async () => ({ done: await fanOutEvents(services.db.kysely), nextDueAt: null }),
    log,
  });
}
