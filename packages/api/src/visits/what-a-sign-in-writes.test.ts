import { randomUUID } from "node:crypto";
import { describeOnPostgres } from "@vsi/db/testing";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

/** What a tablet's sign-in makes the database keep, with no webhook endpoint and no alert subscriber. */

const site = useCatalogWorld();
let tablet: Client;
beforeAll(async () => {
  tablet = await tabletClient(site.world, site.catalog.main.id);
});

const signIn = async () => {
  const res = await tablet.call(
    (api) =>
      api.visits.create(
        visitor(site.catalog.main.id, site.catalog.tutoring.id, { Temperature: "98.6" }),
      ),
    { headers: { "idempotency-key": randomUUID() } },
  );
  expect(res.status).toBe(201);
};

/** Rows in every table a crash keeps (the change feed, unlogged, is read live and left out). */
async function rowsByTable(): Promise<Record<string, number>> {
  const db = site.world.services.db.kysely;
  const { rows: tables } = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r' and c.relpersistence = 'p'
    order by 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = rows[0]!.n;
  }
  return counts;
}

describe("a tablet's sign-in", () => {
  it("keeps its visit and its audit row, and nothing else (its key on the visit, no event)", async () => {
    await signIn();
    const before = await rowsByTable();
    await signIn();
    const after = await rowsByTable();
    const added = Object.fromEntries(
      Object.entries(after).flatMap(([table, n]) =>
        n === before[table] ? [] : [[table, n - before[table]!]],
      ),
    );
    expect(added).toEqual({ visits: 1, audit_log: 1 });
  });
});

describeOnPostgres("the log a sign-in writes", () => {
  it("is at most 900 bytes a sign-in (its rows, index entries and commit; page splits and images aside)", async () => {
    await sql`create extension if not exists pg_walinspect`.execute(site.world.services.db.kysely);
    const count = 200;
    // On one connection, which holds a slot keeping the log from the start on (a checkpoint
    // meanwhile would recycle it) and drops it when it closes.
    const rows = await site.world.services.db.kysely.connection().execute(async (db) => {
      const slot = `sign_in_log_${process.pid}_${Date.now()}`;
      await sql`select pg_create_physical_replication_slot(${slot}, true, true)`.execute(db);
      try {
        const lsn = async () =>
          (await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db))
            .rows[0]!.lsn;
        const start = await lsn();
        for (let i = 0; i < count; i++) await signIn();
        const end = await lsn();
        // The log is read only as far as it is flushed: other databases' writes may hold it behind
        // the insert position a moment (the WAL writer flushes it within its delay).
        const flushed = async () =>
          (
            await sql<{ behind: boolean }>`
              select pg_current_wal_flush_lsn() < ${end}::pg_lsn as behind`.execute(db)
          ).rows[0]!.behind === false;
        while (!(await flushed())) await new Promise((resolve) => setTimeout(resolve, 20));
        // The records of this database's relations, and the others of their transactions (the
        // commits): whatever other tests write meanwhile is in other databases. Not the pages an
        // index splits or a read prunes now and then, which the table's history decides.
        return (
          await sql<{ bytes: number; transactions: number }>`
          with records as (
            select r.xid, r.record_length - r.fpi_length as length, m[1]::oid as database,
              r.resource_manager as rmgr, r.record_type as type
            from pg_get_wal_records_info(${start}::pg_lsn, ${end}::pg_lsn) r
            left join lateral regexp_match(r.block_ref, 'rel \\d+/(\\d+)/') m on true),
          here as (select oid from pg_database where datname = current_database()),
          ours as (select distinct xid from records where database = (select oid from here) and xid <> '0')
          select sum(length)::int as bytes, (select count(*)::int from ours) as transactions
          from records
          where (database = (select oid from here) or xid in (select xid from ours))
            and not (rmgr = 'Btree' and type <> 'INSERT_LEAF') and rmgr <> 'Heap2'`.execute(db)
        ).rows;
      } finally {
        // A temporary slot is gone already when a statement failed (that error is the one to see).
        await sql`select pg_drop_replication_slot(slot_name) from pg_replication_slots
          where slot_name = ${slot}`.execute(db);
      }
    });
    const { bytes, transactions } = rows[0]!;
    // One transaction a sign-in: the lsn reads write nothing.
    expect(transactions).toBe(count);
    expect(bytes / count).toBeLessThanOrEqual(900);
  });
});
