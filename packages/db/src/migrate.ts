import { Migrator, sql, type Kysely, type MigrationResultSet } from "kysely";
import type { Database } from "./schema.ts";
import { migrations } from "./migrations/index.ts";

/**
 * Migrations that ran under another name on some installs, by that name: the webhooks' migration
 * was 0028 for the moment before it took the free number 0027. Left as it is, the migrator would
 * call such an install's record of it missing and refuse to start, and would run it again.
 */
const renamed: Record<string, string> = { "0028_webhooks": "0027_webhooks" };

/** Gives the migrations an install ran under an earlier name their name today. */
async function renameEarlierNames(db: Kysely<Database>) {
  const { rows } = await sql<{ found: string | null }>`
    select to_regclass('kysely_migration')::text as found
  `.execute(db);
  if (!rows[0]?.found) return;
  for (const [earlier, today] of Object.entries(renamed))
    await sql`update kysely_migration set name = ${today} where name = ${earlier}`.execute(db);
}

// Unordered: numbers are handed out ahead and changes land in any order, so a database that already
// ran 0010 must still run an 0009 that landed after it, instead of refusing to start.
const migratorFor = (db: Kysely<Database>) =>
  new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    allowUnorderedMigrations: true,
  });

/** Kysely types a migration's failure as unknown; it is an Error in practice. */
const reasonOf = (error: unknown) =>
  error instanceof Error ? error.message : JSON.stringify(error);

export async function migrateToLatest(db: Kysely<Database>): Promise<MigrationResultSet> {
  await renameEarlierNames(db);
  const migrator = migratorFor(db);
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`migration ${failed} failed: ${reasonOf(result.error)}`, {
      cause: result.error,
    });
  }
  return result;
}

/** Names of the migrations already applied and those still to run, oldest first. */
export async function migrationState(
  db: Kysely<Database>,
): Promise<{ applied: string[]; pending: string[] }> {
  await renameEarlierNames(db);
  const all = await migratorFor(db).getMigrations();
  return {
    applied: all.filter((m) => m.executedAt).map((m) => m.name),
    pending: all.filter((m) => !m.executedAt).map((m) => m.name),
  };
}

/** Migrates to one named migration (tests that need a database at an older schema). */
export async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const result = await migratorFor(db).migrateTo(name);
  if (result.error)
    throw new Error(`migration to ${name} failed: ${reasonOf(result.error)}`, {
      cause: result.error,
    });
}
