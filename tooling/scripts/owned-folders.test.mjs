import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statfsSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inMemory, makeOwnedFolder, removeAbandoned, scratchRoot } from "./owned-folders.mjs";

const prefix = `vsi-owned-folders-test-${process.pid}-`;
const made = [];
const folder = (make) => {
  const one = make();
  made.push(one);
  return one;
};
afterEach(() => {
  for (const one of made.splice(0)) rmSync(one, { recursive: true, force: true });
});

/** The pid of a process that has exited. */
const gonePid = () => spawnSync(process.execPath, ["-e", ""]).pid;

describe("owned temporary folders", () => {
  it("removes a folder whose owner has gone, after what stops what runs in it, and keeps a live owner's", () => {
    const mine = folder(() => makeOwnedFolder(prefix));
    const abandoned = folder(() => makeOwnedFolder(prefix));
    writeFileSync(path.join(abandoned, "owner"), String(gonePid()));
    const stopped = [];

    removeAbandoned(prefix, (found) => stopped.push(found));

    expect(existsSync(mine)).toBe(true);
    expect(existsSync(abandoned)).toBe(false);
    expect(stopped).toEqual([abandoned]);
  });

  it("keeps a folder not yet given its owner for a minute, and removes it after", () => {
    const fresh = folder(() => mkdtempSync(path.join(scratchRoot(), prefix)));
    removeAbandoned(prefix);
    expect(existsSync(fresh)).toBe(true);

    const anHourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(fresh, anHourAgo, anHourAgo);
    removeAbandoned(prefix);
    expect(existsSync(fresh)).toBe(false);
  });

  it("go where TMPDIR says when it is set, and in the system's temporary folder when the memory one is not there", () => {
    expect(scratchRoot({ env: { TMPDIR: "/somewhere/chosen" } })).toBe("/somewhere/chosen");
    const onDisk = folder(() => mkdtempSync(path.join(os.tmpdir(), prefix)));
    const notMemory = inMemory(onDisk) ? "/no/such/folder" : onDisk;
    expect(scratchRoot({ env: {}, memory: notMemory })).toBe(os.tmpdir());
  });

  // The run's folders (made with TMPDIR unset, or inside them) on Linux's /dev/shm: the tests'
  // data folders and databases make and delete thousands of files, which cost nothing there.
  it.runIf(process.platform === "linux" && inMemory("/dev/shm"))("are in memory on Linux", () => {
    expect(scratchRoot({ env: {} })).toBe("/dev/shm");
    const mine = folder(() => makeOwnedFolder(prefix));
    expect(statfsSync(mine).type).toBe(0x01021994);
  });
});
