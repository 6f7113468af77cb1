import { sql, type Database, type Kysely } from "@vsi/db";

export interface BackupCounts {
  users: number;
  locations: number;
  programs: number;
  visits: number;
  /** Uploaded files in the archive. */
  files: number;
}

const countedTables = ["users", "locations", "programs", "visits"] as const;

/** Rows of the tables a coordinator cares about; a table an older schema lacks counts 0. */
export async function countRows(db: Kysely<Database>): Promise<Omit<BackupCounts, "files">> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = current_schema()`.execute(
    db,
  );
  const present = new Set(rows.map((r) => r.table_name));
  const counts = { users: 0, locations: 0, programs: 0, visits: 0 };
  for (const table of countedTables) {
    if (!present.has(table)) continue;
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** The newest migration applied, which names the schema a backup was taken at. */
export async function schemaVersion(db: Kysely<Database>): Promise<string | null> {
  const { rows } = await sql<{
    present: boolean;
  }>`select to_regclass('kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return null;
  const latest = await sql<{
    name: string | null;
  }>`select max(name) as name from kysely_migration`.execute(db);
  return latest.rows[0]?.name ?? null;
}
