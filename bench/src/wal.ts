import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Build } from "./build.ts";
import { tabletAt } from "./client.ts";
import { walEnd, walSince, withDb } from "./pg.ts";
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
 * How far the log's insert position moved: all the cluster wrote, full-page images included (the
 * first change of each page after a checkpoint logs it whole, so they depend on when the last one
 * was and on how many pages the sign-ins touch), with the log's page headers (pg_stat_wal counts
 * the same without them, but only once each connection has reported, up to a second later).
 * pg_walinspect's records of that stretch split it: this database's and its transactions' (the
 * commits) without their page images; and of those, the sign-ins' own rows, index entries and
 * commits, the figure judged, without the index pages split (a location's range ending mid-index
 * splits in halves when the row before the new one is not its heap neighbour, as when the pool's
 * connections take turns) and pruned, which the table's history decides.
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
    const start = await walEnd(build.database);
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
    const [walBytes, end] = [await walSince(build.database, start), await walEnd(build.database)];
    const records = inspect ? await recordsOf(build.database, start, end) : undefined;
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
      ownRecordBytesPerSignIn: records && records.own / written,
      pageImageBytesPerSignIn: records && records.pageImages / written,
    };
  } finally {
    await Promise.all(sheet.map((tablet) => tablet.browser.close()));
  }
}

/** The bytes of this database's records between two positions, its sign-ins' own, and their page images. */
const recordsOf = (database: string, start: string, end: string) =>
  withDb(database, async (db) => {
    const { rows } = await sql<{ bytes: number; own: number; pageImages: number }>`
      with records as (
        select r.xid, r.record_length, r.fpi_length, m[1]::oid as database,
          r.resource_manager as rmgr, r.record_type as type
        from pg_get_wal_records_info(${start}::pg_lsn, ${end}::pg_lsn) r
        left join lateral regexp_match(r.block_ref, 'rel \\d+/(\\d+)/') m on true),
      here as (select oid from pg_database where datname = current_database()),
      ours as (select distinct xid from records where database = (select oid from here) and xid <> '0')
      select coalesce(sum(record_length - fpi_length), 0)::int as bytes,
        coalesce(sum(record_length - fpi_length) filter (where
          not (rmgr = 'Btree' and type <> 'INSERT_LEAF') and rmgr <> 'Heap2'), 0)::int as own,
        coalesce(sum(fpi_length), 0)::int as "pageImages"
      from records
      where database = (select oid from here) or xid in (select xid from ours)`.execute(db);
    return rows[0]!;
  });
