import { copyFile, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import {
  countRows,
  extractArchive,
  filesFolder,
  type BackupCounts,
  type BackupManifest,
} from "@vsi/api";
import { createDb, migrateToLatest, migrationState, migrations } from "@vsi/db";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.ts";

export interface RestoreResult {
  manifest: BackupManifest;
  counts: BackupCounts;
  /** Migrations run on the restored database (a backup from an older version). */
  migrated: string[];
  /** Where the data folder that was there before now is. */
  movedAside: string | undefined;
}

async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * Replaces the data folder with a backup, with the server stopped (the folder's lock refuses while
 * one runs): the archive is unpacked and its database opened and migrated beside the folder first,
 * so a bad archive changes nothing; then the current folder is moved aside (never deleted) and the
 * restored one, already locked, takes its place. The backups folder and the session secret stay.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  if (!(await exists(file))) throw new Error(`${file} does not exist`);
  const lock = acquireDataDirLock(dataDir);
  let stagingLock: DataDirLock | undefined;
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const staging = `${dataDir}.restoring-${stamp}`;
  try {
    const manifest = await extractArchive(file, staging);
    if (manifest.database !== "embedded") {
      throw new Error(
        `${path.basename(file)} holds uploaded files only (its database is on a PostgreSQL server; restore that with pg_restore)`,
      );
    }
    if (manifest.schema && !(manifest.schema in migrations)) {
      throw new Error(
        `${path.basename(file)} was made by a newer version of Visitor Sign-In (schema ${manifest.schema}); upgrade first`,
      );
    }
    const db = await createDb({ dataDir: staging });
    let migrated: string[];
    let rows;
    try {
      migrated = (await migrationState(db.kysely)).pending;
      await migrateToLatest(db.kysely);
      rows = await countRows(db.kysely);
    } finally {
      await db.close();
    }
    const counts = { ...rows, files: await countFiles(path.join(staging, filesFolder)) };
    await rm(path.join(staging, "manifest.json"));
    // Locked before it moves in, so no server can start on the folder between the two renames.
    stagingLock = acquireDataDirLock(staging);

    let movedAside: string | undefined = `${dataDir}.before-restore-${stamp}`;
    await rename(dataDir, movedAside);
    await rename(staging, dataDir);
    for (const kept of ["backups", "session-secret"]) {
      if (!(await exists(path.join(movedAside, kept)))) continue;
      if (kept === "backups") await rename(path.join(movedAside, kept), path.join(dataDir, kept));
      else await copyFile(path.join(movedAside, kept), path.join(dataDir, kept));
    }
    // Nothing was there but what this restore made itself (the folder had been deleted): nothing to keep.
    if ((await readdir(movedAside)).every((name) => name === "lock" || name === "session-secret")) {
      await rm(movedAside, { recursive: true, force: true });
      movedAside = undefined;
    }
    return { manifest, counts, migrated, movedAside };
  } catch (error) {
    if (await exists(staging)) await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    stagingLock?.release();
    lock.release();
  }
}
