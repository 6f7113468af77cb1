/**
 * Two server processes on one database against one (README "Running more than one server"): the
 * same tablets loop sign-in → sheet → sign-out, once all on one process, once split half and half
 * over two, in alternating order; rates side by side.
 */
import { Browser, setUpTablet, type Site } from "./client.ts";
import { config } from "./config.ts";
import type { Env } from "./env.ts";
import { Server } from "./server.ts";
import { runTabletLoad, verifyLoad, type Tablet } from "./tablets.ts";
import { freePort, log, median } from "./util.ts";

export interface ServersRun {
  processes: 1 | 2;
  loopsPerSecond: number;
  signInP50: number;
  listP50: number;
  signOutP50: number;
  errors: number;
  /** Acknowledged sign-ins against rows written (each must be there once). */
  acked: number;
  rows: number;
  /** Server CPU (all processes) per loop, ms. */
  cpuPerLoop: number;
}

export interface ServersResult {
  tablets: number;
  seconds: number;
  runs: ServersRun[];
  one: number;
  two: number;
}

export async function serversPhase(env: Env, site: Site, tabletCount = 50): Promise<ServersResult> {
  const second = new Server({ databaseUrl: env.databaseUrl, port: await freePort() });
  await second.start();
  const seconds = config.ratioSeconds * 2;
  const runs: ServersRun[] = [];
  try {
    const staffOf = (server: Server) =>
      Object.assign(new Browser(server.origin), { bearer: env.staff.bearer });
    const staff = [staffOf(env.server), staffOf(second)];
    const measure = async (processes: 1 | 2) => {
      const tablets: Tablet[] = [];
      for (let i = 0; i < tabletCount; i++) {
        const locationId = site.locationIds[i % site.locationIds.length]!;
        const programId =
          site.programIds[Math.floor(i / site.locationIds.length) % site.programIds.length]!;
        // Two processes: every other tablet talks to the second one, as behind a load balancer.
        const through = processes === 2 ? staff[i % 2]! : staff[0]!;
        tablets.push({
          index: i,
          browser: await setUpTablet(through, locationId),
          locationId,
          programId,
        });
      }
      const servers = processes === 2 ? [env.server, second] : [env.server];
      const cpu0 = servers.reduce((a, s) => a + s.cpuMs(), 0);
      const marker = `Srv${processes}x${Date.now().toString(36)}`;
      const load = await runTabletLoad(tablets, { seconds, marker, retry: false });
      const cpu = servers.reduce((a, s) => a + s.cpuMs(), 0) - cpu0;
      await Promise.all(tablets.map((t) => t.browser.close()));
      const v = await verifyLoad(env.database, marker, load);
      const c = load.calls;
      const run: ServersRun = {
        processes,
        loopsPerSecond: c.signOut.ok / load.seconds,
        signInP50: c.signIn.latency.summary().p50,
        listP50: c.list.latency.summary().p50,
        signOutP50: c.signOut.latency.summary().p50,
        errors: c.signIn.errorCount + c.list.errorCount + c.signOut.errorCount,
        acked: v.acked,
        rows: v.rows,
        cpuPerLoop: cpu / Math.max(1, c.signOut.ok),
      };
      log(
        `servers: ${processes} process(es), ${tabletCount} tablets: ${run.loopsPerSecond.toFixed(0)} loops/s, ${run.errors} errors, ${run.rows}/${run.acked} rows`,
      );
      runs.push(run);
    };
    for (let r = 0; r < config.compareRounds; r++) {
      const order: (1 | 2)[] = r % 2 === 0 ? [1, 2] : [2, 1];
      for (const processes of order) await measure(processes);
    }
    await Promise.all(staff.map((s) => s.close()));
  } finally {
    await second.stop();
  }
  const rate = (p: 1 | 2) =>
    median(runs.filter((x) => x.processes === p).map((x) => x.loopsPerSecond));
  return { tablets: tabletCount, seconds, runs, one: rate(1), two: rate(2) };
}
