import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { config, repoDir } from "./config.ts";
import { assertLoopback, run, sleep } from "./util.ts";

const running = new Set<ChildProcess>();

/** On any exit of the bench, servers it started are stopped (by their own pid only). */
export function killAllStarted() {
  for (const child of running) {
    try {
      child.kill("SIGKILL");
    } catch {
      // already gone
    }
  }
  running.clear();
}

export interface ServerOptions {
  databaseUrl: string;
  port: number;
  nodeArgs?: string[];
  /** A script other than the production server (the bare Fastify route). */
  script?: string;
  extraEnv?: Record<string, string>;
  cwd?: string;
}

/** The production build (apps/server/dist/main.js) as a separate process on 127.0.0.1. */
export class Server {
  child: ChildProcess | undefined;
  readonly dataDir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-data-"));
  /** Bytes the server wrote to stdout/stderr: with LOG_LEVEL=warn the hot path should write none. */
  outputBytes = 0;
  outputTail = "";
  exitCode: number | null | undefined;

  constructor(readonly options: ServerOptions) {}

  get origin() {
    return assertLoopback(`http://127.0.0.1:${this.options.port}`);
  }

  get pid() {
    return this.child?.pid;
  }

  async start(timeoutMs = 30_000): Promise<void> {
    const script = this.options.script ?? config.serverMain;
    if (!existsSync(script))
      throw new Error(
        `${script} is missing: run \`pnpm bench\` from the repository root (it builds first) or \`pnpm build\``,
      );
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATABASE_URL: this.options.databaseUrl,
      PORT: String(this.options.port),
      HOST: "127.0.0.1",
      DATA_DIR: this.dataDir,
      LOG_LEVEL: "warn",
      BASE_URL: this.origin,
      ...this.options.extraEnv,
    };
    const args = [...(this.options.nodeArgs ?? []), script];
    const child = spawn(process.execPath, args, {
      env,
      cwd: this.options.cwd ?? repoDir,
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    this.exitCode = undefined;
    running.add(child);
    const onOutput = (d: Buffer) => {
      this.outputBytes += d.length;
      this.outputTail = (this.outputTail + d.toString()).slice(-12000);
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    child.on("exit", (code) => {
      this.exitCode = code;
      running.delete(child);
    });
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.exitCode !== undefined)
        throw new Error(`server exited with ${String(this.exitCode)}:\n${this.outputTail}`);
      try {
        const res = await fetch(`${this.origin}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(100);
    }
    throw new Error(`server did not answer /healthz within ${timeoutMs} ms:\n${this.outputTail}`);
  }

  /** Peak resident memory (VmHWM) of the server process so far, in kB. */
  peakRssKb(): number {
    if (!this.pid) return NaN;
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, "utf8");
      const match = status.match(/VmHWM:\s+(\d+)\s+kB/);
      return match ? Number(match[1]) : NaN;
    } catch {
      return NaN;
    }
  }

  /** CPU time (user + system) the server process has used so far, in ms: robust to a noisy machine. */
  cpuMs(): number {
    if (!this.pid) return NaN;
    try {
      const fields = readFileSync(`/proc/${this.pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second on Linux).
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return NaN;
    }
  }

  rssKb(): number {
    if (!this.pid) return NaN;
    try {
      const match = readFileSync(`/proc/${this.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)\s+kB/);
      return match ? Number(match[1]) : NaN;
    } catch {
      return NaN;
    }
  }

  /** Graceful stop (SIGTERM), then SIGKILL after the time limit. */
  async stop(timeoutMs = 15_000): Promise<void> {
    const child = this.child;
    if (!child || this.exitCode !== undefined) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    await exited;
    clearTimeout(timer);
  }

  /** SIGKILL: the server dies mid-request, as on a power cut. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || this.exitCode !== undefined) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGKILL");
    await exited;
  }
}

/** `cli.js create-admin` against the given database, as an operator would. */
export async function createAdmin(
  databaseUrl: string,
  email: string,
  password: string,
  cli = config.serverCli,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-cli-"));
  const result = await run(
    process.execPath,
    [cli, "create-admin", "Bench", "Admin", email, password],
    {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        LOG_LEVEL: "warn",
      },
      cwd: repoDir,
      timeoutMs: 60_000,
    },
  );
  if (result.code !== 0) throw new Error(`create-admin failed: ${result.stderr || result.stdout}`);
}
