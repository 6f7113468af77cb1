import type { Db } from "@vsi/db";
import PgBoss from "pg-boss";

/** A job run on a schedule by one process of however many share the database. */
export interface ScheduledJob {
  /** Queue name: letters, digits, dashes. Renaming one leaves the old schedule to be removed at start. */
  name: string;
  /** Five-field cron, read in UTC unless `tz` says otherwise ("* * * * *": every minute). */
  cron: string;
  tz?: string;
  run(): Promise<unknown>;
}

export interface JobRunner {
  /** Queues one run now (tests, or an admin's "run now"); it runs once, on whichever process fetches it. */
  runNow(name: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Db;
  /** With a PostgreSQL server, pg-boss keeps a small pool of its own; else it shares the embedded database. */
  databaseUrl?: string | undefined;
  jobs: ScheduledJob[];
  log: { info(line: string): void; error(line: string): void };
  /** How often each worker asks for work; seconds. */
  pollingIntervalSeconds?: number;
}

/**
 * PGlite is one connection: pg-boss's statements wait their turn behind Kysely's (through its
 * connection lock), so none lands inside a request's transaction. Statements with parameters are
 * single; pg-boss's multi-statement scripts (its migrations, locked sections) carry none.
 */
function embeddedAdapter(db: Db): PgBoss.Db {
  const pglite = db.embedded?.pglite;
  if (!pglite) throw new Error("the embedded job adapter needs the embedded database");
  return {
    executeSql: (text, values) =>
      db.kysely.connection().execute(async () => {
        if (values?.length) return pglite.query(text, values);
        const results = await pglite.exec(text);
        return results.at(-1) ?? { rows: [] };
      }),
  };
}

type QueueOptions = Parameters<PgBoss["createQueue"]>[1];

/**
 * Creates a queue unless it exists. Processes starting together on a new database race to create
 * the same queue, and PostgreSQL picks one of them as a deadlock victim: that one looks again.
 */
async function ensureQueue(boss: PgBoss, name: string, options: QueueOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(name)) return;
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const raced = code === "40P01" || code === "23505";
      if (!raced || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
    }
  }
}

/**
 * Jobs in PostgreSQL (pg-boss): the schedule and each run are rows, so a restarted process picks
 * up where the last left off, and several processes on one database share the work. Each cron tick
 * becomes one job (pg-boss's singleton per tick), each queue holds one active job at a time, and a
 * job is fetched with SKIP LOCKED by one worker only: a job never runs twice at once.
 */
export async function startJobRunner(options: JobRunnerOptions): Promise<JobRunner> {
  const common = { schema: "pgboss", application_name: "vsi-jobs" };
  const boss = options.databaseUrl
    ? new PgBoss({ ...common, connectionString: options.databaseUrl, max: 2 })
    : new PgBoss({ ...common, db: embeddedAdapter(options.db) });
  boss.on("error", (error) => options.log.error(`jobs: ${error.message}`));
  await boss.start();

  const pollingMs = (options.pollingIntervalSeconds ?? 2) * 1000;
  const workers: Worker[] = [];
  const names = new Set(options.jobs.map((job) => job.name));
  for (const schedule of await boss.getSchedules()) {
    if (!names.has(schedule.name)) await boss.unschedule(schedule.name);
  }
  for (const job of options.jobs) {
    await ensureQueue(boss, job.name, {
      name: job.name,
      policy: "singleton",
      retryLimit: 0,
      expireInSeconds: 15 * 60,
    });
    await boss.schedule(job.name, job.cron, {}, { tz: job.tz ?? "UTC" });
    workers.push(startWorker(boss, job, options.log, pollingMs));
  }

  return {
    async runNow(name) {
      await boss.send(name, {});
      for (const worker of workers) if (worker.name === name) worker.wake();
    },
    async stop() {
      // Each worker finishes the job in hand (and its completion), then pg-boss closes its own
      // pool (never the shared database).
      await Promise.all(workers.map((worker) => worker.stop()));
      await boss.stop({ graceful: true, close: true, wait: true, timeout: 30_000 });
    },
  };
}

interface Worker {
  name: string;
  /** Fetches at once instead of at the next poll. */
  wake(): void;
  stop(): Promise<void>;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Fetches one queue's jobs, runs each, and completes or fails it, until stopped. pg-boss's own
 * worker does not wait for a completion: one that fails (the database restarting just then) is
 * an unhandled rejection, which ends the process. Here a completion that fails is logged and
 * tried again, so the job is not left active, holding its queue, until it expires.
 */
function startWorker(
  boss: PgBoss,
  job: ScheduledJob,
  log: JobRunnerOptions["log"],
  pollingMs: number,
): Worker {
  let stopped = false;
  let wakeUp = () => undefined as void;
  let timer: NodeJS.Timeout | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wakeUp = resolve;
      timer = setTimeout(resolve, ms);
    }).finally(() => clearTimeout(timer));

  /** Retries a completion (or failure) until it is written; once more only, when stopping. */
  const settle = async (write: () => Promise<void>) => {
    for (let wait = 1000; ; wait = Math.min(wait * 2, 30_000)) {
      try {
        return await write();
      } catch (error) {
        log.error(`jobs: ${job.name} not marked done, tried again: ${messageOf(error)}`);
        if (stopped) return;
        await pause(wait);
      }
    }
  };

  const loop = async () => {
    while (!stopped) {
      // A fetch that fails is logged; the next poll asks again.
      const fetched = await boss.fetch(job.name).catch((error: unknown) => {
        log.error(`jobs: ${job.name} not fetched: ${messageOf(error)}`);
        return [];
      });
      for (const { id } of fetched) {
        let failure: unknown;
        try {
          await job.run();
        } catch (error) {
          failure = error;
          log.error(`job ${job.name} failed: ${messageOf(error)}`);
        }
        await settle(() =>
          failure === undefined
            ? boss.complete(job.name, id)
            : boss.fail(job.name, id, { message: messageOf(failure) }),
        );
      }
      if (!fetched.length && !stopped) await pause(pollingMs);
    }
  };
  const running = loop();

  return {
    name: job.name,
    wake: () => wakeUp(),
    stop() {
      stopped = true;
      wakeUp();
      return running;
    },
  };
}
