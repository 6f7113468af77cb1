import { provideTestDatabases } from "@vsi/db/testing";
import type { TestProject } from "vitest/node";

/**
 * Once per run: on a PostgreSQL server, the migrated database each test database is copied from;
 * the embedded databases each PGlite test database starts from.
 */
export default function setup(project: TestProject) {
  return provideTestDatabases(project);
}
