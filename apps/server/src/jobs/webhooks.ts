import { deliverDue, pruneWebhookEvents, webhooksChannel, type Services } from "@vsi/api";
import { wokenSender, type WokenSender } from "./woken-sender.ts";

export type WebhookSender = WokenSender;

/** Webhooks' deliveries: sent once the fan-out writes them, retried on their back-off (each send ends within its 10 s time-out). */
export function webhookSender(
  services: Services,
  log: { info(line: string): void; error(line: string): void },
): WebhookSender {
  return wokenSender({
    name: "webhooks",
    doneWord: "sent",
    channel: webhooksChannel,
    services,
    sendDue: async (stopping, woken) => {
      const { attempted, nextDueAt } = await deliverDue(services.db.kysely, {
        now: services.now(),
        allowPrivate: services.config.webhooksAllowPrivateNetworks === true,
        stopping,
        woken,
      });
      return { done: attempted, nextDueAt };
    },
    log,
  });
}

/** The job runner's tick: what is due, and finished events past their keeping time. */
export async function webhookJob(sender: WebhookSender, services: Services) {
  await sender.run();
  await pruneWebhookEvents(services.db.kysely, services.now());
}
