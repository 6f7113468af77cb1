import { provideMigratedTemplate } from "@vsi/db/testing";
import type { TestProject } from "vitest/node";

/** Once per run: on a PostgreSQL server, the migrated database each test database is copied from. */
export default function setup(project: TestProject) {
  return provideMigratedTemplate(project);
}
