import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("locations")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("address", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("programs")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("archived_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("location_programs")
    .addColumn("location_id", "integer", (col) =>
      col.notNull().references("locations.id").onDelete("cascade"),
    )
    .addColumn("program_id", "integer", (col) =>
      col.notNull().references("programs.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (col) => col.notNull())
    .addPrimaryKeyConstraint("location_programs_pkey", ["location_id", "program_id"])
    .execute();
  await db.schema
    .createIndex("location_programs_program_id_idx")
    .on("location_programs")
    .column("program_id")
    .execute();

  await db.schema
    .createTable("tablets")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("location_id", "integer", (col) =>
      col.notNull().references("locations.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_by_user_id", "integer", (col) =>
      col.references("users.id").onDelete("set null"),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_seen_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("tablets_location_id_idx")
    .on("tablets")
    .column("location_id")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("tablets").execute();
  await db.schema.dropTable("location_programs").execute();
  await db.schema.dropTable("programs").execute();
  await db.schema.dropTable("locations").execute();
}
