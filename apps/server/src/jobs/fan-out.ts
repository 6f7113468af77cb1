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
  return wokenSender(
    "visit events",
    "fanned out",
    visitEventsChannel,
    services,
    async () => ({ done: await fanOutEvents(services.db.kysely), nextDueAt: null }),
    log,
  );
}
