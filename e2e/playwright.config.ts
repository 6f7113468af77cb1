import { availableParallelism } from "node:os";
import { defineConfig, devices } from "@playwright/test";
import { inCi } from "@vsi/test-utils";
import { chromiumArgs, chromiumPath } from "@vsi/test-utils/chromium";
import { zoneNearNoon } from "./support/zone.ts";

// The journeys run in Debian's Chromium (nothing downloads a browser) against the production
// build, which the global setup starts on a fresh embedded database. The base URL comes from the
// setup. No retries: a journey that passes only on a second try is a failing journey.
export default defineConfig({
  testDir: "./tests",
  globalSetup: "./global-setup.ts",
  globalTeardown: "./global-teardown.ts",
  outputDir: "./test-results",
  fullyParallel: true,
  workers: availableParallelism(),
  forbidOnly: inCi(),
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["html", { outputFolder: "artifacts/report", open: "never" }],
    ["./support/no-skips-reporter.ts"],
  ],
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // Not the machine's zone: one where it is about noon, so no journey crosses midnight.
    timezoneId: zoneNearNoon(),
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    actionTimeout: 15_000,
    navigationTimeout: 20_000,
    // Recording a trace (each action's page) costs the browsers a quarter more CPU on every
    // journey; a failure keeps its screenshot and error context, and `--trace on` records one.
    trace: "off",
    screenshot: "only-on-failure",
  },
});
