#!/usr/bin/env node
// The README's two commands. On a machine with only Node 20 and npm, `npm start` and `npm test`
// get pnpm 10, install the locked dependencies, and then run the product or every test.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runToEnd } from "./run-to-end.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const command = process.argv[2];

async function run(cmd, args) {
  const code = await runToEnd(cmd, args, { cwd: root });
  if (code !== 0) process.exit(code);
}

function has(cmd, args = ["--version"]) {
  try {
    return execFileSync(cmd, args, { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return undefined;
  }
}

async function ensurePnpm() {
  const version = has("pnpm");
  if (version?.startsWith("10.")) return;
  console.log(version ? `pnpm ${version} found; installing pnpm 10` : "Installing pnpm 10");
  // corepack's signature check fails against some registries; npm installs it plainly.
  await run("npm", ["install", "-g", "pnpm@10"]);
}

async function ensureChromium() {
  const candidates = [
    process.env.CHROMIUM_PATH,
    "/usr/bin/chromium-headless-shell",
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ].filter(Boolean);
  if (candidates.some((p) => existsSync(p))) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (isRoot && has("apt-get", ["--version"])) {
    console.log("Installing Chromium's headless shell from Debian for the browser tests");
    await run("apt-get", ["update"]);
    await run("apt-get", ["install", "-y", "chromium-headless-shell"]);
    return;
  }
  console.error(
    "The browser tests need Chromium: install it (e.g. `sudo apt-get install -y chromium-headless-shell`) or set CHROMIUM_PATH.",
  );
  process.exit(1);
}

if (command !== "start" && command !== "test") {
  console.error("usage: bootstrap.mjs start|test");
  process.exit(2);
}

await ensurePnpm();
await run("pnpm", ["install", "--frozen-lockfile"]);

if (command === "start") {
  await run("pnpm", ["run", "build"]);
  await run("node", ["apps/server/dist/main.js"]);
} else {
  await ensureChromium();
  // Not through `pnpm run check`: on a Ctrl+C, pnpm in CI ends the script's shell at once, and
  // the prompt would come back before the run has cleaned up.
  await run(process.execPath, ["tooling/scripts/check.mjs"]);
}
