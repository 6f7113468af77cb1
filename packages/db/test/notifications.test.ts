import { createTestDatabase } from "@vsi/test-utils";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { createDb, migrateToLatest, type Db } from "../src/index.ts";
import { notificationsApplicationName, pgliteNotifications } from "../src/notifications.ts";
import { openTestDb } from "../src/testing.ts";

/**
 * Waits until `done()` or the time-out, looking again every 50 ms or when woken (`onWait` gets
 * each wait's wake-up); the wait is a bound, never the check.
 */
async function waitUntil(
  done: () => boolean,
  timeoutMs: number,
  onWait?: (wake: () => void) => void,
) {
  const until = Date.now() + timeoutMs;
  while (!done() && Date.now() < until) {
    await new Promise<void>((resolve) => {
      onWait?.(resolve);
      setTimeout(resolve, 50);
    });
  }
}

/** Collects what arrives on a channel; `next(n)` waits until n payloads are there. */
function collector() {
  const payloads: string[] = [];
  let wake: (() => void) | undefined;
  const waitFor = (done: () => boolean, timeoutMs: number) =>
    waitUntil(done, timeoutMs, (resolve) => (wake = resolve));
  return {
    payloads,
    push: (payload: string) => {
      payloads.push(payload);
      wake?.();
    },
    next: async (count: number, timeoutMs = 5_000) => {
      await waitFor(() => payloads.length >= count, timeoutMs);
      return payloads.splice(0, count).map((p) => JSON.parse(p) as Record<string, unknown>);
    },
    /** Waits for this payload; returns (and takes) what came before it. */
    before: async (marker: string, timeoutMs = 5_000) => {
      await waitFor(() => payloads.includes(marker), timeoutMs);
      const at = payloads.indexOf(marker);
      if (at < 0) throw new Error(`${marker} never arrived; got ${JSON.stringify(payloads)}`);
      return payloads.splice(0, at + 1).slice(0, at);
    },
  };
}

let markers = 0;
/**
 * What reached the listener before a later announcement, sent now on its own connection (a
 * server's other pooled connection, or the embedded one outside any transaction), the way the
 * channel's own are: by the change feed for the visits, by NOTIFY for the rest. Either way what
 * committed before arrives before it, so one that has not come by then was never sent.
 */
async function arrivedBefore(
  db: Db,
  channel: string,
  listener: ReturnType<typeof collector>,
): Promise<string[]> {
  const marker = `later-${++markers}`;
  if (channel === "vsi_visits")
    await sql`select vsi_feed(${channel}, ${marker})`.execute(db.kysely);
  else await sql`select pg_notify(${channel}, ${marker})`.execute(db.kysely);
  return listener.before(marker);
}

async function catalog(db: Db) {
  const location = await db.kysely
    .insertInto("locations")
    .values({ name: "L", address: "" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const program = await db.kysely
    .insertInto("programs")
    .values({ name: "P" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { locationId: location.id, programId: program.id };
}

const visit = (locationId: number, programId: number, phone: string) => ({
  first_name: "A",
  last_name: "B",
  phone_number: phone,
  temperature: "98.6",
  location_id: locationId,
  program_id: programId,
});

/** Every writer's change reaches a listener of the same database, tagged with its kind. */
async function checkVisitNotifications(db: Db) {
  await migrateToLatest(db.kysely);
  const { locationId, programId } = await catalog(db);
  const visits = collector();
  await db.notifications().listen("vsi_visits", visits.push);

  const { id } = await db.kysely
    .insertInto("visits")
    .values(visit(locationId, programId, "4155550001"))
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.kysely.updateTable("visits").set({ first_name: "Ann" }).where("id", "=", id).execute();
  await db.kysely
    .updateTable("visits")
    .set({ time_out: new Date() })
    .where("id", "=", id)
    .execute();
  await db.kysely.deleteFrom("visits").where("id", "=", id).execute();
  const same = { locationId, programId, visitId: id };
  expect(await visits.next(4)).toEqual([
    { ...same, kind: "in" },
    { ...same, kind: "changed" },
    { ...same, kind: "out" },
    { ...same, kind: "deleted" },
  ]);

  // Inside a transaction: nothing until it commits, nothing at all if it rolls back.
  await db.kysely.transaction().execute(async (trx) => {
    await trx
      .insertInto("visits")
      .values(visit(locationId, programId, "4155550002"))
      .execute();
    if (db.kind === "postgres") {
      // Another connection's notification, committed while this transaction is open, comes first.
      expect(await arrivedBefore(db, "vsi_visits", visits)).toEqual([]);
    } else {
      // Embedded, the listener is this one connection, whose replies carry what it notified:
      // after the next statement's reply, anything the insert sent has been delivered.
      await sql`select 1`.execute(trx);
      expect(visits.payloads).toEqual([]);
    }
  });
  expect((await visits.next(1))[0]?.kind).toBe("in");
  // Read once, though it committed after later transactions had been read.
  expect(await arrivedBefore(db, "vsi_visits", visits)).toEqual([]);
  await expect(
    db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("visits")
        .values(visit(locationId, programId, "4155550003"))
        .execute();
      throw new Error("rolled back");
    }),
  ).rejects.toThrow("rolled back");

  // A bulk statement (a purge, an import) asks each location once to refresh.
  await sql`insert into visits (first_name, last_name, phone_number, temperature, location_id, program_id, time_out)
    select 'Bulk', 'Row', lpad(g::text, 10, '9'), '98', ${locationId}, ${programId}, now() from generate_series(1, 200) g`.execute(
    db.kysely,
  );
  expect(await visits.next(1)).toEqual([{ locationId, kind: "refresh" }]);
  expect(await arrivedBefore(db, "vsi_visits", visits)).toEqual([]);

  // Disconnecting a tablet is announced on the access channel.
  const access = collector();
  await db.notifications().listen("vsi_access", access.push);
  const tablet = await db.kysely
    .insertInto("tablets")
    .values({ location_id: locationId, token_hash: "h" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db.kysely
    .updateTable("tablets")
    .set({ revoked_at: new Date() })
    .where("id", "=", tablet.id)
    .execute();
  await db.kysely
    .updateTable("tablets")
    .set({ revoked_at: new Date() })
    .where("id", "=", tablet.id)
    .execute();
  await db.kysely
    .updateTable("locations")
    .set({ archived_at: new Date() })
    .where("id", "=", locationId)
    .execute();
  // Revoking an already revoked tablet announces nothing: the later marker follows the archiving.
  expect(await arrivedBefore(db, "vsi_access", access)).toEqual([
    `tablet:${tablet.id}`,
    `location:${locationId}`,
  ]);
}

/** A fresh database on the PostgreSQL server (skipped without one), dropped afterwards. */
async function onServer(ctx: { skip(): void }, work: (db: Db, url: string) => Promise<void>) {
  const database = await createTestDatabase();
  if (!database) return ctx.skip();
  const db = await createDb({ databaseUrl: database.url, poolSize: 2 });
  try {
    await work(db, database.url);
  } finally {
    await db.close();
    await database.drop();
  }
}

/** Migrates, then listens to the visits: what arrives, how often listeners were asked to refresh. */
async function listeningToVisits(db: Db) {
  await migrateToLatest(db.kysely);
  const { locationId, programId } = await catalog(db);
  const visits = collector();
  let resumptions = 0;
  db.notifications().onResume(() => (resumptions += 1));
  await db.notifications().listen("vsi_visits", visits.push);
  return {
    visits,
    resumed: () => resumptions,
    signIn: (phone: string) =>
      db.kysely
        .insertInto("visits")
        .values(visit(locationId, programId, phone))
        .execute(),
  };
}

describe("database notifications", () => {
  it("announce each visit change and each disconnection on embedded PGlite", async () => {
    // A copy of the run's migrated database: the migrations are not what this checks.
    const { db, close } = await openTestDb({ kind: "pglite" });
    try {
      await checkVisitNotifications(db);
    } finally {
      await close();
    }
  });

  it("miss nothing on embedded PGlite while a transaction holds its one connection longer than half the feed's keep, and ask no one to refresh", async () => {
    const { db, close } = await openTestDb({ kind: "pglite" });
    // Its own reader, keeping rows 1 s, so that a hold of 0.8 s is longer than half of it.
    const exclusive = <T>(work: () => Promise<T>) => db.kysely.connection().execute(() => work());
    const notifications = pgliteNotifications(db.embedded!.pglite, exclusive, {
      keepMs: 1_000,
      onRelease: db.embedded!.onRelease,
    });
    try {
      const { locationId, programId } = await catalog(db);
      const visits = collector();
      let resumptions = 0;
      notifications.onResume(() => (resumptions += 1));
      await notifications.listen("vsi_visits", visits.push);
      // A slow request's transaction: the feed cannot be read until it commits.
      await db.kysely.transaction().execute(async (trx) => {
        await trx
          .insertInto("visits")
          .values(visit(locationId, programId, "4155550012"))
          .execute();
        await new Promise((resolve) => setTimeout(resolve, 800));
      });
      expect((await visits.next(1))[0]?.kind).toBe("in");
      const marker = "after-the-hold";
      await sql`select vsi_feed('vsi_visits', ${marker})`.execute(db.kysely);
      expect(await visits.before(marker)).toEqual([]);
      expect(resumptions).toBe(0);
    } finally {
      await notifications.close();
      await close();
    }
  });

  it("leave the embedded feed unread while nobody uses the connection, and read it once someone has", async () => {
    const { db, close } = await openTestDb({ kind: "pglite" });
    // Only the reader's own timers are faked: PGlite's queries run as they do.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const visits = collector();
      await db.notifications().listen("vsi_visits", visits.push);
      // Read once to know where to start, and nothing more is due: no read waits for its time.
      expect(vi.getTimerCount()).toBe(0);

      await sql`select vsi_feed('vsi_visits', 'after-a-write')`.execute(db.kysely);
      expect(vi.getTimerCount()).toBe(1);
      await vi.runOnlyPendingTimersAsync();
      await vi.waitFor(() => expect(visits.payloads).toEqual(["after-a-write"]));
    } finally {
      vi.useRealTimers();
      await close();
    }
  });

  it("announce each visit change and each disconnection on a PostgreSQL server, through the dedicated listening connection", (ctx) =>
    onServer(ctx, checkVisitNotifications));

  it("announce a visit's change without a NOTIFY, so that its commit waits for no other's", (ctx) =>
    onServer(ctx, async (db, url) => {
      await migrateToLatest(db.kysely);
      const { locationId, programId } = await catalog(db);
      const visits = collector();
      await db.notifications().listen("vsi_visits", visits.push);
      const raw = collector();
      const listener = new pg.Client({ connectionString: url });
      await listener.connect();
      try {
        listener.on("notification", (message) => raw.push(message.payload ?? ""));
        await listener.query("listen vsi_visits");
        await db.kysely
          .insertInto("visits")
          .values(visit(locationId, programId, "4155550010"))
          .execute();
        expect((await visits.next(1))[0]?.kind).toBe("in");
        // NOTIFYs arrive in commit order: the sign-in, committed first, sent none.
        await sql`select pg_notify('vsi_visits', 'after')`.execute(db.kysely);
        expect(await raw.before("after")).toEqual([]);
      } finally {
        await listener.end();
      }
    }));

  it("read on from the same place after a failed read of the change feed, losing nothing and asking no one to refresh", (ctx) =>
    onServer(ctx, async (db) => {
      const { visits, resumed, signIn } = await listeningToVisits(db);
      const failed = vi.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        // The reader's next reads fail while its table is away; no sign-in can commit meanwhile.
        await sql`alter table change_feed rename to change_feed_away`.execute(db.kysely);
        await waitUntil(() => failed.mock.calls.length > 0, 5_000);
        await sql`alter table change_feed_away rename to change_feed`.execute(db.kysely);
        expect(String(failed.mock.calls[0]?.[0])).toMatch(/^change feed: /);
      } finally {
        failed.mockRestore();
      }
      await signIn("4155550011");
      expect((await visits.next(1))[0]?.kind).toBe("in");
      expect(await arrivedBefore(db, "vsi_visits", visits)).toEqual([]);
      expect(resumed()).toBe(0);
    }));

  it("listen again after the server drops the listening connection, and say so", (ctx) =>
    onServer(ctx, async (db, url) => {
      const { visits, resumed, signIn } = await listeningToVisits(db);
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1",
        [notificationsApplicationName],
      );
      await admin.end();
      await waitUntil(() => resumed() > 0, 10_000);
      expect(resumed()).toBe(1);
      await signIn("4155550009");
      expect((await visits.next(1))[0]?.kind).toBe("in");
    }));
});
