import { lstat, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { restrictToOwner } from "@vsi/backups";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.ts";

/** Where a restore unpacks an archive: beside the data folder, named for it and the time. */
export const stagingFolder = (dataDir: string, stamp: string) => `${dataDir}.restoring-${stamp}`;

/**
 * Removes the staging folders that restores left beside the data folder when they were stopped
 * (kill -9, a power cut), naming each. A restore holds its staging folder's lock from its start,
 * so a folder whose lock can be taken has nobody working in it; one a running restore holds is
 * left alone. Returns the folders removed.
 */
export async function removeStaleRestores(
  dataDir: string,
  log: { info(line: string): void; error(line: string): void },
): Promise<string[]> {
  const parent = path.dirname(path.resolve(dataDir));
  const prefix = path.basename(stagingFolder(path.resolve(dataDir), ""));
  const names = await readdir(parent).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((n) => n.startsWith(prefix)).sort()) {
    const folder = path.join(parent, name);
    if (!(await lstat(folder).catch(() => undefined))?.isDirectory()) continue;
    let lock;
    try {
      lock = acquireDataDirLock(folder);
    } catch (error) {
      if (error instanceof DataDirLockedError) continue;
      log.error(
        `${folder} was left by a restore, and could not be checked (${String(error)}): delete it once no restore runs.`,
      );
      continue;
    }
    try {
      // An archive's entries may have come with modes that forbid removing them.
      await restrictToOwner(folder);
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
      log.info(`Removed ${folder}, left by a restore that did not finish.`);
    } catch (error) {
      log.error(
        `${folder} was left by a restore that did not finish, and could not be removed (${String(error)}): delete it.`,
      );
    } finally {
      lock.release();
    }
  }
  return removed;
}
