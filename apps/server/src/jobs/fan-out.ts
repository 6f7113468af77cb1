import { fanOutEvents, visitsChannel, type Services } from "@vsi/api";
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
    // Every change of a visit is on the change feed already, for the live sheets; an event of it
    // needs no announcement of its own.
    channel: visitsChannel,
    // A burst of changes is fanned out in one statement, well within a delivery's time.
    gatherMs: 200,
    services,
    sendDue: async () => ({ done: await fanOutEvents(services.db.kysely), nextDueAt: null }),
    log,
  });
}
