/** `pnpm --filter @vsi/bench bench`: the scenarios of bench/README.md, raw results as JSON. */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { startBuild, type Build } from "./build.ts";
import { benchDir, config, enabled, thresholds } from "./config.ts";
import { postgresRestart, serverKill } from "./faults.ts";
import { historyScenario } from "./history.ts";
import { householdsScenario } from "./households.ts";
import { kioskWeight } from "./kiosk.ts";
import { lineScenario } from "./line.ts";
import { liveScenario } from "./live.ts";
import { networkScenario } from "./network.ts";
import { dropCreatedDatabases, ensurePostgresRunning, postgresVersion } from "./pg.ts";
import { measureRates, prepareRates } from "./rates.ts";
import { figures, machine, type Results } from "./results.ts";
import { killStarted, removeDataDirs } from "./server.ts";
import { tabletLoad, warmUp } from "./tablets.ts";
import { log } from "./util.ts";
import { walPerSignIn } from "./wal.ts";
import { webhooksScenario } from "./webhooks.ts";

const git = (file: string, ...args: string[]) =>
  execFileSync("git", ["-C", path.dirname(file), ...args], { encoding: "utf8" }).trim();

const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, "-");
const outFile = path.resolve(config.out ?? path.join(benchDir, "results", `${stamp}.json`));
const results: Results = {
  startedAt: startedAt.toISOString(),
  ...(process.env.BENCH_NOTE ? { note: process.env.BENCH_NOTE } : {}),
  commit: git(benchDir, "rev-parse", "HEAD"),
  // RESULTS.md aside: it is rendered from these results.
  dirty: git(benchDir, "status", "--porcelain", "-uno", ":/", ":!/bench/RESULTS.md").length > 0,
  command: process.argv,
  cwd: process.cwd(),
  env: Object.fromEntries(
    Object.entries(process.env).filter(([k]) => k.startsWith("BENCH_")),
  ) as Record<string, string>,
  settings: config,
  ...(config.before
    ? { before: { main: config.before, commit: git(config.before, "rev-parse", "HEAD") } }
    : {}),
  machine: machine(await postgresVersion()),
  thresholds,
  figures: {},
  tablets: [],
  wal: [],
  rates: [],
  faults: {},
  failures: [],
};

function save() {
  results.figures = figures(results);
  results.finishedAt = new Date().toISOString();
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(results, null, 2) + "\n");
}

/** Each scenario is attempted; one that fails is written down and the others still run. */
async function attempt(name: string, fn: () => unknown) {
  log(name);
  try {
    await fn();
  } catch (error) {
    console.error(error);
    results.failures.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
  }
  save();
}

/** Tablets and rates of each build, round after round, the builds' order alternating. */
async function compareRounds(builds: Build[]) {
  const rateTablets = new Map<Build, Awaited<ReturnType<typeof prepareRates>>>();
  for (const build of builds) {
    if (enabled("rates")) rateTablets.set(build, await prepareRates(build));
    // Each build warmed up before either is measured.
    await warmUp(build);
  }
  for (let round = 1; round <= (builds.length > 1 ? config.rounds : 1); round++) {
    for (const build of round % 2 ? builds : [...builds].reverse()) {
      const label = `${build.name}, round ${round}`;
      if (enabled("tablets"))
        await attempt(`tablets: ${label}`, async () => {
          const seconds = config.tabletSeconds;
          const marker = `Load${round}`;
          const result = await tabletLoad(build, config.tablets, { seconds, marker, retry: false });
          results.tablets.push({ build: build.name, round, result });
          log(`${result.loopsPerSecond.toFixed(0)} loops/s, ${JSON.stringify(result.check)}`);
        });
      if (enabled("tablets"))
        await attempt(`WAL per sign-in: ${label}`, async () => {
          const result = await walPerSignIn(build);
          (results.wal ??= []).push({ build: build.name, round, result });
          log(
            `${result.walBytesPerSignIn.toFixed(0)} bytes of WAL per sign-in, ${result.recordBytesPerSignIn?.toFixed(0) ?? "?"} without page images, ${result.ownRecordBytesPerSignIn?.toFixed(0) ?? "?"} its own`,
          );
        });
      const prepared = rateTablets.get(build);
      if (prepared)
        await attempt(`rates: ${label}`, async () => {
          const result = await measureRates(build, prepared);
          results.rates.push({ build: build.name, round, result });
          log(
            `${result.signIn.perSecond.toFixed(0)} sign-ins/s, ${result.sheetList.perSecond.toFixed(0)} sheet lists/s`,
          );
        });
    }
  }
}

async function main() {
  const db = startedAt.getTime().toString(36);
  if (enabled("kiosk")) await attempt("kiosk", () => void (results.kiosk = kioskWeight()));
  if (enabled("tablets") || enabled("rates") || enabled("live") || enabled("faults")) {
    const after = await startBuild("after", config.server, db);
    if (enabled("tablets") || enabled("rates")) {
      const before = config.before && (await startBuild("before", config.before, db));
      await compareRounds(before ? [after, before] : [after]);
      if (before) await before.server.stop();
    }
    if (enabled("live"))
      await attempt("live", async () => void (results.live = await liveScenario(after)));
    if (enabled("faults")) {
      const { faults } = results;
      await attempt(
        "PostgreSQL restart",
        async () => void (faults.postgresRestart = await postgresRestart(after)),
      );
      await attempt(
        "server SIGKILL",
        async () => void (faults.serverKill = await serverKill(after)),
      );
    }
    await after.server.stop();
  }
  if (enabled("webhooks"))
    await attempt("webhooks", async () => void (results.webhooks = await webhooksScenario(db)));
  if (enabled("line"))
    await attempt("line", async () => void (results.line = await lineScenario(db)));
  if (enabled("network"))
    await attempt("network", async () => void (results.network = await networkScenario(db)));
  if (enabled("households"))
    await attempt(
      "households",
      async () => void (results.households = await householdsScenario(db)),
    );
  if (enabled("history"))
    await attempt("history", async () => {
      const build = await startBuild("after", config.server, `${db}_history`);
      results.history = await historyScenario(build, config.before);
      await build.server.stop();
    });
}

async function cleanUp() {
  killStarted();
  if (!config.keepDatabases) removeDataDirs();
  await ensurePostgresRunning();
  await dropCreatedDatabases();
}

for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));

try {
  await main();
} catch (error) {
  console.error(error);
  results.failures.push((error as Error).message);
  process.exitCode = 1;
} finally {
  await cleanUp();
  save();
  log(`wrote ${outFile}; bench/RESULTS.md from it: pnpm --filter @vsi/bench report`);
  for (const { figure } of thresholds)
    if (results.figures[figure] !== undefined)
      log(`${figure} = ${+results.figures[figure].toFixed(3)}`);
  process.exit();
}
