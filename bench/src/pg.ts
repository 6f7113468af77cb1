import { existsSync, readdirSync } from "node:fs";
import pg from "pg";
import { config } from "./config.ts";
import { log, run, sleep } from "./util.ts";

pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function dbUrl(name: string): string {
  const url = new URL(config.pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** How psql and pgbench reach the database at `databaseUrl`: host, port, user and its password. */
export function pgCommandLine(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  return {
    args: [
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username || "postgres"),
    ],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  };
}

/** A short-lived client: the bench must survive a PostgreSQL restart, so no long-lived pool. */
export async function withClient<T>(
  database: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: dbUrl(database) });
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

export async function query<R extends pg.QueryResultRow = Record<string, unknown>>(
  database: string,
  text: string,
  values: unknown[] = [],
): Promise<R[]> {
  return withClient(database, async (c) => (await c.query<R>(text, values)).rows);
}

const created = new Set<string>();

export async function createDatabase(name: string): Promise<string> {
  if (!/^vsi_bench_[a-z0-9_]+$/.test(name))
    throw new Error(`bench databases are named vsi_bench_*: ${name}`);
  await query("postgres", `drop database if exists ${name} with (force)`);
  await query("postgres", `create database ${name}`);
  created.add(name);
  return dbUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await query("postgres", `drop database if exists ${name} with (force)`);
  created.delete(name);
}

export async function dropCreatedDatabases(): Promise<void> {
  for (const name of [...created]) {
    try {
      await dropDatabase(name);
    } catch (error) {
      console.error(`could not drop ${name}: ${(error as Error).message}`);
    }
  }
}

export async function serverVersion(): Promise<string> {
  const rows = await query<{ version: string }>("postgres", "select version()");
  return rows[0]?.version ?? "unknown";
}

export async function isUp(): Promise<boolean> {
  try {
    await query("postgres", "select 1");
    return true;
  } catch {
    return false;
  }
}

/** The local cluster's version (e.g. "15"), from /etc/postgresql, for pg_ctlcluster. */
export function clusterVersion(): string | undefined {
  if (!existsSync("/etc/postgresql")) return undefined;
  return readdirSync("/etc/postgresql").sort().pop();
}

export async function pgCtl(action: "restart" | "start"): Promise<void> {
  const version = clusterVersion();
  if (!version)
    throw new Error("no /etc/postgresql/<version>: cannot restart the local PostgreSQL cluster");
  const result = await run(
    "pg_ctlcluster",
    ["--skip-systemctl-redirect", version, "main", action],
    { timeoutMs: 60_000 },
  );
  if (result.code !== 0 && !(action === "start" && /already running/.test(result.stderr))) {
    throw new Error(`pg_ctlcluster ${action} failed (${result.code}): ${result.stderr.trim()}`);
  }
}

/** Whatever happened, PostgreSQL is running again when the bench ends. */
export async function ensurePostgresRunning(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    if (await isUp()) return;
    log("PostgreSQL is not answering: starting it");
    await pgCtl("start").catch((error: Error) => console.error(error.message));
    for (let j = 0; j < 30 && !(await isUp()); j++) await sleep(500);
  }
  if (!(await isUp()))
    console.error("PostgreSQL is still not answering: start it with pg_ctlcluster");
}

/** The sheet of a location and program holds exactly 25 open visits (the A/B's sheet list). */
export async function openSheet(database: string, locationId: number, programId: number) {
  await query(
    database,
    "update visits set time_out = now() where location_id = $1 and program_id = $2 and time_out is null",
    [locationId, programId],
  );
  await query(
    database,
    "insert into visits (first_name, last_name, phone_number, temperature, location_id, program_id, time_in) " +
      "select 'Sheet', 'Row ' || g, (4150000000 + g)::text, '98.6', $1, $2, now() - g * interval '1 minute' from generate_series(1, 25) g",
    [locationId, programId],
  );
}
