import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Parallel program edits could give two tabs of a location the same position. Renumber every
  // location's tabs 0, 1, 2… in their current order (ties by program id) before refusing duplicates.
  await sql`
    update location_programs lp
    set position = ranked.position
    from (
      select location_id, program_id,
        (row_number() over (partition by location_id order by position, program_id) - 1)::int as position
      from location_programs
    ) ranked
    where lp.location_id = ranked.location_id and lp.program_id = ranked.program_id and lp.position <> ranked.position
  `.execute(db);
  await db.schema
    .alterTable("location_programs")
    .addUniqueConstraint("location_programs_location_position_key", ["location_id", "position"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("location_programs")
    .dropConstraint("location_programs_location_position_key")
    .execute();
}
