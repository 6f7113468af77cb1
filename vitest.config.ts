import { availableParallelism } from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { apiStorageTests, apiTestOptions } from "./packages/api/vitest.config.ts";
import { serverTestOptions, storageTests } from "./apps/server/vitest.config.ts";
import { testServerUrl } from "./tooling/test-utils/src/database.ts";
import { inCi } from "./tooling/test-utils/src/ci.ts";
import { NoSkipsInCi } from "./tooling/test-utils/src/no-skips-reporter.ts";
import { SlowestTests } from "./tooling/test-utils/src/slowest-tests-reporter.ts";

// Every package's tests in one run, one file more at once than the machine has cores: many server
// tests wait on processes they start, restores and timers, and the extra file uses that time.
// `npm test` runs it from here; in a package, `npx vitest run` runs that package's alone.

// The PGlite projects need of a global setup only the embedded databases their tests start from.
const embeddedDumps = path.join(import.meta.dirname, "packages/db/test/global-setup.ts");
export default defineConfig({
  test: {
    projects: [
      "packages/db",
      "packages/api",
      "packages/i18n",
      "packages/web-common",
      "apps/web",
      "apps/kiosk",
      "apps/server",
      "e2e",
      "tooling/scripts",
      // The API's and the server's tests run on PostgreSQL when there is a server; their storage
      // tests then run on the embedded database (what `npm start` uses) as well.
      ...(testServerUrl() || inCi()
        ? [
            {
              root: "./packages/api",
              test: {
                ...apiTestOptions,
                name: "api (PGlite)",
                include: apiStorageTests,
                env: { VSI_TEST_DATABASE: "pglite" },
                globalSetup: [embeddedDumps],
              },
            },
            {
              root: "./apps/server",
              test: {
                ...serverTestOptions,
                name: "server (PGlite)",
                include: storageTests,
                env: { VSI_TEST_DATABASE: "pglite" },
                globalSetup: [embeddedDumps],
              },
            },
          ]
        : []),
    ],
    maxWorkers: availableParallelism() + 1,
    reporters: ["default", new NoSkipsInCi(), new SlowestTests()],
  },
});
