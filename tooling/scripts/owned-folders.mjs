// Temporary folders that say which process owns them, so that a run killed outright (SIGKILL),
// which had no chance to clean up, leaves them to the next run to remove once that process is gone.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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

/** Makes a folder in the system's temporary folder, named from `prefix`, owned by this process. */
export function makeOwnedFolder(prefix) {
  const folder = mkdtempSync(path.join(os.tmpdir(), prefix));
  writeFileSync(path.join(folder, "owner"), String(process.pid));
  return folder;
}

/**
 * Removes the folders named from `prefix` whose owner is gone, calling `beforeRemoving(folder)`
 * first (to stop what still runs in one).
 */
export function removeAbandoned(prefix, beforeRemoving = () => {}) {
  const tmp = os.tmpdir();
  for (const name of readdirSync(tmp)) {
    if (!name.startsWith(prefix)) continue;
    const folder = path.join(tmp, name);
    const owner = Number(readFileSafe(path.join(folder, "owner")));
    if (owner ? alive(owner) : Date.now() - statSync(folder).mtimeMs < ownerlessGraceMs) continue;
    beforeRemoving(folder);
    rmSync(folder, { recursive: true, force: true });
  }
}
