import { createDb, migrateToLatest, type Db } from "@vsi/db";
import { openTestDb } from "@vsi/db/testing";
import { createTestDatabase } from "@vsi/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobRunner, type JobRunner, type ScheduledJob } from "../src/jobs/index.ts";
import {
  countRunsJob,
  countRunsQueue,
  createRunsTable,
  refuseNextCompletion,
  runsSoFar,
  startJobProcess,
  type JobProcess,
} from "./job-runs.ts";

// The server's job runner (src/jobs): each queued job run once, however many runners and processes
// poll the queue. What the automatic sign-out does is tested in packages/api (visits/auto-sign-out).

const quiet = { info: () => undefined, error: () => undefined };

/** Waits until `done`, up to a minute: a bound on the wait, never the check itself. */
async function until(done: () => Promise<boolean>) {
  const deadline = Date.now() + 60_000;
  while (!(await done()) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
}

interface Setup {
  db: Db;
  url: string | undefined;
  close(): Promise<void>;
}

async function embedded(): Promise<Setup> {
  const { db, close } = await openTestDb({ kind: "pglite" });
  return { db, url: undefined, close };
}

async function server(): Promise<Setup | undefined> {
  const database = await createTestDatabase();
  if (!database) return undefined;
  const db = await createDb({ databaseUrl: database.url, poolSize: 4 });
  await migrateToLatest(db.kysely);
  return {
    db,
    url: database.url,
    close: async () => {
      await db.close();
      await database.drop();
    },
  };
}

describe.each([
  ["embedded PGlite", embedded],
  ["the PostgreSQL server", server],
] as const)("the job runner on %s", (_kind, open) => {
  let setup: Setup | undefined;
  beforeAll(async () => {
    setup = await open();
  });
  afterAll(() => setup?.close());

  it("runs each queued job once with two runners polling the queue in one process", async (ctx) => {
    if (!setup) return ctx.skip();
    const { db, url } = setup;
    await createRunsTable(db);
    const start = (who: string) =>
      startJobRunner({
        db,
        databaseUrl: url,
        jobs: [countRunsJob(db, who)],
        log: quiet,
        pollingIntervalSeconds: 0.5,
      });
    // The embedded database belongs to one process; a second runner there is a second worker of it.
    const runners: JobRunner[] = [await start("a"), await start("b")];
    try {
      for (let i = 0; i < 6; i++) await runners[i % 2]!.runNow(countRunsQueue);
      await until(async () => (await runsSoFar(db)).length >= 6);
    } finally {
      // Stopping waits for the job each runner has in hand: a run counted after it is final.
      for (const runner of runners) await runner.stop();
    }
    expect(await runsSoFar(db)).toHaveLength(6);
  }, 120_000);
});

describe("the job runner across two processes on one PostgreSQL database", () => {
  it("runs each queued job once, whichever process fetches it, queued in one process and run in the other", async (ctx) => {
    const setup = await server();
    if (!setup) return ctx.skip();
    const { db, url } = setup;
    await createRunsTable(db);
    const runner = (jobs: ScheduledJob[]) =>
      startJobRunner({ db, databaseUrl: url, jobs, log: quiet, pollingIntervalSeconds: 0.5 });
    // This process queues but runs nothing yet: a runner without jobs.
    const sender = await runner([]);
    let other: JobProcess | undefined;
    let worker: JobRunner | undefined;
    try {
      // Queued here, run by the other process, the one polling.
      other = await startJobProcess(url!, "other");
      await sender.runNow(countRunsQueue);
      await until(async () => (await runsSoFar(db)).length >= 1);
      expect(await runsSoFar(db)).toEqual(["other"]);
      // Both polling, six jobs queued from both processes: each fetched by one of them.
      worker = await runner([countRunsJob(db, "this")]);
      for (let i = 0; i < 3; i++) {
        await other.send();
        await sender.runNow(countRunsQueue);
      }
      await until(async () => (await runsSoFar(db)).length >= 7);
      // The other process stops (after the job in hand, as a server does on SIGTERM); what is
      // queued next is this process's.
      expect(await other.stop()).toBe(0);
      other = undefined;
      await sender.runNow(countRunsQueue);
      await until(async () => (await runsSoFar(db)).length >= 8);
      await worker.stop();
      worker = undefined;
      // Every runner stopped, so no job is in hand: eight queued, eight runs, the last this process's.
      const runs = await runsSoFar(db);
      expect(runs).toHaveLength(8);
      expect(runs.at(-1)).toBe("this");
    } finally {
      await other?.stop();
      await worker?.stop();
      await sender.stop();
      await setup.close();
    }
  }, 120_000);
});

describe("a job whose completion fails", () => {
  it("is completed once the database answers again, and the process goes on", async (ctx) => {
    const setup = await server();
    if (!setup) return ctx.skip();
    const { db, url } = setup;
    await createRunsTable(db);
    const other = await startJobProcess(url!, "other");
    try {
      await refuseNextCompletion(db);
      await other.send();
      await until(async () => (await runsSoFar(db)).length >= 1);
      // One job of the queue is active at a time: the second runs only once the first is completed.
      await other.send();
      await until(async () => (await runsSoFar(db)).length >= 2);
      expect(await runsSoFar(db)).toEqual(["other", "other"]);
      expect(other.output()).toContain("completion refused: the database went away");
    } finally {
      expect(await other.stop()).toBe(0);
      await setup.close();
    }
  }, 120_000);
});

describe("several server processes starting at once", () => {
  it("all start their job runners on a new database: creating the same queues together is not a deadlock", async (ctx) => {
    const setup = await server();
    if (!setup) return ctx.skip();
    const job = { name: "started-together", cron: "0 0 1 1 *", run: () => Promise.resolve() };
    const started = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        startJobRunner({
          db: setup.db,
          databaseUrl: setup.url,
          jobs: [job, { ...job, name: "started-together-2" }],
          log: quiet,
        }),
      ),
    );
    try {
      expect(
        started
          .filter((result) => result.status === "rejected")
          .map((result) => String(result.reason)),
      ).toEqual([]);
    } finally {
      for (const result of started) if (result.status === "fulfilled") await result.value.stop();
      await setup.close();
    }
  }, 120_000);
});
