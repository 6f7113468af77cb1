import type { Kysely } from "kysely";

// Deactivated, not deleted: the user stays in lists and history and can be reactivated.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("deactivated_at", "timestamptz").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("deactivated_at").execute();
}
