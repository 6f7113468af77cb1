import { autoSignOut, type Services } from "@vsi/api";
import type { ScheduledJob } from "./runner.ts";

export { startJobRunner, type JobRunner, type ScheduledJob } from "./runner.ts";

/**
 * Every scheduled job of the server. To add one, add a line here; the runner creates its queue
 * and schedule at start, and runs each tick once across all processes.
 */
export function scheduledJobs(services: Services, log: { info(line: string): void }): ScheduledJob[] {
  return [
    {
      name: "auto-sign-out",
      cron: "* * * * *",
      run: async () => {
        const ended = await autoSignOut(services.db.kysely, services.now());
        if (ended.length) log.info(`auto sign-out: ${ended.length} visit(s) signed out`);
      },
    },
  ];
}
