#!/usr/bin/env node
// The README's two commands. On a machine with only Node 20 and npm, `npm start` and `npm test`
// get pnpm 10, install the locked dependencies, and then run the product or every test.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const command = process.argv[2];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
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

function ensurePnpm() {
  const version = has("pnpm");
  if (version?.startsWith("10.")) return;
  console.log(version ? `pnpm ${version} found; installing pnpm 10` : "Installing pnpm 10");
  // corepack's signature check fails against some registries; npm installs it plainly.
  run("npm", ["install", "-g", "pnpm@10"]);
}

function ensureChromium() {
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
    run("apt-get", ["update"]);
    run("apt-get", ["install", "-y", "chromium-headless-shell"]);
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

ensurePnpm();
run("pnpm", ["install", "--frozen-lockfile"]);

if (command === "start") {
  run("pnpm", ["run", "build"]);
  run("node", ["apps/server/dist/main.js"]);
} else {
  ensureChromium();
  run("pnpm", ["run", "check"]);
}
