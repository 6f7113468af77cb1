import { baselineWasm } from "../../tooling/test-utils/src/wasm.ts";
import { defineConfig } from "vitest/config";

/**
 * The storage tests: what the two databases may do differently (CSV bytes, row locks and races,
 * the audit rows written in the same statement). With a PostgreSQL server they run a second time
 * on embedded PGlite, as the project "server (PGlite)" of the repository's vitest.config.ts.
 */
export const storageTests = [
  "test/visits-csv.test.ts",
  "test/visits-csv-cells.test.ts",
  "test/visits-csv-answers.test.ts",
  "test/on-site-csv.test.ts",
  "test/report-csv.test.ts",
];

export const serverTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Files share their worker's modules (and its migrated PGlite and password hashes): each file
  // still starts its own server on its own database.
  isolate: false,
  execArgv: baselineWasm,
};

export default defineConfig({
  test: { name: "server", ...serverTestOptions, globalSetup: ["./test/global-setup.ts"] },
});
