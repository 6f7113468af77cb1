import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnPostgres, eachMigratedDatabase } from "../src/testing.ts";

const databases = eachMigratedDatabase();

// PGlite answers too, but the scan that matters is the server's.
describeOnPostgres("a sheet's open visits (open_visits) on PostgreSQL", () => {
  it("are read by a plain index scan, not a bitmap scan that rereads every visit signed out since, also when the statistics were taken with many visitors in", async () => {
    const db = await databases["the PostgreSQL server"]!();
    if (!db) throw new Error("no PostgreSQL server");
    const { kysely } = db;
    const { id: location } = await kysely
      .insertInto("locations")
      .values({ name: "Busy", address: "Busy St", asks_temperature: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    const [pantry, tutoring] = await kysely
      .insertInto("programs")
      .values([{ name: "Pantry" }, { name: "Tutoring" }])
      .returning("id")
      .execute();
    // A busy morning at two programs, every visitor still in when the statistics are taken.
    await sql`insert into visits (first_name, last_name, phone_number, temperature, time_in, location_id, program_id)
      select repeat('x', 300), 'Plan', (4190000000 + g)::text, '98',
        timestamptz '2026-03-02T08:00:00Z' + g * interval '1 second', ${location},
        case when g % 2 = 0 then ${pantry!.id}::int else ${tutoring!.id}::int end
      from generate_series(1, 4000) g`.execute(kysely);
    await sql`analyze visits`.execute(kysely);
    // Then all but the pantry's last 25 leave: their entries stay in the open visits' index.
    await sql`update visits set time_out = time_in + interval '30 minutes'
      where id not in (select id from visits where program_id = ${pantry!.id} order by id desc limit 25)`.execute(
      kysely,
    );
    // A plain index scan counts the rows it fetches in idx_tup_fetch; a bitmap scan, which reads
    // every signed-out visit's row again at every read (it never marks their entries dead), counts
    // none there. Counted, not timed or read in blocks: whether entries can be marked dead hangs on
    // every other transaction of the server, which other tests run meanwhile.
    const fetched = await kysely.connection().execute(async (session) => {
      const count = async () => {
        await sql`select pg_stat_clear_snapshot()`.execute(session);
        const { rows } = await sql<{ fetched: string }>`
          select idx_tup_fetch as fetched from pg_stat_user_indexes
          where indexrelname = 'visits_one_open_idx'`.execute(session);
        return Number(rows[0]!.fetched);
      };
      const before = await count();
      const { rows } = await sql<{ open: number }>`
        select count(*)::int as open from open_visits(${location}, ${pantry!.id})`.execute(session);
      expect(rows[0]!.open).toBe(25);
      // This session's counts reach the view once flushed: at the end of the next statement.
      await sql`select pg_stat_force_next_flush()`.execute(session);
      return (await count()) - before;
    });
    expect(fetched).toBeGreaterThanOrEqual(25);
  });
});
