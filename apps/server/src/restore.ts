import { copyFile, lstat, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import {
  countRows,
  extractArchive,
  linkTree,
  restrictToOwner,
  type BackupCounts,
  type BackupManifest,
} from "@vsi/backups";
import { createDb, migrateToLatest, migrationState, migrations } from "@vsi/db";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";
import { removeStaleRestores, stagingFolder } from "./stale-restores.ts";

export interface RestoreResult {
  manifest: BackupManifest;
  counts: BackupCounts;
  /** Migrations run on the restored database (a backup from an older version). */
  migrated: string[];
  /** Where the data folder that was there before now is. */
  movedAside: string | undefined;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

const statOf = (file: string) => lstat(file).catch(() => undefined);

const countedTables = ["users", "locations", "programs", "visits"] as const;

/**
 * The archive unpacked into `staging` and checked as a whole: its entries (extractArchive), then
 * its database, opened, counted against its manifest and migrated to this version's schema.
 */
async function stage(file: string, staging: string) {
  const manifest = await extractArchive(file, staging);
  if (manifest.database !== "embedded")
    throw new Error(
      "it holds uploaded files only (its database is on a PostgreSQL server; restore that with pg_restore)",
    );
  if (manifest.schema && !(manifest.schema in migrations))
    throw new Error(
      `it was made by a newer version of Visitor Sign-In (schema ${manifest.schema}); upgrade first`,
    );
  const db = await createDb({ dataDir: staging }).catch((error: unknown) => {
    throw new Error(`its database does not open (${messageOf(error)})`);
  });
  let counts: BackupCounts;
  let migrated: string[];
  try {
    counts = { ...(await countRows(db.kysely)), files: manifest.counts.files };
    for (const table of countedTables) {
      if (counts[table] !== manifest.counts[table])
        throw new Error(
          `its database holds ${counts[table]} ${table} where its manifest says ${manifest.counts[table]}: the archive is damaged or was altered`,
        );
    }
    migrated = (await migrationState(db.kysely)).pending;
    await migrateToLatest(db.kysely);
  } finally {
    await db.close();
  }
  // PGlite sets modes of its own on the files it writes.
  await restrictToOwner(staging);
  return { manifest, counts, migrated };
}

/** What stays from the data folder being replaced: its backups (linked, not copied) and session secret. */
async function keepFromLive(dataDir: string, staging: string) {
  if ((await statOf(path.join(dataDir, "backups")))?.isDirectory())
    await linkTree(path.join(dataDir, "backups"), path.join(staging, "backups"));
  if ((await statOf(path.join(dataDir, "session-secret")))?.isFile())
    await copyFile(path.join(dataDir, "session-secret"), path.join(staging, "session-secret"));
}

/** Removes a staging folder whatever its archive made of it; says where it is if that fails. */
async function discard(staging: string, lock: DataDirLock | undefined): Promise<string> {
  lock?.release();
  try {
    await restrictToOwner(staging);
    await rm(staging, { recursive: true, force: true });
    return "";
  } catch (error) {
    return ` The unpacked archive could not be removed (${messageOf(error)}): delete ${staging}.`;
  }
}

const quiet = { info: () => undefined, error: () => undefined };

/**
 * Replaces the data folder with a backup, with the server stopped (the folder's lock refuses while
 * one runs). The archive is unpacked, checked and opened in a folder beside the data folder, and
 * made complete there (the backups folder and the session secret stay); only then does it take the
 * data folder's place, by renames within one parent: the current folder is moved aside (never
 * deleted), the restored one, locked from the start, moves in. Any failure before leaves the data
 * folder exactly as it was, and the message says what was wrong and where the data is. The staging
 * folders of restores that were stopped (kill -9) are removed first, each named in `log`.
 */
export async function restoreBackup(
  file: string,
  dataDir: string,
  log: { info(line: string): void; error(line: string): void } = quiet,
): Promise<RestoreResult> {
  if (!(await statOf(file))?.isFile()) throw new Error(`${file} does not exist`);
  const archive = path.basename(file);
  const lock = acquireDataDirLock(dataDir);
  let stagingLock: DataDirLock | undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const staging = stagingFolder(dataDir, stamp);
  const unchanged = `Nothing was changed: ${dataDir} is as it was.`;
  try {
    await removeStaleRestores(dataDir, log);
    let staged;
    try {
      // Locked from the start: a restore stopped midway leaves a folder nobody holds, which the
      // next restore or server start removes; no server can start on it between the two renames.
      stagingLock = acquireDataDirLock(staging);
      staged = await stage(file, staging);
      await keepFromLive(dataDir, staging);
    } catch (error) {
      const discarded = await discard(staging, stagingLock);
      stagingLock = undefined;
      throw new Error(
        `${archive} cannot be restored: ${messageOf(error)}.\n${unchanged}${discarded}`,
      );
    }

    let movedAside: string | undefined = `${dataDir}.before-restore-${stamp}`;
    try {
      await rename(dataDir, movedAside);
    } catch (error) {
      const discarded = await discard(staging, stagingLock);
      stagingLock = undefined;
      throw new Error(
        `${dataDir} could not be moved aside (${messageOf(error)}).\n${unchanged}${discarded}`,
      );
    }
    try {
      await rename(staging, dataDir);
    } catch (error) {
      const back = await rename(movedAside, dataDir).then(
        () => unchanged,
        () => `Your data is in ${movedAside}: move it back to ${dataDir}.`,
      );
      const discarded = await discard(staging, stagingLock);
      stagingLock = undefined;
      throw new Error(
        `The restored folder could not take ${dataDir}'s place (${messageOf(error)}).\n${back}${discarded}`,
      );
    }
    // Nothing was there but what this restore made itself (the folder had been deleted): nothing to keep.
    if ((await readdir(movedAside)).every((name) => name === "lock" || name === "session-secret")) {
      await rm(movedAside, { recursive: true, force: true });
      movedAside = undefined;
    }
    return { ...staged, movedAside };
  } finally {
    stagingLock?.release();
    lock.release();
  }
}
