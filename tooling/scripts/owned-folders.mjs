// Temporary folders that say which process owns them, so that a run killed outright (SIGKILL),
// which had no chance to clean up, leaves them to the next run to remove once that process is gone.
import {
  accessSync,
  constants,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

/** A folder just made may not hold its owner file yet: one without it is left this long. */
const ownerlessGraceMs = 60_000;

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export function readFileSafe(file) {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

/** statfs's type of a tmpfs: a filesystem in memory. */
const tmpfsMagic = 0x01021994;

/**
 * What a run's folders may come to: the run's PostgreSQL with its test databases, the data folders,
 * backups and browsers' profiles. A container's small /dev/shm (Docker's is 64 MB) is not used.
 */
const roomNeeded = 2 * 1024 ** 3;

/** Whether this process can write in `folder`, on a filesystem in memory with room for a run. */
export function inMemory(folder) {
  try {
    accessSync(folder, constants.W_OK);
    const stats = statfsSync(folder);
    return stats.type === tmpfsMagic && stats.bavail * stats.bsize >= roomNeeded;
  } catch {
    return false;
  }
}

/**
 * Where a run's temporary folders go: TMPDIR when it is set, as the person chose; else Linux's
 * /dev/shm, in memory, when it has room, where the thousands of files the tests' data folders and
 * databases make and delete cost no disk (on a disk mounted with `discard` each deletion waited on
 * the device); else the system's temporary folder.
 */
export function scratchRoot({ env = process.env, memory = "/dev/shm" } = {}) {
  if (env.TMPDIR) return path.resolve(env.TMPDIR);
  return inMemory(memory) ? memory : os.tmpdir();
}

/** Makes a folder in scratchRoot(), named from `prefix`, owned by this process. */
export function makeOwnedFolder(prefix) {
  const folder = mkdtempSync(path.join(scratchRoot(), prefix));
  writeFileSync(path.join(folder, "owner"), String(process.pid));
  return folder;
}

/**
 * Removes the folders named from `prefix` whose owner is gone, calling `beforeRemoving(folder)`
 * first (to stop what still runs in one).
 */
export function removeAbandoned(prefix, beforeRemoving = () => {}) {
  const tmp = scratchRoot();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(tmp, name);
    const owner = Number(readFileSafe(path.join(folder, "owner")));
    if (owner ? alive(owner) : Date.now() - statSync(folder).mtimeMs < ownerlessGraceMs) continue;
    beforeRemoving(folder);
    rmSync(folder, { recursive: true, force: true });
  }
}
