import { autoSignOut, runRetention, type Services } from "@vsi/api";
import type { ScheduledJob } from "./runner.ts";
import { webhookJob, type WebhookSender } from "./webhooks.ts";

export { startJobRunner, type JobRunner, type ScheduledJob } from "./runner.ts";
export { webhookSender, type WebhookSender } from "./webhooks.ts";

/**
 * Every scheduled job of the server. To add one, add a line here; the runner creates its queue
 * and schedule at start, and runs each tick once across all processes.
 */
export function scheduledJobs(
  services: Services,
  log: { info(line: string): void },
  webhooks: WebhookSender,
): ScheduledJob[] {
  return [
    {
      name: "auto-sign-out",
      cron: "* * * * *",
      run: async () => {
        const ended = await autoSignOut(services.db.kysely, services.now());
        if (ended.length) log.info(`auto sign-out: ${ended.length} visit(s) signed out`);
      },
    },
    {
      // Webhooks are sent as soon as they are written; this tick is what survives a restart.
      name: "webhooks",
      cron: "* * * * *",
      run: () => webhookJob(webhooks, services),
    },
    {
      // Daily, after the 3 a.m. backup: visitors' details past the admin's setting are erased.
      name: "retention",
      cron: "30 3 * * *",
      run: async () => {
        const { erased, eraseAfterDays } = await runRetention(services.db.kysely, services.now());
        if (eraseAfterDays !== null) log.info(`retention: ${erased} visit(s) erased`);
      },
    },
  ];
}
