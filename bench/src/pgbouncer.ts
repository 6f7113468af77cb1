import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { config } from "./config.ts";
import { dbUrl } from "./pg.ts";
import { startedChild } from "./server.ts";
import { freePort, run, sleep } from "./util.ts";

export interface PgBouncer {
  version: string;
  /** Whether it carries named prepared statements (1.21+); else the servers send none. */
  namedStatements: boolean;
  /** The database through PgBouncer, for the servers' DATABASE_URL. */
  url: string;
  stop(): Promise<void>;
}

/** PgBouncer 1.21 keeps named prepared statements in transaction mode (max_prepared_statements). */
const preparedStatementsSince = [1, 21];

/**
 * The installed PgBouncer's version and whether it carries named prepared statements (before
 * 1.21 the servers run with DATABASE_NAMED_STATEMENTS=false), or why it cannot be used.
 */
export async function pgBouncerVersion(): Promise<
  { version: string; namedStatements: boolean } | { skipped: string }
> {
  const found = await run("pgbouncer", ["--version"]).then(
    ({ stdout }) => /PgBouncer (\d+)\.(\d+)\S*/.exec(stdout),
    () => null,
  );
  if (!found) return { skipped: "pgbouncer is not installed (Debian: apt-get install pgbouncer)" };
  const [version, major, minor] = [found[0].split(" ")[1]!, Number(found[1]), Number(found[2])];
  const [needMajor, needMinor] = preparedStatementsSince as [number, number];
  const namedStatements = major > needMajor || (major === needMajor && minor >= needMinor);
  return { version, namedStatements };
}

/**
 * PgBouncer in transaction mode in front of `database`, as a child of the bench on a free loopback
 * port, its configuration in a folder of its own (removed once it has read it). Run as the postgres
 * user when the bench is root: PgBouncer refuses root.
 */
export async function startPgBouncer(
  database: string,
  { version, namedStatements }: { version: string; namedStatements: boolean },
): Promise<PgBouncer> {
  const target = new URL(config.pgUrl);
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-pgbouncer-"));
  const user = decodeURIComponent(target.username || "postgres");
  const ini = path.join(dir, "pgbouncer.ini");
  writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`);
  writeFileSync(
    ini,
    [
      "[databases]",
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${user}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${path.join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      // As docker/compose.network.yml sets it.
      "max_client_conn = 2000",
      "default_pool_size = 40",
      ...(namedStatements ? ["max_prepared_statements = 200"] : []),
      "ignore_startup_parameters = extra_float_digits",
      "",
    ].join("\n"),
  );
  chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const child = spawn("pgbouncer", [...(asRoot ? ["-u", "postgres"] : []), ini], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  startedChild(child);
  // Its log goes to stderr (the postgres user cannot write to the bench's folder): the tail kept.
  let tail = "";
  child.stderr.on("data", (d: Buffer) => (tail = (tail + d.toString()).slice(-2000)));
  for (let i = 0; i < 50 && !(await listening(port)); i++) await sleep(100);
  // Read at its start: removed now, so that no way out of the bench leaves it behind.
  rmSync(dir, { recursive: true, force: true });
  if (!(await listening(port))) throw new Error(`PgBouncer did not start:\n${tail}`);
  const url = new URL(dbUrl(database));
  url.port = String(port);
  return {
    version,
    namedStatements,
    url: url.toString(),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
