import { randomBytes } from "node:crypto";
import pg from "pg";

/** The PostgreSQL server the tests use when there is one (CI sets DATABASE_URL). */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || undefined;
}

/**
 * A new, empty database on the test server, so test files never see each other's rows.
 * Returns undefined when there is no server (callers then use in-memory PGlite), except in CI.
 */
export async function createTestDatabase(): Promise<
  { url: string; drop(): Promise<void> } | undefined
> {
  const serverUrl = testServerUrl();
  // In CI a PostgreSQL test that quietly skips or falls back to PGlite would pass untested.
  if (!serverUrl && process.env.CI === "true") {
    throw new Error(
      "CI=true but neither TEST_DATABASE_URL nor DATABASE_URL is set: the PostgreSQL tests cannot run",
    );
  }
  if (!serverUrl) return undefined;
  const name = `vsi_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
