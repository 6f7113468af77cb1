import { randomBytes } from "node:crypto";
import pg from "pg";
import { inCi } from "./ci.ts";

/** The PostgreSQL server the tests use when there is one (CI sets DATABASE_URL). */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the test server, so test files never see each other's rows: empty, or a copy
 * of `template` (a migrated database made once per run, which no one may be connected to).
 * Returns undefined when there is no server (callers then use PGlite), except in CI.
 */
export async function createTestDatabase(
  options: { template?: string | undefined } = {},
): Promise<TestDatabase | undefined> {
  const serverUrl = testServerUrl();
  // In CI a PostgreSQL test that quietly skips or falls back to PGlite would pass untested.
  if (!serverUrl && inCi()) {
    throw new Error(
      "CI is set but neither TEST_DATABASE_URL nor DATABASE_URL is: the PostgreSQL tests cannot run",
    );
  }
  if (!serverUrl) return undefined;
  const name = `vsi_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, (client) =>
    client.query(
      options.template
        ? `create database ${name} template ${options.template}`
        : `create database ${name}`,
    ),
  );
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      onServer(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}
