import { autoSignOut, runRetention, type Services } from "@vsi/api";
import type { ScheduledJob } from "./runner.ts";

export { startJobRunner, type JobRunner, type ScheduledJob } from "./runner.ts";

/**
 * Every scheduled job of the server. To add one, add a line here; the runner creates its queue
 * and schedule at start, and runs each tick once across all processes.
 */
export function scheduledJobs(
  services: Services,
  log: { info(line: string): void },
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
