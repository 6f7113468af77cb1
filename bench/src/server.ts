import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { config, repoDir } from "./config.ts";
import { assertLoopback, run, sleep } from "./util.ts";

const running = new Set<ChildProcess>();

/** Another program the bench started (a connection pooler): killed with the servers. */
export function startedChild(child: ChildProcess) {
  running.add(child);
  child.once("exit", () => running.delete(child));
}

/** Servers the bench started, stopped by their own pid (on any exit of the bench). */
export function killStarted() {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/** Each server's data folder, kept across its restarts (a fault scenario's) and removed at the end. */
const dataDirs = new Set<string>();

function makeDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-"));
  dataDirs.add(dir);
  return dir;
}

/** The data folders of every server the bench started (after killStarted). */
export function removeDataDirs() {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  dataDirs.clear();
}

/** A production build (`main`, its `cli.js` beside it) as a process of its own on 127.0.0.1. */
export class Server {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private readonly dataDir = makeDataDir();
  outputTail = "";
  alive = false;

  constructor(
    readonly main: string,
    readonly databaseUrl: string,
    readonly port: number,
    /** More of the server's settings (WEBHOOKS_ALLOW_PRIVATE_NETWORKS, …). */
    readonly settings: Record<string, string> = {},
  ) {
    if (!existsSync(main)) throw new Error(`${main} is missing: build it first (pnpm build)`);
  }

  get origin() {
    return assertLoopback(`http://127.0.0.1:${this.port}`);
  }

  private get env(): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      DATABASE_URL: this.databaseUrl,
      PORT: String(this.port),
      HOST: "127.0.0.1",
      DATA_DIR: this.dataDir,
      LOG_LEVEL: "warn",
      BASE_URL: this.origin,
      ...this.settings,
    };
  }

  async start(): Promise<void> {
    const profile = config.cpuProfileDir
      ? ["--cpu-prof", `--cpu-prof-dir=${config.cpuProfileDir}`]
      : [];
    const child = spawn(process.execPath, [...profile, this.main], { env: this.env, cwd: repoDir });
    this.child = child;
    this.alive = true;
    running.add(child);
    const keep = (d: Buffer) => (this.outputTail = (this.outputTail + d.toString()).slice(-4000));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    this.exited = new Promise((resolve) =>
      child.once("exit", () => {
        this.alive = false;
        running.delete(child);
        resolve();
      }),
    );
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(100)) {
      if (!this.alive) throw new Error(`server exited:\n${this.outputTail}`);
      const ok = await fetch(`${this.origin}/healthz`, { signal: AbortSignal.timeout(1000) }).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
    }
    throw new Error(`server did not answer /healthz within 30 s:\n${this.outputTail}`);
  }

  /** SIGTERM, as an operator stops it; SIGKILL, as a power cut does. */
  async stop(signal: "SIGTERM" | "SIGKILL" = "SIGTERM"): Promise<void> {
    if (!this.alive) return;
    this.child?.kill(signal);
    const timer = setTimeout(() => this.child?.kill("SIGKILL"), 15_000);
    await this.exited;
    clearTimeout(timer);
  }

  /** `cli.js create-admin`, as an operator makes the first account. */
  async createAdmin(email: string, password: string): Promise<void> {
    const cli = path.join(path.dirname(this.main), "cli.js");
    await run(process.execPath, [cli, "create-admin", "Bench", "Admin", email, password], this.env);
  }
}
