import { provideEmbeddedDumps } from "../src/testing.ts";
import type { TestProject } from "vitest/node";

/** Once per run: the embedded databases (empty, migrated) each PGlite test database starts from. */
export default function setup(project: TestProject) {
  return provideEmbeddedDumps(project);
}
