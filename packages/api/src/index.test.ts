import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../../..");
/** Where the other packages live: each imports the API by `@vsi/api` alone. */
const others = ["apps", "bench", "e2e", "packages", "tooling"];
const skipped = new Set(["node_modules", "dist", ".tsbuild", ".turbo", "test-results"]);
const self = path.join(root, "packages/api");

/** The source files of every package but this one. */
function sourcesOutside(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return skipped.has(entry.name) || full === self ? [] : sourcesOutside(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** The names of `export {…}` / `import {…} from "@vsi/api"` lists, without `type` and renames. */
const namesIn = (list: string) =>
  list
    .split(",")
    .map(
      (name) =>
        name
          .trim()
          .replace(/^type\s+/, "")
          .split(/\s+as\s+/)[0]!,
    )
    .filter(Boolean);

describe("the package's entry point (index.ts)", () => {
  it("exports only what another package imports", () => {
    const imported = new Set<string>();
    for (const file of others.flatMap((dir) => sourcesOutside(path.join(root, dir))))
      for (const [, list] of readFileSync(file, "utf8").matchAll(
        /(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']@vsi\/api["']/g,
      ))
        for (const name of namesIn(list!)) imported.add(name);
    const exported = [
      ...readFileSync(path.join(import.meta.dirname, "index.ts"), "utf8").matchAll(
        /export\s+(?:type\s+)?\{([^}]*)\}/g,
      ),
    ].flatMap(([, list]) => namesIn(list!));
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });
});
