#!/usr/bin/env node
// Every check `npm test` runs, packed onto the machine's cores: the server's bundle first (the tests
// spawn it), then the tests beside the apps' builds, then the browser journeys beside the tests,
// since a journey spends most of its time waiting on a page, as a person would; the type check and
// the lint beside them at a lower priority, taking what the others leave. Each line of output is
// prefixed with its stage; a failing stage fails the run, after the stages already started have
// finished, so that every failure is reported at once. Without a PostgreSQL server named by
// DATABASE_URL or TEST_DATABASE_URL, the tests get one of their own for the run
// (test-postgres.mjs), so that every machine runs the same suite as CI.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import { constants, setPriority } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startTestPostgres } from "./test-postgres.mjs";
import { makeOwnedFolder, removeAbandoned } from "./owned-folders.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const running = new Set();

/** Runs one stage, prefixing its lines; resolves to its exit code and time. */
function stage(name, command, args, { background = false, env = {} } = {}) {
  const started = Date.now();
  return new Promise((resolve) => {
    // In a process group of its own, so that an interruption reaches each stage whole, through
    // shutDown below, whoever sent it.
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    running.add(child);
    // Its children inherit the priority: the whole stage yields to the others.
    if (background && child.pid) setPriority(child.pid, 10);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk) => {
        const lines = (rest + chunk).split("\n");
        rest = lines.pop() ?? "";
        for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
      });
      stream.on("end", () => rest && process.stdout.write(`[${name}] ${rest}\n`));
    }
    child.on("close", (code) => {
      running.delete(child);
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`[${name}] ${code === 0 ? "passed" : "FAILED"} in ${seconds} s\n`);
      resolve({ name, code: code ?? 1, seconds });
    });
  });
}

const pnpm = (name, ...args) => stage(name, "pnpm", args);

// Every temporary folder the tests and journeys make (data folders, backups, browsers' profiles)
// goes in one folder of the run's, removed whole however the run ends: a test interrupted or
// killed midway cannot leave its own behind. A run killed outright (SIGKILL) leaves its folder to
// the next run, which removes it once its owner is gone.
const runPrefix = "vsi-test-run-";
removeAbandoned(runPrefix);
const runTemp = makeOwnedFolder(runPrefix);
const removeRunTemp = () => rmSync(runTemp, { recursive: true, force: true });
const inRunTemp = { TMPDIR: runTemp };

const hasServer = Boolean(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL);
// test-at.sh's faked clock would stop a server's timers: it runs on PGlite alone.
const noServer = process.env.NO_TEST_POSTGRES === "1";
const database =
  hasServer || noServer
    ? undefined
    : startTestPostgres({ log: (line) => process.stdout.write(`[postgres] ${line}\n`) });
let stopping = false;
/** Ends the stages still running, then the run's own PostgreSQL and its folder, then the run. */
async function shutDown(signal) {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the stages still running\n`);
  const closed = [...running].map(
    (child) => new Promise((resolve) => child.once("close", resolve)),
  );
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
  await Promise.all(closed);
  await database?.then(
    (server) => server.stop(),
    () => undefined,
  );
  removeRunTemp();
  process.exit(128 + constants.signals[signal]);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"])
  process.on(signal, () => void shutDown(signal));

// TypeScript 7's native compiler checks the types (tooling/typescript's); the packages keep 5.9,
// whose JavaScript API typescript-eslint reads.
const tsconfigPackage = createRequire(path.join(root, "tooling", "typescript", "package.json"));
const nativeTs = tsconfigPackage.resolve("typescript/package.json");
const tsc = path.join(path.dirname(nativeTs), tsconfigPackage(nativeTs).bin.tsc);

// The server's bundle first, on its own: the tests spawn it, and it takes seconds. The tests start
// on it while the apps the browsers load are built, which only the journeys need.
const serverBundle = pnpm("server bundle", "--filter", "@vsi/server", "build");
const build = pnpm("build", "exec", "turbo", "run", "build", "--filter=!@vsi/server");
const types = stage("types", process.execPath, [tsc, "-b"], { background: true });
const lint = stage("lint", "pnpm", ["run", "lint"], { background: true });
const notRun = (name) => Promise.resolve({ name, code: undefined, seconds: 0 });
const passed = (...stages) => Promise.all(stages).then((done) => done.every((r) => r.code === 0));
const testServer = database?.then(
  (server) => server.url,
  (error) => {
    process.stdout.write(`[postgres] could not start: ${error.message}\n`);
    return undefined;
  },
);
const tests = Promise.all([passed(serverBundle), testServer]).then(([ok, url]) =>
  ok && (hasServer || noServer || url)
    ? stage("tests", "pnpm", ["exec", "vitest", "run"], {
        env: url ? { TEST_DATABASE_URL: url, ...inRunTemp } : inRunTemp,
      })
    : notRun("tests"),
);
const journeys = passed(serverBundle, build).then((ok) =>
  ok
    ? stage("journeys", "pnpm", ["--filter", "@vsi/e2e", "test"], { env: inRunTemp })
    : notRun("journeys"),
);
const results = await Promise.all([serverBundle, build, types, lint, tests, journeys]);
await database?.then(
  (server) => server.stop(),
  () => undefined,
);
removeRunTemp();

const outcome = (r) =>
  r.code === undefined ? "not run" : r.code === 0 ? `passed in ${r.seconds} s` : "FAILED";
process.stdout.write(`\n${results.map((r) => `${r.name}: ${outcome(r)}`).join("\n")}\n`);
if (results.some((r) => r.code !== 0)) process.exit(1);
