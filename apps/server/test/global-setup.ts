import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { provideTestDatabases } from "@vsi/db/testing";
import type { TestProject } from "vitest/node";

const serverDir = path.resolve(import.meta.dirname, "..");

/** The bundle the spawned servers run (dist/, what ships), rebuilt from the sources. */
async function build() {
  try {
    await promisify(execFile)(process.execPath, ["build.mjs"], { cwd: serverDir });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`the server's build failed:\n${stdout}${stderr}`, { cause: error });
  }
}

/**
 * Once per run, before any test file: the bundle the spawned servers run (rebuilt so it is never
 * older than the sources), on a PostgreSQL server a migrated database that each test server's
 * database is copied from, and the embedded databases PGlite's start from; the build runs while
 * the databases are made.
 */
export default async function setup(project: TestProject) {
  const [built, databases] = await Promise.allSettled([build(), provideTestDatabases(project)]);
  if (built.status === "rejected") {
    if (databases.status === "fulfilled") await databases.value();
    throw built.reason;
  }
  if (databases.status === "rejected") throw databases.reason;
  return databases.value;
}
