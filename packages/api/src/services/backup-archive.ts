import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import type { BackupCounts } from "./backup-counts.ts";

/** What a backup holds, written into the archive as manifest.json and beside it as <name>.json. */
export interface BackupManifest {
  format: 1;
  name: string;
  createdAt: string;
  reason: BackupReason;
  /** "embedded": the archive's pglite/ folder is the database; "none": a PostgreSQL server's, backed up by its operator. */
  database: "embedded" | "none";
  /** The newest migration applied when it was taken. */
  schema: string | null;
  counts: BackupCounts;
}

export type BackupReason = "nightly" | "manual" | "before-migration";

export const manifestFile = "manifest.json";
export const databaseFolder = "pglite";
export const filesFolder = "files";
export const archiveSuffix = ".tar.gz";

/** Hard links where the file system allows them (no second copy of every picture), copies elsewhere. */
export async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      count += await linkTree(source, target);
    } else if (entry.isFile()) {
      await link(source, target).catch(() => copyFile(source, target));
      count += 1;
    }
  }
  return count;
}

/** The staging folder as a .tar.gz; compressed off the main thread by Node's zlib. */
export async function writeArchive(stagingDir: string, file: string): Promise<void> {
  const entries = (await readdir(stagingDir)).sort();
  await pipeline(
    tar.c({ cwd: stagingDir, portable: true }, entries),
    createGzip(),
    createWriteStream(file, { mode: 0o600 }),
  );
}

/** Unpacks an archive into an empty folder; node-tar refuses paths that climb out of it. */
export async function extractArchive(file: string, dir: string): Promise<BackupManifest> {
  await mkdir(dir, { recursive: true });
  await pipeline(createReadStream(file), tar.x({ cwd: dir, strict: true }));
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, manifestFile), "utf8")) as BackupManifest;
  } catch {
    throw new Error(`${file} is not a Visitor Sign-In backup (no ${manifestFile} inside)`);
  }
  if (manifest.format !== 1)
    throw new Error(
      `${file} has backup format ${String(manifest.format)}, which this version cannot read`,
    );
  return manifest;
}
