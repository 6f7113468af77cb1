import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Build } from "./build.ts";
import { tabletAt } from "./client.ts";
import { walBytesWritten, walEnd, withDb } from "./pg.ts";
import { signInBody } from "./tablets.ts";

/** Sign-ins measured, and the tablets sending them in turn. */
const signIns = 1000;
const tablets = 3;

export type WalResult = Awaited<ReturnType<typeof walPerSignIn>>;

/**
 * The write-ahead log a sign-in makes PostgreSQL write: 1,000 sign-ins at the walk-in sheet,
 * which asks nothing (an Idempotency-Key each, as the kiosk sends; no webhook endpoint, no alert
 * subscriber), one at a time from 3 tablets in turn, as a door's tablets send them seconds apart
 * (many at once reach the time indexes out of their order, and a page that overflows with a row
 * not its last splits in halves). A CHECKPOINT first, as a server makes every few minutes.
 *
 * pg_stat_wal's wal_bytes before and after (every connection's report): all the cluster wrote,
 * full-page images included (the first change of each page after a checkpoint logs it whole, so
 * they depend on when the last one was and on how many pages the sign-ins touch). pg_walinspect's
 * records of the same stretch split it: the records of this database's relations and of their
 * transactions (the commits) without their page images, what each sign-in writes: the figure
 * judged.
 */
export async function walPerSignIn(build: Build) {
  const { staff, site } = build;
  const sheet = await Promise.all(
    Array.from({ length: tablets }, (_, i) =>
      tabletAt(staff, site.locationIds[0]!, site.walkInProgramId, {}, i),
    ),
  );
  try {
    const inspect = await withDb(build.database, (db) =>
      sql`create extension if not exists pg_walinspect`.execute(db).then(
        () => true,
        () => false,
      ),
    );
    await withDb(build.database, (db) => sql`checkpoint`.execute(db));
    const [start, startLsn] = [await walBytesWritten(build.database), await walEnd(build.database)];
    let [written, errors] = [0, 0];
    for (let i = 0; i < signIns; i++) {
      const tablet = sheet[i % tablets]!;
      const reply = await tablet.browser.request("POST", "/api/visits", {
        json: signInBody(tablet, "Grace", "Hopper"),
        headers: { "idempotency-key": randomUUID() },
      });
      if (reply.status === 201) written++;
      else errors++;
    }
    const walBytes = (await walBytesWritten(build.database)) - start;
    const endLsn = await walEnd(build.database);
    const records = inspect ? await recordsOf(build.database, startLsn, endLsn) : undefined;
    // Those visitors leave, so that the next round starts from the same sheet.
    await withDb(build.database, (db) =>
      db
        .updateTable("visits")
        .set({ time_out: new Date() })
        .where("program_id", "=", site.walkInProgramId)
        .where("time_out", "is", null)
        .execute(),
    );
    return {
      signIns: written,
      errors,
      walBytes,
      walBytesPerSignIn: walBytes / written,
      /** Without page images (pg_walinspect; absent where it cannot be created). */
      recordBytesPerSignIn: records && records.bytes / written,
      pageImageBytesPerSignIn: records && records.pageImages / written,
    };
  } finally {
    await Promise.all(sheet.map((tablet) => tablet.browser.close()));
  }
}

/** The bytes of this database's records between two positions, and of their page images. */
const recordsOf = (database: string, start: string, end: string) =>
  withDb(database, async (db) => {
    const { rows } = await sql<{ bytes: number; pageImages: number }>`
      with records as (
        select r.xid, r.record_length, r.fpi_length, m[1]::oid as database
        from pg_get_wal_records_info(${start}::pg_lsn, ${end}::pg_lsn) r
        left join lateral regexp_match(r.block_ref, 'rel \\d+/(\\d+)/') m on true),
      here as (select oid from pg_database where datname = current_database()),
      ours as (select distinct xid from records where database = (select oid from here) and xid <> '0')
      select coalesce(sum(record_length - fpi_length), 0)::int as bytes,
        coalesce(sum(fpi_length), 0)::int as "pageImages"
      from records
      where database = (select oid from here) or xid in (select xid from ours)`.execute(db);
    return rows[0]!;
  });
