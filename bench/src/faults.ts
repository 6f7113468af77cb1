import { writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { Site } from "./client.ts";
import { config } from "./config.ts";
import { tabletsFor, type Env } from "./env.ts";
import { ensurePostgresRunning, pgCtl } from "./pg.ts";
import { runTabletLoad, verifyLoad, type LoadResult, type Verification } from "./tablets.ts";
import { log, sleep } from "./util.ts";

export interface HealthSample {
  t: number;
  status: number | "error";
  database?: string;
}

export interface FaultResult {
  name: string;
  load: LoadResult;
  verification: Verification;
  faultAt: number;
  /** Seconds from the fault to the first failing /healthz, and to the first healthy one after it. */
  outageSeenAfter: number;
  recoveredAfter: number;
  health: HealthSample[];
  serverRestarted: boolean;
  note: string;
}

/** Polls /healthz every 200 ms (bounded by the load's own duration). */
function pollHealth(
  origin: string,
  start: number,
  until: () => boolean,
): { samples: HealthSample[]; done: Promise<void> } {
  const samples: HealthSample[] = [];
  const done = (async () => {
    for (let i = 0; i < 10_000 && !until(); i++) {
      const t = (performance.now() - start) / 1000;
      try {
        const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) });
        const body = (await res.json().catch(() => ({}))) as { database?: string };
        samples.push({ t, status: res.status, database: body.database });
      } catch {
        samples.push({ t, status: "error" });
      }
      await sleep(200);
    }
  })();
  return { samples, done };
}

function outage(samples: HealthSample[], faultAt: number) {
  const down = samples.find((s) => s.t >= faultAt && s.status !== 200);
  const up = down ? samples.find((s) => s.t > down.t && s.status === 200) : undefined;
  return {
    outageSeenAfter: down ? down.t - faultAt : NaN,
    recoveredAfter: up ? up.t - faultAt : NaN,
  };
}

async function faultRun(
  env: Env,
  site: Site,
  name: string,
  inject: () => Promise<void>,
): Promise<FaultResult> {
  const tablets = await tabletsFor(env, site, config.faultTablets);
  const marker = `${name.replace(/\W/g, "")}x${Date.now().toString(36)}`;
  const seconds = config.faultSeconds;
  const faultAt = seconds / 3;
  let finished = false;
  let injected: Promise<void> | undefined;
  const start = performance.now();
  const health = pollHealth(env.server.origin, start, () => finished);
  log(
    `fault "${name}": ${tablets.length} tablets for ${seconds} s, fault at ${faultAt.toFixed(0)} s`,
  );
  let load: LoadResult;
  try {
    load = await runTabletLoad(tablets, {
      seconds,
      marker,
      retry: true,
      onTick: (elapsed) => {
        if (!injected && elapsed >= faultAt) injected = inject();
      },
    });
    await injected;
  } finally {
    finished = true;
    await health.done;
    await Promise.all(tablets.map((t) => t.browser.close()));
  }
  const verification = await verifyLoad(env.database, marker, load);
  const o = outage(health.samples, faultAt);
  log(
    `  acked ${verification.acked}, rows ${verification.rows}, missing ${verification.missing}, duplicate keys ${verification.duplicateKeys}; outage seen +${o.outageSeenAfter.toFixed(1)} s, healthy +${o.recoveredAfter.toFixed(1)} s`,
  );
  return {
    name,
    load,
    verification,
    faultAt,
    ...o,
    health: health.samples,
    serverRestarted: false,
    note: "",
  };
}

/** PostgreSQL restarts under the tablets; the server is not touched and must recover by itself. */
export async function postgresRestartFault(env: Env, site: Site): Promise<FaultResult> {
  const pid = env.server.pid;
  try {
    const result = await faultRun(env, site, "PostgreSQL restart", async () => {
      log("  restarting PostgreSQL (pg_ctlcluster restart)");
      await pgCtl("restart");
    });
    if (env.server.exitCode !== undefined) {
      writeFileSync(path.join(config.outDir, "server-crash.log"), env.server.outputTail);
      const tail = env.server.outputTail;
      const error =
        tail.match(/^error: (.*)$/m)?.[1] ?? tail.trim().split("\n").slice(-3).join(" / ");
      const unhandled = /Unhandled 'error' event/.test(tail) ? "unhandled 'error' event: " : "";
      result.note = `the server process died (exit code ${env.server.exitCode}) — ${unhandled}${error}${/code: '(\w+)'/.test(tail) ? ` (${tail.match(/code: '(\w+)'/)![1]})` : ""}; the bench started it again for the next fault`;
      // The next fault needs a server: start it again (and say so).
      await ensurePostgresRunning();
      await env.server.start();
    } else {
      result.note =
        env.server.pid === pid ? "server process untouched (same pid)" : "server process changed";
    }
    return result;
  } finally {
    await ensurePostgresRunning();
  }
}

/** SIGKILL the server mid-load, start it again after a second; tablets retry with the same key. */
export async function serverKillFault(env: Env, site: Site): Promise<FaultResult> {
  const result = await faultRun(env, site, "server SIGKILL", async () => {
    log("  SIGKILL to the server");
    await env.server.kill();
    await sleep(1000);
    await env.server.start();
    log(`  server started again (pid ${env.server.pid})`);
  });
  result.serverRestarted = true;
  return result;
}
