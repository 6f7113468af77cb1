import type { Build } from "./build.ts";
import { config } from "./config.ts";
import { ensurePostgresRunning, pgCtl } from "./pg.ts";
import { tabletLoad } from "./tablets.ts";
import { log, sleep } from "./util.ts";

export type FaultResult = Awaited<ReturnType<typeof faultRun>>;

/** Tablets retrying as the kiosk's queue does, and a fault a third of the way in. */
async function faultRun(build: Build, name: string, inject: () => Promise<void>) {
  const faultAt = config.faultSeconds / 3;
  const load = await tabletLoad(build, config.faultTablets, {
    seconds: config.faultSeconds,
    marker: name,
    retry: true,
    at: { seconds: faultAt, run: inject },
  });
  log(JSON.stringify(load.check));
  if (!build.server.alive) log(`the server died:\n${build.server.outputTail}`);
  /** 1 when the server process lived through the fault (a PostgreSQL restart must not kill it). */
  const serverSurvived = build.server.alive ? 1 : 0;
  return { load, faultAt, serverSurvived };
}

/** PostgreSQL restarts under the tablets; the server is left alone and must recover by itself. */
export async function postgresRestart(build: Build) {
  try {
    return await faultRun(build, "PostgresRestart", () => pgCtl("restart"));
  } finally {
    await ensurePostgresRunning();
    if (!build.server.alive) await build.server.start();
  }
}

/** The server is killed mid-request (SIGKILL) and started again a second later. */
export function serverKill(build: Build) {
  return faultRun(build, "ServerKill", async () => {
    await build.server.stop("SIGKILL");
    await sleep(1000);
    await build.server.start();
  });
}
