import path from "node:path";
import { fileURLToPath } from "node:url";

/** The e2e package folder and the repository root. */
export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoRoot = path.resolve(e2eDir, "..");

/** Where the global setup leaves what the tests need (base URL, data folder, seeded ids). */
export const stateFile = path.join(e2eDir, ".run", "state.json");

/** Screenshots kept as test artifacts (gitignored). */
export const artifactsDir = path.join(e2eDir, "artifacts");

export const serverMain = path.join(repoRoot, "apps", "server", "dist", "main.js");
export const serverCli = path.join(repoRoot, "apps", "server", "dist", "cli.js");
