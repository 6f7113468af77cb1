import { createDb, sql, type Database, type Kysely } from "@vsi/db";
import { config } from "./config.ts";
import { log, run, sleep } from "./util.ts";

export function dbUrl(name: string): string {
  const url = new URL(config.pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A short-lived connection: the bench outlives PostgreSQL restarts, so it keeps no pool. */
export async function withDb<T>(
  database: string,
  fn: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const db = await createDb({ databaseUrl: dbUrl(database), poolSize: 1 });
  try {
    return await fn(db.kysely);
  } finally {
    await db.close();
  }
}

/** Where the cluster's write-ahead log ends now: its insert position, what every commit reached. */
export const walEnd = (database: string) =>
  withDb(database, async (db) => {
    const { rows } = await sql<{
      lsn: string;
    }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db);
    return rows[0]!.lsn;
  });

/** Bytes of write-ahead log written since `start`. */
export const walSince = (database: string, start: string) =>
  withDb(database, async (db) => {
    const { rows } = await sql<{
      bytes: string;
    }>`select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), ${start}::pg_lsn)::text as bytes`.execute(
      db,
    );
    return Number(rows[0]!.bytes);
  });

const maintenance = new URL(config.pgUrl).pathname.slice(1) || "postgres";
const created = new Set<string>();

export async function createDatabase(name: string): Promise<string> {
  if (!/^vsi_bench_\w+$/.test(name)) throw new Error(`bench databases are vsi_bench_*: ${name}`);
  await withDb(maintenance, async (db) => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db);
    await sql`create database ${sql.id(name)}`.execute(db);
  });
  created.add(name);
  return dbUrl(name);
}

export async function dropCreatedDatabases(): Promise<void> {
  if (config.keepDatabases) {
    log(`kept: ${[...created].join(", ")}`);
    return;
  }
  for (const name of created) {
    await withDb(maintenance, (db) =>
      sql`drop database if exists ${sql.id(name)} with (force)`.execute(db),
    ).catch((error: Error) => console.error(`could not drop ${name}: ${error.message}`));
  }
  created.clear();
}

export async function postgresVersion(): Promise<string> {
  return withDb(maintenance, async (db) => {
    const { rows } = await sql<{ version: string }>`select version()`.execute(db);
    return rows[0]?.version ?? "unknown";
  });
}

export const isUp = () =>
  postgresVersion().then(
    () => true,
    () => false,
  );

export async function pgCtl(action: "restart" | "start"): Promise<void> {
  const [version, cluster] = config.pgCluster.split("/");
  await run("pg_ctlcluster", ["--skip-systemctl-redirect", version!, cluster!, action]);
}

/** Whatever happened, PostgreSQL is running again when the bench ends. */
export async function ensurePostgresRunning(): Promise<void> {
  for (let i = 0; i < 3 && !(await isUp()); i++) {
    log("PostgreSQL is not answering: starting it");
    await pgCtl("start").catch((error: Error) => console.error(error.message));
    for (let j = 0; j < 30 && !(await isUp()); j++) await sleep(500);
  }
}
