import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("visits")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull())
    .addColumn("phone_number", "varchar(10)", (col) => col.notNull())
    .addColumn("temperature", "text", (col) => col.notNull())
    .addColumn("time_in", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("time_out", "timestamptz")
    // Restrict, not cascade: a signed visit outlives its location and program (they get archived).
    .addColumn("location_id", "integer", (col) =>
      col.notNull().references("locations.id").onDelete("restrict"),
    )
    .addColumn("program_id", "integer", (col) =>
      col.notNull().references("programs.id").onDelete("restrict"),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // The tablets' sheet: open visits of one location and program, oldest first. Partial, so it
  // stays as small as the number of people in the building, however long the history grows.
  await sql`create index visits_open_idx on visits (location_id, program_id, time_in) where time_out is null`.execute(
    db,
  );
  // Reports: newest first, optionally narrowed by location or program.
  await sql`create index visits_time_in_idx on visits (time_in desc, id desc)`.execute(db);
  await sql`create index visits_location_time_in_idx on visits (location_id, time_in desc, id desc)`.execute(
    db,
  );
  await sql`create index visits_program_time_in_idx on visits (program_id, time_in desc, id desc)`.execute(
    db,
  );
  // Returning visitor lookup: the latest visit with a phone number.
  await sql`create index visits_phone_time_in_idx on visits (phone_number, time_in desc)`.execute(
    db,
  );

  await db.schema
    .createTable("visit_idempotency_keys")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("visit_id", "integer", (col) =>
      col.notNull().references("visits.id").onDelete("cascade"),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("visit_idempotency_keys").execute();
  await db.schema.dropTable("visits").execute();
}
