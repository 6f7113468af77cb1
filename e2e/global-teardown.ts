import { copyFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { artifactsDir, stateFile } from "./support/paths.ts";
import type { RunState } from "./support/state.ts";

/** Stops the server (SIGTERM, as in production), keeps its log, removes the data folder. */
export default async function globalTeardown(): Promise<void> {
  if (!existsSync(stateFile)) return;
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as RunState;
  await stopPid(state.serverPid);
  if (existsSync(state.serverLog))
    copyFileSync(state.serverLog, path.join(artifactsDir, "server.log"));
  rmSync(state.dataDir, { recursive: true, force: true });
  rmSync(stateFile, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stopPid(pid: number): Promise<void> {
  if (!alive(pid)) return;
  process.kill(pid, "SIGTERM");
  const deadline = Date.now() + 15_000;
  while (alive(pid) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  if (alive(pid)) process.kill(pid, "SIGKILL");
}
