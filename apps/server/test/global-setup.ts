import { spawnSync } from "node:child_process";
import path from "node:path";
import { createDb, migrateToLatest } from "@vsi/db";
import { createTestDatabase } from "@vsi/test-utils";
import type { TestProject } from "vitest/node";

const serverDir = path.resolve(import.meta.dirname, "..");

/**
 * Once per run, before any test file: the bundle the spawned servers run (dist/, what ships,
 * rebuilt so it is never older than the sources), and on a PostgreSQL server a migrated database
 * that each test server's database is copied from (`CREATE DATABASE ... TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, encoding: "utf8" });
  if (build.status !== 0)
    throw new Error(`the server's build failed:\n${build.stdout}${build.stderr}`);

  const template = await createTestDatabase();
  if (template) {
    const db = await createDb({ databaseUrl: template.url, poolSize: 1 });
    try {
      await migrateToLatest(db.kysely);
    } finally {
      await db.close();
    }
  }
  project.provide("pgTemplate", template?.name ?? "");
  return () => template?.drop();
}
