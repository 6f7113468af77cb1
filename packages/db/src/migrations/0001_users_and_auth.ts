import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("key", "text", (col) => col.notNull().unique())
    .addColumn("filename", "text", (col) => col.notNull())
    .addColumn("content_type", "text", (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull())
    .addColumn("checksum", "text")
    .addColumn("created_by_user_id", "integer")
    .addColumn("uploaded_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("password_hash", "text", (col) => col.notNull())
    .addColumn("picture_file_id", "integer", (col) =>
      col.references("files.id").onDelete("set null"),
    )
    .addColumn("is_admin", "boolean", (col) => col.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  // One account per address whatever its case: Ann@x.org and ann@x.org are the same person.
  await sql`create unique index users_email_lower_key on users (lower(email))`.execute(db);

  await db.schema
    .alterTable("files")
    .addForeignKeyConstraint("files_created_by_user_id_fkey", ["created_by_user_id"], "users", [
      "id",
    ])
    .onDelete("set null")
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("api_tokens")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("last_used_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("api_tokens_user_id_idx")
    .on("api_tokens")
    .column("user_id")
    .execute();

  await db.schema
    .createTable("invites")
    .addColumn("id", "uuid", (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("first_name", "text", (col) => col.notNull())
    .addColumn("last_name", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("email", "text", (col) => col.notNull())
    .addColumn("message", "text", (col) => col.notNull().defaultTo(""))
    .addColumn("created_by_user_id", "integer", (col) =>
      col.references("users.id").onDelete("set null"),
    )
    .addColumn("accepted_by_user_id", "integer", (col) =>
      col.references("users.id").onDelete("set null"),
    )
    .addColumn("revoked_by_user_id", "integer", (col) =>
      col.references("users.id").onDelete("set null"),
    )
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn("accepted_at", "timestamptz")
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await sql`create index invites_pending_idx on invites (updated_at desc) where accepted_at is null and revoked_at is null`.execute(
    db,
  );

  await db.schema
    .createTable("password_resets")
    .addColumn("id", "serial", (col) => col.primaryKey())
    .addColumn("user_id", "integer", (col) =>
      col.notNull().references("users.id").onDelete("cascade"),
    )
    .addColumn("token_hash", "text", (col) => col.notNull().unique())
    .addColumn("expires_at", "timestamptz", (col) => col.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("hits", "integer", (col) => col.notNull())
    .addColumn("reset_at", "timestamptz", (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["rate_limits", "password_resets", "invites", "api_tokens", "sessions"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("files").dropConstraint("files_created_by_user_id_fkey").execute();
  await db.schema.dropTable("users").execute();
  await db.schema.dropTable("files").execute();
}
