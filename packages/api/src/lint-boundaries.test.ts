import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";

// The features' import boundaries (eslint.config.js, featureBoundaries) hold when the lint runs as
// `pnpm lint` does: ESLint started at the repository's root, each file under its package's config.

const root = path.resolve(import.meta.dirname, "../../..");
const eslintPackage = createRequire(path.join(root, "package.json")).resolve("eslint/package.json");
const eslintBin = path.join(path.dirname(eslintPackage), "bin", "eslint.js");

it("refuses, linted from the root, a feature's import of another's own file, and takes what that one offers", () => {
  const code = [
    'export { sendWebhook } from "../webhooks/sender.ts";',
    'export { webhookEventTypes } from "../webhooks/schema.ts";',
    "",
  ].join("\n");
  const run = spawnSync(
    process.execPath,
    [eslintBin, "--flag", "v10_config_lookup_from_file", "--format", "json", "--stdin"].concat([
      "--stdin-filename",
      "packages/api/src/door/example.ts",
    ]),
    { cwd: root, input: code, encoding: "utf8" },
  );
  const [result] = JSON.parse(run.stdout) as Array<{
    messages: Array<{ ruleId: string | null; line: number; message: string }>;
  }>;
  const refused = result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths");
  expect(refused).toEqual([
    expect.objectContaining({
      line: 1,
      message: expect.stringContaining("Another feature uses webhooks/ only through") as unknown,
    }),
  ]);
  // ESLint started afresh, with the typed rules' program: seconds alone, more on a loaded machine.
}, 60_000);
