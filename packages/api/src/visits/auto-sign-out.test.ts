import { autoSignOut } from "@vsi/api";
import { createDb, migrateToLatest, type Db } from "@vsi/db";
import { createTestDatabase } from "@vsi/test-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startJobRunner, type JobRunner, type ScheduledJob } from "../src/jobs/index.ts";
import {
  countRunsJob,
  countRunsQueue,
  createRunsTable,
  runsSoFar,
  startJobProcess,
  type JobProcess,
} from "./job-runs.ts";

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
  const db = await createDb({ inMemory: true });
  await migrateToLatest(db.kysely);
  return { db, url: undefined, close: () => db.close() };
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
] as const)("automatic sign-out on %s", (_kind, open) => {
  let setup: Setup | undefined;
  let program: number;
  let phones = 0;
  beforeAll(async () => {
    setup = await open();
    if (!setup) return;
    program = (
      await setup.db.kysely
        .insertInto("programs")
        .values({ name: "Food Pantry" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => setup?.close());

  const db = () => setup!.db.kysely;
  async function location(settings: {
    zone?: string;
    at?: string | null;
    maxMinutes?: number | null;
  }) {
    const row = await db()
      .insertInto("locations")
      .values({
        name: "L",
        address: "",
        time_zone: settings.zone ?? "America/Los_Angeles",
        auto_sign_out_time: settings.at ?? null,
        max_stay_minutes: settings.maxMinutes ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function visit(locationId: number, timeIn: string) {
    const row = await db()
      .insertInto("visits")
      .values({
        first_name: "A",
        last_name: "B",
        phone_number: String(4_155_000_000 + ++phones),
        temperature: "98.6",
        location_id: locationId,
        program_id: program,
        time_in: new Date(timeIn),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const read = (id: number) =>
    db()
      .selectFrom("visits")
      .select(["time_out", "signed_out_by"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const ended = async (id: number) => {
    const row = await read(id);
    return row.time_out ? [row.time_out.toISOString(), row.signed_out_by] : null;
  };

  it("a visit open at 20:59 is signed out at 21:00 Los Angeles time, not at 21:00 UTC", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    // 20:59 PST on 20 November is 04:59 UTC on the 21st.
    const id = await visit(la, "2026-11-21T04:59:00Z");
    expect(await autoSignOut(db(), new Date("2026-11-21T04:59:30Z"))).toEqual([]);
    // 05:00:30 UTC is 21:00:30 in Los Angeles: signed out at 21:00 local. Read in UTC, it would
    // have waited until 21:00 UTC, 16 hours later.
    const signedOut = await autoSignOut(db(), new Date("2026-11-21T05:00:30Z"));
    expect(signedOut.map((v) => v.id)).toEqual([id]);
    expect(await ended(id)).toEqual(["2026-11-21T05:00:00.000Z", "auto"]);
  });

  it("ends at the next local 21:00 across a daylight-saving change, both ways", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    // 22:00 PST on 7 March, past that day's 21:00: ends 21:00 PDT on 8 March, 23 hours later.
    const spring = await visit(la, "2026-03-08T06:00:00Z");
    // 22:00 PDT on 31 October: ends 21:00 PST on 1 November, 24 hours later.
    const autumn = await visit(la, "2026-11-01T05:00:00Z");
    await autoSignOut(db(), new Date("2026-03-09T03:59:00Z"));
    expect(await ended(spring)).toBeNull();
    await autoSignOut(db(), new Date("2026-03-09T04:00:00Z"));
    expect(await ended(spring)).toEqual(["2026-03-09T04:00:00.000Z", "auto"]);
    await autoSignOut(db(), new Date("2026-11-02T04:59:59Z"));
    expect(await ended(autumn)).toBeNull();
    await autoSignOut(db(), new Date("2026-11-02T05:00:00Z"));
    expect(await ended(autumn)).toEqual(["2026-11-02T05:00:00.000Z", "auto"]);
  });

  it("a visit found after its time (a server that was down) still ends at that time", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    const id = await visit(la, "2026-11-21T04:59:00Z");
    await autoSignOut(db(), new Date("2026-11-23T12:00:00Z"));
    expect(await ended(id)).toEqual(["2026-11-21T05:00:00.000Z", "auto"]);
  });

  it("reads the time in the location's own zone", async (ctx) => {
    if (!setup) return ctx.skip();
    const madrid = await location({ zone: "Europe/Madrid", at: "21:00" });
    const id = await visit(madrid, "2026-11-21T19:30:00Z"); // 20:30 in Madrid
    await autoSignOut(db(), new Date("2026-11-21T20:00:00Z"));
    expect(await ended(id)).toEqual(["2026-11-21T20:00:00.000Z", "auto"]);
  });

  it("a maximum stay ends a visit that long after it began; with both rules, the earlier wins", async (ctx) => {
    if (!setup) return ctx.skip();
    const stay = await location({ maxMinutes: 90 });
    const both = await location({ at: "21:00", maxMinutes: 12 * 60 });
    const short = await visit(stay, "2026-11-21T16:00:00Z");
    const evening = await visit(both, "2026-11-22T03:30:00Z"); // 19:30 PST: 21:00 comes before 12 hours
    const morning = await visit(both, "2026-11-21T16:00:00Z"); // 08:00 PST: 12 hours is 20:00, before 21:00
    await autoSignOut(db(), new Date("2026-11-21T17:29:00Z"));
    expect(await ended(short)).toBeNull();
    await autoSignOut(db(), new Date("2026-11-23T00:00:00Z"));
    expect(await ended(short)).toEqual(["2026-11-21T17:30:00.000Z", "auto"]);
    expect(await ended(morning)).toEqual(["2026-11-22T04:00:00.000Z", "auto"]);
    expect(await ended(evening)).toEqual(["2026-11-22T05:00:00.000Z", "auto"]);
  });

  it("leaves alone a location with no setting, and visits already signed out", async (ctx) => {
    if (!setup) return ctx.skip();
    const none = await location({});
    const open = await visit(none, "2020-01-01T10:00:00Z");
    const la = await location({ at: "21:00" });
    const out = await visit(la, "2026-11-21T16:00:00Z");
    await db()
      .updateTable("visits")
      .set({ time_out: new Date("2026-11-21T17:00:00Z"), signed_out_by: "visitor" })
      .where("id", "=", out)
      .execute();
    await autoSignOut(db(), new Date("2030-01-01T00:00:00Z"));
    expect(await ended(open)).toBeNull();
    expect(await ended(out)).toEqual(["2026-11-21T17:00:00.000Z", "visitor"]);
  });

  it("two runs at once sign each visit out once", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ maxMinutes: 60 });
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => visit(la, "2026-11-21T16:00:00Z")),
    );
    const now = new Date("2026-11-21T18:00:00Z");
    const runs = await Promise.all([
      autoSignOut(db(), now),
      autoSignOut(db(), now),
      autoSignOut(db(), now),
    ]);
    const signedOut = runs
      .flat()
      .map((v) => v.id)
      .filter((id) => ids.includes(id));
    expect(signedOut.sort()).toEqual([...ids].sort());
  });

  it("the job runner runs each queued job once with two runners polling the queue in one process", async (ctx) => {
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
