import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnPostgres, eachMigratedDatabase } from "../src/testing.ts";

const databases = eachMigratedDatabase();

// PGlite answers too, but the scan that matters is the server's.
describeOnPostgres("a sheet's open visits (open_visits) on PostgreSQL", () => {
  it("are read by an index scan, which skips the visits signed out since, also when the statistics were taken with many visitors in", async () => {
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
    const { rows: left } = await sql<{ pages: number }>`
      select count(distinct (ctid::text::point)[0])::int as pages from visits
      where program_id = ${pantry!.id} and time_out is not null`.execute(kysely);

    const read = await kysely.connection().execute(async (session) => {
      // The first read after they left visits each of their rows once.
      await sql`select count(*) from open_visits(${location}, ${pantry!.id})`.execute(session);
      const { rows } = await sql<{ "QUERY PLAN": [{ Plan: Record<string, number> }] }>`
        explain (analyze, buffers, format json)
        select * from open_visits(${location}, ${pantry!.id})`.execute(session);
      return rows[0]!["QUERY PLAN"][0].Plan;
    });
    expect(read["Actual Rows"]).toBe(25);
    // A bitmap scan reads every page a signed-out pantry visit is on, at every read.
    const blocks = read["Shared Hit Blocks"]! + read["Shared Read Blocks"]!;
    expect(blocks).toBeLessThan(left[0]!.pages / 4);
  });
});
