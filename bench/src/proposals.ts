import { cpSync, existsSync, mkdtempSync, readdirSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchDir, repoDir } from "./config.ts";
import { run } from "./util.ts";

/**
 * Builds the server from a temporary copy of the sources with bench/proposals/*.patch applied, so
 * the proposed fixes can be measured side by side with the build under test (the repository itself
 * is never modified).
 */
export async function buildWithProposals(): Promise<{ main: string; patches: string[] }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-proposal-"));
  for (const part of ["apps/server", "packages", "tooling", "package.json", "pnpm-workspace.yaml", "tsconfig.base.json"]) {
    cpSync(path.join(repoDir, part), path.join(dir, part), { recursive: true, verbatimSymlinks: true, filter: (src) => !src.includes(`${path.sep}dist${path.sep}`) && !src.endsWith(`${path.sep}dist`) });
  }
  symlinkSync(path.join(repoDir, "node_modules"), path.join(dir, "node_modules"));
  const proposalDir = path.join(benchDir, "proposals");
  const patches = existsSync(proposalDir) ? readdirSync(proposalDir).filter((f) => f.endsWith(".patch")).sort() : [];
  for (const patch of patches) {
    const result = await run("git", ["apply", path.join(proposalDir, patch)], { cwd: dir, timeoutMs: 30_000 });
    if (result.code !== 0) throw new Error(`${patch} does not apply to the current sources: ${result.stderr.trim()}`);
  }
  const build = await run(process.execPath, ["build.mjs"], { cwd: path.join(dir, "apps/server"), timeoutMs: 120_000 });
  if (build.code !== 0) throw new Error(`building the patched server failed: ${build.stderr}`);
  return { main: path.join(dir, "apps/server/dist/main.js"), patches };
}
