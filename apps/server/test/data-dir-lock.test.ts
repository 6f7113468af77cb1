import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "../src/data-dir-lock.ts";
import { cli, existingDataDir, spawnServer, type ServerProcess } from "./processes.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "vsi-lock-"));

describe("acquireDataDirLock", () => {
  it("refuses a second holder, naming the folder and the holder's PID, until the first releases", () => {
    const dir = dataDir();
    const first = acquireDataDirLock(dir);
    let refused: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect(refused).toMatchObject({ dataDir: dir, holderPid: process.pid });
    expect((refused as Error).message).toContain(dir);
    first.release();
    const second = acquireDataDirLock(dir);
    second.release();
  });
});

describe("one process per embedded database", () => {
  // One server holds the folder for the two refusals below: neither changes what it holds.
  describe("while a server holds the folder", () => {
    let dir: string;
    let server: ServerProcess;
    beforeAll(async () => {
      dir = await existingDataDir();
      server = spawnServer({ DATA_DIR: dir });
      await server.started;
    }, 120_000);
    afterAll(async () => {
      server.child.kill("SIGTERM");
      await server.exited;
    });

    it("a second server on the same DATA_DIR exits at once, naming the folder and the first server's PID", async () => {
      const second = spawnServer({ DATA_DIR: dir });
      expect(await second.exitBeforeListening()).toBe(1);
      expect(second.output()).toContain(
        `The data folder ${dir} is in use by another process (PID ${server.child.pid})`,
      );
      expect(second.output()).not.toMatch(/\n\s+at /);
    }, 120_000);

    it("the CLI refuses a folder a server holds and says to stop the server first", async () => {
      for (const args of [
        ["migrate"],
        ["seed"],
        ["create-admin", "Ada", "Lovelace", "ada@example.org", "analytical1"],
      ]) {
        const result = cli({ DATA_DIR: dir }, ...args);
        expect(result.status, args[0]).toBe(1);
        expect(result.stderr).toContain(
          `The data folder ${dir} is in use by another process (PID ${server.child.pid}). Stop the server first`,
        );
      }
      // Once the server has stopped, the folder is the CLI's.
      server.child.kill("SIGTERM");
      await server.exited;
      expect(cli({ DATA_DIR: dir }, "migrate").status).toBe(0);
    }, 120_000);
  });

  it("a server killed with SIGKILL leaves no stale lock: the next one starts on the same folder", async () => {
    const dir = await existingDataDir();
    const killed = spawnServer({ DATA_DIR: dir });
    await killed.started;
    killed.child.kill("SIGKILL");
    await killed.exited;
    const next = spawnServer({ DATA_DIR: dir });
    try {
      await next.started;
      const health = await fetch(`http://127.0.0.1:${next.port()}/healthz`);
      expect(await health.json()).toEqual({ status: "ok", database: "up" });
    } finally {
      next.child.kill("SIGTERM");
      await next.exited;
    }
  }, 120_000);
});
