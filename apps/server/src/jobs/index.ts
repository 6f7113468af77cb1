import {
  autoSignOut,
  drawDueLotteries,
  runRetention,
  sendDailySummaries,
  type Services,
} from "@vsi/api";
import { upkeepEmbedded } from "@vsi/db";
import type { ScheduledJob } from "./runner.ts";
import { webhookJob, type WebhookSender } from "./webhooks.ts";
import type { WokenSender } from "./woken-sender.ts";

export { startJobRunner, type JobRunner, type ScheduledJob } from "./runner.ts";
export { webhookSender, type WebhookSender } from "./webhooks.ts";
export { staffAlertSender } from "./staff-alerts.ts";
export { eventFanOut } from "./fan-out.ts";
export type { WokenSender } from "./woken-sender.ts";

/**
 * Every scheduled job of the server. To add one, add a line here; the runner creates its queue
 * and schedule at start, and runs each tick once across all processes.
 */
export function scheduledJobs(
  services: Services,
  log: { info(line: string): void; error(line: string): void },
  senders: { fanOut: WokenSender; webhooks: WebhookSender; staffAlerts: WokenSender },
): ScheduledJob[] {
  const { fanOut, webhooks, staffAlerts } = senders;
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
      // Each minute, as a location's LotteryAt comes in its zone: that day's draw, once.
      name: "queue-lottery",
      cron: "* * * * *",
      run: async () => {
        const draws = await drawDueLotteries(services.db.kysely, services.now());
        for (const draw of draws)
          log.info(
            `lottery: ${draw.visitIds.length} visit(s) drawn at location ${draw.locationId}`,
          );
      },
    },
    {
      // Webhooks are sent as soon as they are written; this tick is what survives a restart.
      name: "webhooks",
      cron: "* * * * *",
      run: async () => {
        await fanOut.run();
        await webhookJob(webhooks, services);
      },
    },
    {
      // Sign-in alerts are mailed as their grouping ends; this tick is what survives a restart.
      name: "staff-alerts",
      cron: "* * * * *",
      run: async () => {
        await fanOut.run();
        await staffAlerts.run();
      },
    },
    {
      // Each minute, as it turns 7 a.m. in one location's zone or another: yesterday's summary, once.
      name: "daily-summary",
      cron: "* * * * *",
      run: async () => {
        const { sent } = await sendDailySummaries(
          services.db.kysely,
          services.mailer,
          services.config,
          services.now(),
          log,
        );
        if (sent) log.info(`daily summary: ${sent} e-mail(s) sent`);
      },
    },
    {
      // Daily, after the 3 a.m. backup: visitors' details past the admin's setting are erased.
      name: "retention",
      cron: "30 3 * * *",
      run: async () => {
        const { erased, retention } = await runRetention(services.db.kysely, services.now());
        if (retention !== null) log.info(`retention: ${erased} visit(s) erased`);
      },
    },
    // The embedded database has no autovacuum: nightly, after retention, the server does its work.
    ...(services.db.kind === "pglite"
      ? [
          {
            name: "embedded-upkeep",
            cron: "0 4 * * *",
            run: async () => {
              await upkeepEmbedded(services.db);
              log.info("embedded database: dead rows reclaimed, statistics renewed");
            },
          },
        ]
      : []),
  ];
}
