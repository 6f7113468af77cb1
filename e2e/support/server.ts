import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { baselineWasm } from "@vsi/test-utils";
import { unique } from "./api.ts";
import { repoRoot, serverCli, serverMain } from "./paths.ts";

// Starting and stopping the production build: the global setup's shared server, and a journey's
// own fresh install where it needs one nobody else has touched.

/** The environment a server runs in: its own data folder and port, no outside database or mail. */
export function serverEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    TEST_DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    // The webhooks journey's receiver listens on this machine.
    WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true",
  };
}

/**
 * Makes an admin with the CLI, as an operator does; before the server, whose database it is. A
 * one-off process: PGlite's WebAssembly on the baseline compiler only, as in the tests.
 */
export function createAdminWithCli(
  env: NodeJS.ProcessEnv,
  admin: { firstName: string; lastName: string; email: string; password: string },
): void {
  const cli = spawnSync(
    process.execPath,
    [
      ...baselineWasm,
      serverCli,
      "create-admin",
      admin.firstName,
      admin.lastName,
      admin.email,
      admin.password,
    ],
    { env, encoding: "utf8" },
  );
  if (cli.status !== 0)
    throw new Error(`create-admin failed (${cli.status}): ${cli.stdout}${cli.stderr}`);
}

export interface FreshInstall {
  baseUrl: string;
  admin: { firstName: string; lastName: string; email: string; password: string };
  /** Stops the server and deletes its data folder. */
  close(): Promise<void>;
}

/**
 * A fresh install of its own: a new data folder, an admin made by the CLI, nothing else (no demo
 * data: that is added on a start with no users), for a journey about what a newcomer sees.
 * `baseUrl: false` leaves BASE_URL unset, as `npm start` does.
 */
export async function startFreshInstall({
  baseUrl: withBaseUrl = true,
} = {}): Promise<FreshInstall> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-e2e-fresh-"));
  const port = await freePort();
  const env = serverEnv(dataDir, port);
  if (!withBaseUrl) delete env.BASE_URL;
  const tag = unique();
  const admin = {
    firstName: "Fran",
    lastName: "Fresh",
    email: `fresh-${tag}@example.org`,
    // A digit always: the tag alone may be letters only, which the password rule refuses.
    password: `fresh-start-${tag}-1`,
  };
  createAdminWithCli(env, admin);
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(env, baseUrl, path.join(dataDir, "server.log"));
  return {
    baseUrl,
    admin,
    async close() {
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === "object"
          ? resolve(address.port)
          : reject(new Error("no port")),
      );
    });
  });
}

/** The production server on `env`, once its /healthz answers; its output appended to `logFile`. */
export async function startServer(
  env: NodeJS.ProcessEnv,
  baseUrl: string,
  logFile: string,
): Promise<ChildProcess> {
  const log = openSync(logFile, "a");
  // As shipped: a server lives the whole run, long enough for V8's optimised WebAssembly to pay.
  const child = spawn(process.execPath, [serverMain], {
    env,
    cwd: repoRoot,
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  // Set by the exit listener below; the cast stops TypeScript narrowing it to null for good.
  let exited = null as string | null;
  child.once("exit", (code, signal) => {
    exited = signal ?? String(code);
    // Kept in the log (copied to artifacts/server.log at the end), so a crash mid-run is visible.
    appendFileSync(logFile, `[e2e] server pid ${child.pid} exited: ${exited}\n`);
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new Error(
        `the server exited (${exited}) before it was healthy:\n${readFileSync(logFile, "utf8").slice(-3000)}`,
      );
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGKILL");
  throw new Error(
    `the server was not healthy within 60 s:\n${readFileSync(logFile, "utf8").slice(-3000)}`,
  );
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
