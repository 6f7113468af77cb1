import {
  spawn,
  spawnSync,
  type ChildProcess,
  type ChildProcessWithoutNullStreams,
} from "node:child_process";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { openTestDb } from "@vsi/db/testing";
import { baselineWasm } from "@vsi/test-utils";

const serverDir = path.resolve(import.meta.dirname, "..");

// The bundle that ships (dist/, built by test/global-setup.ts for each run), run by node itself so
// the child's PID is the server's.
const node = (script: string) =>
  [process.execPath, [...baselineWasm, script], { cwd: serverDir }] as const;
const mainPath = path.join(serverDir, "dist", "main.js");
const cliPath = path.join(serverDir, "dist", "cli.js");

/** The machine's clock as this process sees it: a date moved with libfaketime reaches the children too. */
const clock = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] =>
      entry[1] !== undefined && (entry[0] === "LD_PRELOAD" || entry[0].startsWith("FAKETIME")),
  ),
);

/** Only what a person's shell would have: the test runner's own variables (BASE_URL, NODE_ENV) stay out. */
export const cleanEnv = (vars: Record<string, string>) => ({
  PATH: process.env.PATH ?? "",
  HOME: process.env.HOME ?? "",
  ...clock,
  ...vars,
});

export function cli(vars: Record<string, string>, ...args: string[]) {
  const [command, flags, options] = node(cliPath);
  return spawnSync(command, [...flags, ...args], {
    ...options,
    env: cleanEnv(vars),
    encoding: "utf8",
    timeout: 120_000,
  });
}

/** The CLI in its own process, not waited for: a test may stop it midway. */
export function spawnCli(vars: Record<string, string>, ...args: string[]) {
  const [command, flags, options] = node(cliPath);
  const child = spawn(command, [...flags, ...args], {
    ...options,
    env: cleanEnv(vars),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, exited };
}

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  /** stdout and stderr so far. */
  output(): string;
  exited: Promise<number | null>;
  /** Resolves once the server listens; rejects with its output if it exits first. */
  started: Promise<void>;
  /** The port it listens on (after started). */
  port(): number;
  /** Its exit code if it exits before listening, else "listening" (then it is stopped with SIGTERM). */
  exitBeforeListening(): Promise<number | null | "listening">;
}

/**
 * A new data folder whose embedded database is migrated and has a user, as a site's after its
 * first start: for a test of what a later start does, which a first start's work (the migrations,
 * the demo data) would only slow down. Copied from the run's migrated database.
 */
export async function existingDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-existing-"));
  const { db, close } = await openTestDb({ kind: "pglite", dataDir });
  await db.kysely
    .insertInto("users")
    .values({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.org",
      password_hash: "x",
    })
    .execute();
  await close();
  return dataDir;
}

/** The server's environment: port 0 of 127.0.0.1 with no app build. */
const serverEnv = (vars: Record<string, string>) =>
  cleanEnv({
    PORT: "0",
    HOST: "127.0.0.1",
    WEB_DIST: vars.DATA_DIR ?? "",
    KIOSK_DIST: vars.DATA_DIR ?? "",
    ...vars,
  });

/** The real server (dist/main.js) in its own process, on port 0 of 127.0.0.1 with no app build. */
export function spawnServer(vars: Record<string, string>): ServerProcess {
  const [command, flags, options] = node(mainPath);
  const child = spawn(command, flags, {
    ...options,
    env: serverEnv(vars),
    stdio: ["pipe", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const started = new Promise<void>((resolve, reject) => {
    const check = setInterval(() => {
      if (/Server listening at/.test(output) && output.includes("is running at")) {
        clearInterval(check);
        resolve();
      }
    }, 50);
    void exited.then(() => {
      clearInterval(check);
      reject(new Error(`server exited before listening:\n${output}`));
    });
  });
  started.catch(() => undefined);
  return {
    child,
    output: () => output,
    async exitBeforeListening() {
      const outcome = await Promise.race([exited, started.then(() => "listening" as const)]);
      if (outcome === "listening") {
        child.kill("SIGTERM");
        await exited;
      }
      return outcome;
    },
    exited,
    started,
    port() {
      const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (!match?.[1]) throw new Error(`no port in output:\n${output}`);
      return Number(match[1]);
    },
  };
}

/** The first match of `pattern` in a child's output; rejects with the output if the child exits first. */
export function outputMatching(
  server: { child: ChildProcess; output(): string },
  pattern: RegExp,
): Promise<RegExpExecArray> {
  const { child } = server;
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(server.output());
      if (!match) return;
      child.stdout?.off("data", check);
      child.stderr?.off("data", check);
      child.off("exit", exited);
      resolve(match);
    };
    const exited = () =>
      reject(new Error(`exited before printing ${pattern}:\n${server.output()}`));
    child.stdout?.on("data", check);
    child.stderr?.on("data", check);
    child.once("exit", exited);
    check();
  });
}

const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;

export interface TerminalServer {
  child: ChildProcess;
  /** What the terminal showed so far, without colours and carriage returns. */
  output(): string;
  /** Stops the server as closing its terminal does, and resolves once it is gone. */
  stop(): Promise<void>;
}

/**
 * The real server (dist/main.js) writing to a pseudo-terminal, as under `npm start` in a shell:
 * util-linux `script` gives it one and copies what it shows to this pipe.
 */
export function spawnServerInTerminal(vars: Record<string, string>): TerminalServer {
  const [command, flags, options] = node(mainPath);
  const line = `exec ${[command, ...flags].map(quote).join(" ")}`;
  const child = spawn("script", ["-qfec", line, "/dev/null"], {
    ...options,
    env: serverEnv(vars),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let raw = "";
  // Registered before any caller's, so the text is complete when theirs run.
  child.stdout.on("data", (chunk) => (raw += chunk));
  child.stderr.on("data", (chunk) => (raw += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    output: () => stripVTControlCharacters(raw).replaceAll("\r", ""),
    async stop() {
      // script hands the signal to the server, which shuts down as on Ctrl+C.
      child.kill("SIGTERM");
      await exited;
    },
  };
}
