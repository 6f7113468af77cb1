import { sendStaffAlerts, staffAlertsChannel, type Services } from "@vsi/api";
import { wokenSender, type WokenSender } from "./woken-sender.ts";

/** Staff's sign-in alerts: woken once the fan-out writes them, mailed when the recipient's grouping ends. */
export function staffAlertSender(
  services: Services,
  log: { info(line: string): void; error(line: string): void },
): WokenSender {
  return wokenSender({
    name: "staff alerts",
    doneWord: "sent",
    channel: staffAlertsChannel,
    services,
    sendDue: async () => {
      const { sent, nextDueAt } = await sendStaffAlerts(
        services.db.kysely,
        services.mailer,
        services.config,
        services.now(),
        log,
      );
      return { done: sent, nextDueAt };
    },
    log,
  });
}
