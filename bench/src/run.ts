/**
 * `pnpm bench`: the production build against the local PostgreSQL server, on 127.0.0.1 only.
 * Writes bench/RESULTS.md (BENCH_QUICK=1: bench/out/RESULTS.quick.md). See bench/README.md.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Browser, createSite } from "./client.ts";
import { config, phaseEnabled } from "./config.ts";
import { createEnv, type Env } from "./env.ts";
import { postgresRestartFault, serverKillFault } from "./faults.ts";
import { requirePgbench } from "./load.ts";
import { dropCreatedDatabases, ensurePostgresRunning, isUp, serverVersion } from "./pg.ts";
import { comparePhase, profilePhase, ratioPhase, tabletPhase, tracePhase } from "./phases.ts";
import { renderMarkdown, targets, type Results } from "./report.ts";
import { scalePhase } from "./scale.ts";
import { serversPhase } from "./servers.ts";
import { livePhase } from "./live.ts";
import { killAllStarted, Server } from "./server.ts";
import { freePort, log } from "./util.ts";
import { webWeight } from "./web.ts";

async function main() {
  mkdirSync(config.outDir, { recursive: true });
  if (!(await isUp()))
    throw new Error(
      `PostgreSQL does not answer at ${config.pgUrl} (set BENCH_PG_URL, trust auth on 127.0.0.1)`,
    );
  const pgbenchVersion = await requirePgbench();
  const results: Results = {
    startedAt: new Date(),
    postgres: await serverVersion(),
    pgbench: pgbenchVersion,
    tablets: [],
    faults: [],
    failures: [],
  };
  const save = () => {
    results.finishedAt = new Date();
    writeFileSync(config.resultsFile, renderMarkdown(results) + "\n");
  };
  log(`${config.quick ? "quick" : "full"} run; results go to ${config.resultsFile}`);

  // Every phase is attempted; a failing one is written down and the rest still run.
  const attempt = async (name: string, fn: () => void | Promise<void>) => {
    try {
      await fn();
    } catch (error) {
      const message = `${name}: ${(error as Error).stack ?? String(error)}`;
      console.error(message);
      results.failures.push(`${name}: ${(error as Error).message.split("\n")[0]}`);
    }
    save();
  };

  const stamp = Date.now().toString(36);
  if (phaseEnabled("web"))
    await attempt("web weight", () => {
      results.web = webWeight(["/sheet/$locationId/", "/sheet/$locationId/sign-in"]);
      // Build B's web app beside its server (BENCH_COMPARE_MAIN is .../apps/server/dist/main.js).
      const other = process.env.BENCH_COMPARE_MAIN;
      if (other)
        results.webBefore = webWeight(
          ["/sheet/$locationId/"],
          path.resolve(path.dirname(other), "../../web/dist"),
        );
    });

  let main: Env | undefined;
  let proposalMain: string | undefined;
  try {
    if (
      ["trace", "tablets", "ratios", "profile", "faults", "compare", "servers", "live"].some((p) =>
        phaseEnabled(p as never),
      )
    ) {
      main = await createEnv(`vsi_bench_main_${stamp}`);
      const site = await createSite(main.staff, 4, 5, "Load");
      const env = main;
      if (phaseEnabled("trace"))
        await attempt("SQL trace", async () => void (results.trace = await tracePhase(env, site)));
      if (phaseEnabled("tablets")) {
        for (const count of config.tabletCounts)
          await attempt(
            `tablet load ${count}`,
            async () => void results.tablets.push(await tabletPhase(env, site, count)),
          );
      }
      if (phaseEnabled("ratios"))
        await attempt("side by side", async () => void (results.ratios = await ratioPhase(env)));
      if (phaseEnabled("profile"))
        await attempt(
          "profile",
          async () => void (results.profile = await profilePhase(env, site)),
        );
      if (phaseEnabled("servers"))
        await attempt(
          "two server processes",
          async () => void (results.servers = await serversPhase(env, site)),
        );
      if (phaseEnabled("live"))
        await attempt("live streams", async () => void (results.live = await livePhase(env, site)));
      if (phaseEnabled("compare")) {
        // B is another server build (e.g. a worktree of an earlier commit, built), given by BENCH_COMPARE_MAIN.
        const other = process.env.BENCH_COMPARE_MAIN;
        if (other) {
          await attempt("A/B against BENCH_COMPARE_MAIN", async () => {
            proposalMain = other;
            // B on a database of its own: each build's migrations make its schema.
            const envB = await createEnv(`vsi_bench_b_${stamp}`, other);
            try {
              const siteB = await createSite(envB.staff, 4, 5, "Load");
              results.compare = {
                other,
                rounds: await comparePhase({ env, site }, { env: envB, site: siteB }),
              };
            } finally {
              await envB.server.stop();
            }
          });
        } else
          log("A/B skipped: set BENCH_COMPARE_MAIN to another build's apps/server/dist/main.js");
      }
      await env.server.stop();
    }
    if (phaseEnabled("scale") || phaseEnabled("csv")) {
      const scaleEnv = await createEnv(`vsi_bench_scale_${stamp}`);
      // With BENCH_COMPARE_MAIN, build B gets the same history on a database of its own.
      const other = process.env.BENCH_COMPARE_MAIN;
      const beforeEnv =
        other && phaseEnabled("compare")
          ? await createEnv(`vsi_bench_scale_b_${stamp}`, other)
          : undefined;
      await attempt(
        "scale of history",
        async () =>
          void (results.scale = await scalePhase(scaleEnv, !phaseEnabled("scale"), beforeEnv)),
      );
      await scaleEnv.server.stop();
      await beforeEnv?.server.stop();
    }
    if (phaseEnabled("faults") && main) {
      const env = main;
      await env.server.start();
      const site = await createSite(env.staff, 2, 2, "Fault");
      await attempt(
        "fault: PostgreSQL restart",
        async () => void results.faults.push(await postgresRestartFault(env, site)),
      );
      await attempt(
        "fault: server SIGKILL",
        async () => void results.faults.push(await serverKillFault(env, site)),
      );
      await env.server.stop();
      // Only when the build under test did not survive the restart: does build B?
      if (
        proposalMain &&
        results.faults.some((f) => f.name === "PostgreSQL restart" && f.note.includes("died"))
      ) {
        // The same PostgreSQL restart against build B.
        const proposal = new Server({
          databaseUrl: env.databaseUrl,
          port: await freePort(),
          script: proposalMain,
        });
        await proposal.start();
        await attempt("fault: PostgreSQL restart (build B)", async () => {
          const staff = new Browser(proposal.origin, 4);
          staff.bearer = env.staff.bearer;
          const result = await postgresRestartFault({ ...env, server: proposal, staff }, site);
          await staff.close();
          result.name = "PostgreSQL restart, build B";
          results.faults.push(result);
        });
        await proposal.stop();
      }
    }
  } finally {
    killAllStarted();
    await ensurePostgresRunning();
    await dropCreatedDatabases();
    save();
  }
  log(
    `done in ${((Date.now() - results.startedAt.getTime()) / 60000).toFixed(1)} min; ${config.resultsFile}`,
  );
  for (const t of targets(results))
    log(`${t.met === undefined ? "  " : t.met ? "OK" : "MISSED"} ${t.what}: ${t.measured}`);
}

// A hard ceiling on the whole run, and cleanup on Ctrl-C.
const ceiling = setTimeout(() => {
  console.error(`bench exceeded BENCH_MAX_MINUTES=${config.maxRunMinutes}; stopping`);
  killAllStarted();
  void ensurePostgresRunning()
    .then(dropCreatedDatabases)
    .finally(() => process.exit(3));
}, config.maxRunMinutes * 60_000);
ceiling.unref();
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    killAllStarted();
    void ensurePostgresRunning()
      .then(dropCreatedDatabases)
      .finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    killAllStarted();
    void ensurePostgresRunning()
      .then(dropCreatedDatabases)
      .finally(() => process.exit(1));
  },
);
