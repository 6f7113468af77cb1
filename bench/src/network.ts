import type http from "node:http";
import { performance } from "node:perf_hooks";
import { startBuild, type Build } from "./build.ts";
import { inBatches, setUpTablets } from "./client.ts";
import { config } from "./config.ts";
import { ownAddress } from "./line-watch.ts";
import { openVisitStream, streamAddress } from "./live.ts";
import { jobRuns } from "./network-jobs.ts";
import { pgBouncerVersion, startPgBouncer, type PgBouncer } from "./pgbouncer.ts";
import { moreProcesses, sharedSecret } from "./processes.ts";
import type { Server } from "./server.ts";
import { runTablets, warmUp } from "./tablets.ts";
import { log, percentiles, sleep } from "./util.ts";

export type NetworkResult = Awaited<ReturnType<typeof networkScenario>>;
export type NetworkRun = Awaited<ReturnType<typeof networkRun>>;

/** Each location's tablets connect from an address of their own, as a site's behind its NAT. */
const siteBlock = 5;

/** The site's locations and more, up to `count`, each offering the site's first program. */
async function networkLocations(build: Build, count: number): Promise<number[]> {
  const { staff, site } = build;
  const more = Math.max(0, count - site.locationIds.length);
  const added = await inBatches(more, async (i) => {
    const json = {
      Name: `Network ${Date.now().toString(36)} ${i}`,
      Address: `${i} Network St`,
      ProgramIds: [site.programIds[0]],
    };
    return (await staff.json<{ id: number }>("POST", "/api/locations", 201, { json })).id;
  });
  return [...site.locationIds, ...added].slice(0, count);
}

/**
 * One load over `servers`: a location's tablets all on one process (location i on process
 * i mod n), its staff stream on the next one, so every live update crosses processes (with one
 * process, it stays there). Each tablet signs a visitor in, reads its sheet and signs them out,
 * then pauses as a site's tablet does. Then the database is read back, the deliveries counted,
 * and with several processes the scheduled jobs' runs over the load's time.
 */
async function networkRun(
  build: Build,
  servers: Server[],
  locationIds: number[],
  tabletCount: number,
  marker: string,
) {
  const n = servers.length;
  const sentAt = new Map<string, number>();
  const delivered = new Set<string>();
  const delays: number[] = [];
  const streams: http.ClientRequest[] = await inBatches(locationIds.length, (li) => {
    const where = {
      origin: servers[(li + 1) % n]!.origin,
      bearer: build.staff.bearer,
      localAddress: streamAddress(li),
    };
    return openVisitStream(where, locationIds[li]!, ({ FirstName, LastName }) => {
      const sent = sentAt.get(FirstName);
      // A visit's first event is its sign-in; its sign-out's comes after.
      if (LastName !== marker || sent === undefined || delivered.has(FirstName)) return;
      delivered.add(FirstName);
      delays.push(performance.now() - sent);
    });
  });
  const site = {
    locationIds,
    programIds: [build.site.programIds[0]!],
    answers: build.site.answers,
  };
  const tablets = await setUpTablets(build.staff, site, tabletCount, (i) => {
    const li = i % locationIds.length;
    return { origin: servers[li % n]!.origin, localAddress: ownAddress(siteBlock, li) };
  });
  log(`network: ${tablets.length} tablets at ${locationIds.length} locations on ${n} process(es)`);
  const since = new Date();
  try {
    const load = await runTablets(build.database, tablets, {
      seconds: config.networkSeconds,
      marker,
      retry: false,
      pauseMs: config.networkPauseSeconds * 1000,
      onSend: (key) => sentAt.set(key, performance.now()),
    });
    for (let waited = 0; waited < 3000 && delivered.size < load.check.rows; waited += 100)
      await sleep(100);
    const until = new Date();
    const run = {
      processes: n,
      locations: locationIds.length,
      tablets: tablets.length,
      load,
      signInsPerSecond: load.check.acknowledged / load.seconds,
      /** From sending a sign-in to its arrival on its location's stream (another process's). */
      delivery: percentiles(delays),
      /** Visits written that never reached their location's stream. */
      liveLost: Math.max(0, load.check.rows - delivered.size),
      jobs: n > 1 ? await jobRuns(build.database, since, until) : undefined,
    };
    log(
      `network, ${n} process(es): ${run.signInsPerSecond.toFixed(1)} sign-ins/s, sign-in p95 ` +
        `${load.latency.signIn?.p95.toFixed(0)} ms, live p95 ${run.delivery?.p95.toFixed(0)} ms, ` +
        `${JSON.stringify(load.check)}${run.jobs ? `, jobs run twice ${run.jobs.runTwice}, never ${run.jobs.neverRun.join(" ") || "none"}` : ""}`,
    );
    return run;
  } finally {
    for (const stream of streams) stream.destroy();
    await Promise.all(tablets.map((t) => t.browser.close()));
  }
}

/**
 * A network on one database: first one process with its share of the locations and tablets
 * (`BENCH_NETWORK_TABLETS` ÷ processes), then `BENCH_NETWORK_PROCESSES` processes with all of
 * them, the same load per process; then the same again through PgBouncer in transaction mode,
 * when an installed PgBouncer can (else the reason it was skipped).
 */
export async function networkScenario(stamp: string) {
  const build = await startBuild("after", config.server, `${stamp}_network`, sharedSecret());
  const started: Server[] = [];
  let bouncer: PgBouncer | undefined;
  try {
    const n = config.networkProcesses;
    const locationIds = await networkLocations(build, config.networkLocations);
    await warmUp(build);
    const share = (total: number) => Math.max(1, Math.round(total / n));
    const single = await networkRun(
      build,
      [build.server],
      locationIds.slice(0, share(locationIds.length)),
      share(config.networkTablets),
      "Net1",
    );
    started.push(...(await moreProcesses(build, n - 1)));
    // The first process is warm from its own run; the others start as it did, compiled first.
    await warmUp(
      build,
      started.map((server) => server.origin),
    );
    const servers = [build.server, ...started];
    const several = await networkRun(build, servers, locationIds, config.networkTablets, `Net${n}`);

    const found = await pgBouncerVersion();
    let pgbouncer:
      (NetworkRun & { version: string; namedStatements: boolean }) | { skipped: string };
    if ("skipped" in found) {
      log(`network through PgBouncer skipped: ${found.skipped}`);
      pgbouncer = found;
    } else {
      for (const server of servers) await server.stop();
      bouncer = await startPgBouncer(build.database, found);
      // Before 1.21 it cannot carry named prepared statements: the servers send none.
      const pooled = await moreProcesses(
        build,
        n,
        bouncer.url,
        found.namedStatements ? {} : { DATABASE_NAMED_STATEMENTS: "false" },
      );
      started.push(...pooled);
      await warmUp(
        build,
        pooled.map((server) => server.origin),
      );
      const run = await networkRun(
        build,
        pooled,
        locationIds,
        config.networkTablets,
        `NetPool${n}`,
      );
      pgbouncer = { version: found.version, namedStatements: found.namedStatements, ...run };
    }
    return {
      processes: n,
      pauseSeconds: config.networkPauseSeconds,
      single,
      several,
      pgbouncer,
    };
  } finally {
    for (const server of started) await server.stop();
    await build.server.stop();
    await bouncer?.stop();
  }
}

/** A network's figures: its loads' read-backs, the processes' p95 against one's, deliveries, jobs. */
export function networkFigures(network: NetworkResult): Record<string, number> {
  const out: Record<string, number> = {};
  const errors = (run: NetworkRun) => Object.values(run.load.errors).reduce((t, n) => t + n, 0);
  const { single, several, pgbouncer } = network;
  out["network.lost"] = single.load.check.lost + several.load.check.lost;
  out["network.doubled"] = single.load.check.doubled + several.load.check.doubled;
  out["network.errors"] = errors(single) + errors(several);
  const p95 = (run: NetworkRun) => run.load.latency.signIn?.p95;
  if (p95(single) && p95(several)) {
    out["network.single.p95.signIn"] = p95(single)!;
    out["network.several.p95.signIn"] = p95(several)!;
    out["network.p95Ratio.signIn"] = p95(several)! / p95(single)!;
  }
  const live = (prefix: string, run: NetworkRun) => {
    if (run.delivery) out[`${prefix}.liveP95Ms`] = run.delivery.p95;
    out[`${prefix}.liveLost`] = run.liveLost;
    if (run.jobs) {
      out[`${prefix}.jobsRunTwice`] = run.jobs.runTwice;
      out[`${prefix}.jobsNeverRun`] = run.jobs.neverRun.length;
    }
  };
  live("network", several);
  if (!("skipped" in pgbouncer)) {
    out["network.pgbouncer.lost"] = pgbouncer.load.check.lost;
    out["network.pgbouncer.doubled"] = pgbouncer.load.check.doubled;
    out["network.pgbouncer.errors"] = errors(pgbouncer);
    if (p95(pgbouncer) && p95(single))
      out["network.pgbouncer.p95Ratio.signIn"] = p95(pgbouncer)! / p95(single)!;
    live("network.pgbouncer", pgbouncer);
  }
  return out;
}
