import { sql } from "@vsi/db";
import { withDb } from "./pg.ts";

/** A job queue's runs in a window: what pg-boss made of its schedule, in its tables. */
export interface JobRuns {
  name: string;
  cron: string;
  /** Jobs made in the window (one per tick when it runs once). */
  runs: number;
  completed: number;
  /** Ticks (minutes) with more than one job of the queue, each extra counted. */
  twice: number;
}

/**
 * The scheduled jobs' runs between `since` and `until`, every process of the database together:
 * each tick of a schedule must make one job, run by one process. Jobs that tick every minute must
 * have run when the window holds a whole minute to spare; the others are listed, not judged.
 */
export async function jobRuns(database: string, since: Date, until: Date) {
  const { schedules, perMinute } = await withDb(database, async (db) => {
    const schedules = await sql<{ name: string; cron: string }>`
      select name, cron from pgboss.schedule order by name`.execute(db);
    const perMinute = await sql<{ name: string; jobs: string; completed: string }>`
      select name, count(*) as jobs, count(*) filter (where state = 'completed') as completed
      from (select name, created_on, state::text from pgboss.job
            union all select name, created_on, state::text from pgboss.archive) j
      where created_on >= ${since} and created_on < ${until}
      group by name, date_trunc('minute', created_on)`.execute(db);
    return { schedules: schedules.rows, perMinute: perMinute.rows };
  });
  const jobs: JobRuns[] = schedules.map(({ name, cron }) => {
    const minutes = perMinute.filter((row) => row.name === name);
    return {
      name,
      cron,
      runs: minutes.reduce((t, row) => t + Number(row.jobs), 0),
      completed: minutes.reduce((t, row) => t + Number(row.completed), 0),
      twice: minutes.reduce((t, row) => t + Math.max(0, Number(row.jobs) - 1), 0),
    };
  });
  // A tick a minute: one whole minute in the window, with half a minute for its job to be done.
  const minuteTicks = Math.floor((until.getTime() - 30_000 - since.getTime()) / 60_000);
  const everyMinute = jobs.filter((job) => job.cron === "* * * * *");
  return {
    jobs,
    /** Whole minutes in the window: ticks each every-minute job had to run. */
    minuteTicks,
    runTwice: jobs.reduce((t, job) => t + job.twice, 0),
    neverRun:
      minuteTicks >= 1 ? everyMinute.filter((job) => job.completed === 0).map((j) => j.name) : [],
  };
}
