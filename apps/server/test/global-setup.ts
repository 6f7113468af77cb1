import { spawnSync } from "node:child_process";
import path from "node:path";
import { provideEmbeddedDumps, provideMigratedTemplate } from "@vsi/db/testing";
import type { TestProject } from "vitest/node";

const serverDir = path.resolve(import.meta.dirname, "..");

/**
 * Once per run, before any test file: the bundle the spawned servers run (dist/, what ships,
 * rebuilt so it is never older than the sources), on a PostgreSQL server a migrated database
 * that each test server's database is copied from, and the embedded databases PGlite's start from.
 */
export default async function setup(project: TestProject) {
  const build = spawnSync(process.execPath, ["build.mjs"], { cwd: serverDir, encoding: "utf8" });
  if (build.status !== 0)
    throw new Error(`the server's build failed:\n${build.stdout}${build.stderr}`);
  const dropTemplate = await provideMigratedTemplate(project);
  const removeDumps = await provideEmbeddedDumps(project);
  return async () => {
    await removeDumps();
    await dropTemplate();
  };
}
