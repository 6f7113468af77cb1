import { baselineWasm } from "../../tooling/test-utils/src/wasm.ts";
import { defineConfig } from "vitest/config";

/**
 * The storage tests: what the two databases may do differently (row locks and races, the audit
 * rows written in the same statement). With a PostgreSQL server they run a second time on embedded
 * PGlite, as the project "api (PGlite)" of the repository's vitest.config.ts.
 */
export const apiStorageTests: string[] = [
  "src/accounts/login-and-reset-limits.test.ts",
  "src/admin/audit.test.ts",
  "src/admin/retention.test.ts",
  "src/visits/signing-in-and-out.test.ts",
  "src/visits/what-a-sign-in-writes.test.ts",
  "src/visits/visitor-lookup.test.ts",
  "src/visits/staff-report.test.ts",
  "src/visits/answers.test.ts",
  "src/questions/questions.test.ts",
  "src/reports/answer-summary.test.ts",
  // Its three reads run in transactions of their own, which PGlite takes one at a time.
  "src/reports/funder-summary.test.ts",
  "src/reports/network-summary.test.ts",
  "src/catalog/site-catalogues.test.ts",
  "src/accounts/user-language.test.ts",
  "src/accounts/location-access.test.ts",
  "src/door/door.test.ts",
  "src/webhooks/webhooks.test.ts",
  "src/notifications/notifications.test.ts",
  "src/roll-calls/roll-calls.test.ts",
  "src/households/households.test.ts",
  "src/visits/party-sign-in.test.ts",
  "src/visits/eligibility.test.ts",
  "src/labels/labels.test.ts",
  "src/visits/signatures.test.ts",
  // Numbers taken by the sign-in's own statement, two staff calling at once, midnight in a zone.
  "src/queue/queue.test.ts",
  // Its call and serve share a transaction, and two staff at once serve a number once.
  "src/queue/serve-at-desk.test.ts",
];

export const apiTestOptions = {
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // Files share their worker's modules (and its migrated PGlite and password hashes): each file
  // still opens its own database.
  isolate: false,
  execArgv: baselineWasm,
};

export default defineConfig({
  test: { name: "api", ...apiTestOptions, globalSetup: ["./test/global-setup.ts"] },
});
