import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The features' import boundaries (eslint.config.js, featureBoundaries) hold when the lint runs as
// `pnpm lint` does: ESLint started at the repository's root, each file under its package's config.

const root = path.resolve(import.meta.dirname, "../../..");
const eslintPackage = createRequire(path.join(root, "package.json")).resolve("eslint/package.json");
const eslintBin = path.join(path.dirname(eslintPackage), "bin", "eslint.js");

/** The boundary rule's messages for `code` as the file `file`, linted from the root. */
function boundaryProblems(file: string, code: string): string[] {
  const run = spawnSync(
    process.execPath,
    [eslintBin, "--flag", "v10_config_lookup_from_file", "--format", "json", "--stdin"].concat([
      "--stdin-filename",
      file,
    ]),
    { cwd: root, input: code, encoding: "utf8" },
  );
  const [result] = JSON.parse(run.stdout) as Array<{
    messages: Array<{ ruleId: string | null; message: string }>;
  }>;
  return result!.messages
    .filter((message) => message.ruleId === "import-x/no-restricted-paths")
    .map((message) => message.message);
}

describe("the features' boundaries, linted from the root", () => {
  it("refuses a feature's import of another's own file, and of a feature by the kernel", () => {
    expect(
      boundaryProblems(
        "packages/api/src/door/example.ts",
        'export { sendWebhook } from "../webhooks/sender.ts";\n',
      ),
    ).toEqual([expect.stringContaining("Another feature uses webhooks/ only through")]);
    expect(
      boundaryProblems(
        "packages/api/src/kernel/example.ts",
        'export { visitSchema } from "../visits/schema.ts";\n',
      ),
    ).toEqual([expect.stringContaining("The kernel imports no feature")]);
  });

  it("takes what a feature offers", () => {
    expect(
      boundaryProblems(
        "packages/api/src/door/example.ts",
        'export { visitSchema } from "../visits/schema.ts";\n',
      ),
    ).toEqual([]);
  });
});
