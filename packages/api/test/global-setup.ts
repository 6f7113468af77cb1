import { provideEmbeddedDumps, provideMigratedTemplate } from "@vsi/db/testing";
import type { TestProject } from "vitest/node";

/**
 * Once per run: on a PostgreSQL server, the migrated database each test database is copied from;
 * the embedded databases each PGlite test database starts from.
 */
export default async function setup(project: TestProject) {
  const dropTemplate = await provideMigratedTemplate(project);
  const removeDumps = await provideEmbeddedDumps(project);
  return async () => {
    await removeDumps();
    await dropTemplate();
  };
}
