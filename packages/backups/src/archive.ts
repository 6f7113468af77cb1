import { execFile } from "node:child_process";
import { createReadStream, createWriteStream, mkdirSync } from "node:fs";
import { copyFile, cp, link, lstat, mkdir, readdir, statfs } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import { fileMode, folderMode, restrictToOwner } from "./file-modes.ts";
import {
  backupFormat,
  backupManifestSchema,
  type BackupManifest,
  type BackupSizes,
} from "./manifest.ts";

export const manifestFile = "manifest.json";
export const databaseFolder = "pglite";
export const filesFolder = "files";
export const archiveSuffix = ".tar.gz";

/** Everything a backup holds at its top; any other entry is refused. */
const topLevel: Record<string, "File" | "Directory"> = {
  [manifestFile]: "File",
  [databaseFolder]: "Directory",
  [filesFolder]: "Directory",
};
const holds = `a backup holds ${manifestFile}, ${databaseFolder}/ and ${filesFolder}/ only`;

/** Hard links where the file system allows them (no second copy of every picture), copies elsewhere. */
export async function linkTree(from: string, to: string): Promise<number> {
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  await mkdir(to, { recursive: true, mode: folderMode });
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

/** The system's cp copies PGlite's thousand small files several times faster than fs.cp. */
export async function copyFolder(from: string, to: string): Promise<void> {
  try {
    await promisify(execFile)("cp", ["-a", from, to]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await cp(from, to, { recursive: true });
  }
}

/** PGlite's dump of its data folder (an in-memory database's), unpacked to the on-disk layout. */
export async function unpackDataDirDump(dump: Buffer, target: string): Promise<void> {
  await mkdir(target, { recursive: true, mode: folderMode });
  await pipeline(Readable.from([dump]), tar.x({ cwd: target, strip: 1 }));
}

/** What follows the manifest in an archive of this folder: its folders and files, their bytes. */
export async function measureFolder(dir: string): Promise<BackupSizes> {
  const sizes = { entries: 0, bytes: 0, largest: 0 };
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const where = path.join(entry.parentPath, entry.name);
    if (where === path.join(dir, manifestFile)) continue;
    sizes.entries += 1;
    if (!entry.isFile()) continue;
    const { size } = await lstat(where);
    sizes.bytes += size;
    sizes.largest = Math.max(sizes.largest, size);
  }
  return sizes;
}

/**
 * The staging folder as a .tar.gz, its manifest first, so that a restore knows the sizes before
 * anything else; compressed off the main thread by Node's zlib.
 */
export async function writeArchive(stagingDir: string, file: string): Promise<void> {
  const entries = (await readdir(stagingDir)).sort(
    (a, b) => Number(b === manifestFile) - Number(a === manifestFile) || a.localeCompare(b),
  );
  await pipeline(
    tar.c({ cwd: stagingDir, portable: true }, entries),
    createGzip(),
    createWriteStream(file, { mode: fileMode }),
  );
}

/**
 * Why an archive entry may not be unpacked, or undefined when it may: only plain files and folders,
 * under the names a backup has at its top, by paths that stay inside the folder.
 */
function entryProblem(entryPath: string, type: string): string | undefined {
  const shown = JSON.stringify(entryPath);
  if (entryPath.startsWith("/") || /^[a-zA-Z]:/.test(entryPath))
    return `${shown} is an absolute path`;
  const parts = entryPath
    .replace(/^(\.\/)+/, "")
    .replace(/\/+$/, "")
    .split("/");
  if (parts.includes("..") || entryPath.includes("\\")) return `${shown} points outside the backup`;
  if (type === "SymbolicLink")
    return `${shown} is a symbolic link; ${holds}, as plain files and folders`;
  if (type === "Link") return `${shown} is a hard link; ${holds}, as plain files and folders`;
  if (type !== "File" && type !== "Directory")
    return `${shown} is a ${type} entry; ${holds}, as plain files and folders`;
  if (parts.some((part) => part === "" || part === ".")) return `${shown} is not a plain path`;
  const [top = "", ...below] = parts;
  const expected = topLevel[top];
  if (!expected || (below.length > 0 && expected !== "Directory"))
    return `${shown} is not part of a backup (${holds})`;
  if (below.length === 0 && type !== expected)
    return `${shown} should be a ${expected === "File" ? "file" : "folder"}`;
  return undefined;
}

const countFiles = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])).filter((e) =>
    e.isFile(),
  ).length;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const isManifest = (entryPath: string) => entryPath.replace(/^(\.\/)+/, "") === manifestFile;
const altered = "the archive is damaged or was altered";
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const noManifest = `it is not a Visitor Sign-In backup (no readable ${manifestFile} inside)`;

/** A real manifest is a few hundred bytes; it is read into memory. */
const manifestLimit = 1024 * 1024;
/** Left free beside the unpacked files: the database writes as it is opened and migrated. */
const spareBytes = 64 * 1024 * 1024;

/**
 * The manifest, read without writing anything: an archive of this version has it first, with its
 * sizes, and is read no further. One from before has it after files/ and no sizes: it is read to
 * its end (decompressed, not written), each entry's size counted, for the same checks.
 */
function readManifest(file: string): Promise<{ raw: Buffer; measured: BackupSizes }> {
  return new Promise((resolve, reject) => {
    const source = createReadStream(file);
    const measured = { entries: 0, bytes: 0, largest: 0 };
    let raw: Buffer | undefined;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      source.destroy();
      if (error) reject(error);
      else if (raw) resolve({ raw, measured });
      else reject(new Error(noManifest));
    };
    const parser = new tar.Parser({
      onwarn: (code, message) => {
        if (code !== "TAR_ENTRY_INFO") finish(new Error(`it is damaged (${message})`));
      },
      onReadEntry: (entry) => {
        if (!isManifest(entry.path) || raw) {
          if (/^(\.\/?)+$/.test(entry.path)) return void entry.resume();
          measured.entries += 1;
          measured.bytes += entry.size;
          measured.largest = Math.max(measured.largest, entry.size);
          entry.resume();
          return;
        }
        if (entry.size > manifestLimit) {
          finish(
            new Error(`its ${manifestFile} is ${entry.size} bytes, far more than any backup's`),
          );
          return;
        }
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
        entry.on("end", () => {
          raw = Buffer.concat(chunks);
          // Only an earlier format's manifest, without sizes, needs the rest measured.
          if (!withoutSizes(raw)) finish();
        });
      },
    });
    parser.on("end", () => finish());
    parser.on("error", (error: unknown) =>
      finish(new Error(`it is not a readable .tar.gz (${messageOf(error)})`)),
    );
    source.on("error", (error) =>
      finish(new Error(`it is not a readable .tar.gz (${messageOf(error)})`)),
    );
    source.pipe(parser);
  });
}

function withoutSizes(raw: Buffer): boolean {
  try {
    const manifest = JSON.parse(raw.toString("utf8")) as { format?: unknown; sizes?: unknown };
    return manifest.format === 1 && manifest.sizes === undefined;
  } catch {
    return false;
  }
}

/** The manifest as this version reads it: format 1 (sizes measured) or 2 (sizes said). */
function checkedManifest(raw: Buffer): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new Error(noManifest);
  }
  const format = (parsed as { format?: unknown } | null)?.format;
  if (format !== 1 && format !== backupFormat)
    throw new Error(`it has backup format ${String(format)}, which this version cannot read`);
  const checked = backupManifestSchema.safeParse(parsed);
  if (!checked.success)
    throw new Error(
      `its ${manifestFile} is damaged (${checked.error.issues[0]?.path.join(".")}: ${checked.error.issues[0]?.message})`,
    );
  return checked.data;
}

/** Refuses, before anything is written, an archive that would not fit beside the data folder. */
async function checkFreeSpace(dir: string, sizes: BackupSizes) {
  const { bavail, bsize } = await statfs(dir);
  const free = bavail * bsize;
  // Each file and folder takes whole blocks; the database needs room to open and migrate.
  const needed = sizes.bytes + sizes.entries * bsize + spareBytes;
  if (needed > free)
    throw new Error(
      `it unpacks to ${megabytes(sizes.bytes)}, and only ${megabytes(free)} are free in ${path.dirname(dir)}: free some space, or restore on a larger disk`,
    );
}

/** Why an entry of `size` bytes, after those seen, is more than the manifest says; counts it. */
function beyondSizes(
  entryPath: string,
  size: number,
  seen: { entries: number; bytes: number },
  sizes: BackupSizes,
): string | undefined {
  seen.entries += 1;
  seen.bytes += size;
  if (size > sizes.largest)
    return `${JSON.stringify(entryPath)} is ${size} bytes, more than the largest file its manifest lists (${sizes.largest} bytes): ${altered}`;
  if (seen.entries > sizes.entries)
    return `it holds more than the ${sizes.entries} entries its manifest says: ${altered}`;
  if (seen.bytes > sizes.bytes)
    return `its files come to more than the ${sizes.bytes} bytes its manifest says: ${altered}`;
  return undefined;
}

/**
 * Unpacks a backup into a folder of its own, checking first what can be checked without writing:
 * the manifest (read first), and the free space its sizes need. Then, as each entry is read and
 * before it is written, it refuses anything a backup never holds (links, devices, other top-level
 * names, paths out of the folder) and stops at once at an entry larger, or more entries or bytes,
 * than the manifest says. Then it checks what arrived: owner-only modes, the database folder, the
 * files its manifest counts, and the sizes exactly. Each refusal says what was wrong; the folder is
 * then the caller's to discard.
 */
export async function extractArchive(file: string, dir: string): Promise<BackupManifest> {
  const { raw, measured } = await readManifest(file);
  const manifest = checkedManifest(raw);
  const sizes = manifest.sizes ?? measured;
  await mkdir(dir, { recursive: true, mode: folderMode });
  await checkFreeSpace(dir, sizes);

  const problems: string[] = [];
  // What lies under a refused entry is refused with it, unmentioned.
  const refused: string[] = [];
  const seen = { entries: 0, bytes: 0 };
  let manifests = 0;
  let stopped: string | undefined;

  /** Whether to write the entry; the reason to stop reading there, or a problem to say later. */
  function judge(entry: tar.ReadEntry): boolean {
    const entryPath = entry.path;
    if (stopped !== undefined || /^(\.\/?)+$/.test(entryPath)) return false;
    if (refused.some((prefix) => entryPath.startsWith(prefix))) return false;
    const problem = entryProblem(entryPath, entry.type);
    if (problem !== undefined) {
      problems.push(problem);
      refused.push(entryPath.endsWith("/") ? entryPath : `${entryPath}/`);
      return false;
    }
    // Already read: the one a restore goes by. A second could say anything.
    if (isManifest(entryPath)) {
      manifests += 1;
      if (manifests > 1) stopped = `it holds ${manifestFile} twice: ${altered}`;
      return false;
    }
    stopped = beyondSizes(entryPath, entry.size, seen, sizes);
    return stopped === undefined;
  }

  // Plain files and folders only, written here rather than by tar.x: reading stops at the first
  // entry past the manifest's sizes, and nothing is still being written once this returns.
  const source = createReadStream(file);
  const writes: Array<Promise<void>> = [];
  const open = new Set<NodeJS.WritableStream & { destroy(): void }>();
  const parser = new tar.Parser({
    onwarn: (code, message) => {
      if (code !== "TAR_ENTRY_INFO") problems.push(`it is damaged (${message})`);
    },
    onReadEntry: (entry) => {
      const write = judge(entry);
      if (stopped !== undefined) {
        entry.resume();
        parser.abort(new Error(stopped));
        return;
      }
      if (!write) return void entry.resume();
      const target = path.join(dir, entry.path.replace(/^(\.\/)+/, "").replace(/\/+$/, ""));
      try {
        if (entry.type === "Directory") {
          mkdirSync(target, { recursive: true, mode: folderMode });
          return void entry.resume();
        }
        mkdirSync(path.dirname(target), { recursive: true, mode: folderMode });
      } catch (error) {
        problems.push(`${JSON.stringify(entry.path)} cannot be unpacked (${messageOf(error)})`);
        return void entry.resume();
      }
      // "wx": a path given twice is refused, never written over.
      const out = createWriteStream(target, { flags: "wx", mode: fileMode });
      open.add(out);
      writes.push(
        finished(out).then(
          () => void open.delete(out),
          (error: unknown) => {
            open.delete(out);
            problems.push(`${JSON.stringify(entry.path)} cannot be unpacked (${messageOf(error)})`);
          },
        ),
      );
      entry.pipe(out);
    },
  });
  const read = new Promise<void>((resolve, reject) => {
    parser.on("end", () => resolve());
    parser.on("error", reject);
    source.on("error", reject);
  });
  source.pipe(parser);
  try {
    await read;
  } catch (error) {
    // Stopped at a header, every file before it had its whole body; a read that failed may have
    // cut one short, which would never end: it is abandoned.
    if (stopped === undefined) {
      problems.unshift(`it is not a readable .tar.gz (${messageOf(error)})`);
      for (const out of open) out.destroy();
    }
  } finally {
    source.destroy();
    await Promise.all(writes);
  }
  if (stopped !== undefined) throw new Error(stopped);
  if (problems.length > 1)
    throw new Error(`${problems[0]}; ${problems.length - 1} more entries were refused too`);
  if (problems[0]) throw new Error(problems[0]);
  const odd = await restrictToOwner(dir);
  if (odd.length > 0) throw new Error(`${odd[0]}; ${holds}, as plain files and folders`);

  if (manifest.database === "embedded") {
    const isThere = (name: string) =>
      lstat(path.join(dir, name)).then(
        () => true,
        () => false,
      );
    if (!(await isThere(databaseFolder)))
      throw new Error(`it holds no database (no ${databaseFolder}/ folder)`);
    if (!(await isThere(path.join(databaseFolder, "PG_VERSION"))))
      throw new Error(`it holds no database (${databaseFolder}/ has no PG_VERSION)`);
  }
  const files = await countFiles(path.join(dir, filesFolder));
  if (files !== manifest.counts.files)
    throw new Error(
      `it holds ${files} uploaded files where its manifest says ${manifest.counts.files}: ${altered}`,
    );
  if (seen.entries !== sizes.entries || seen.bytes !== sizes.bytes)
    throw new Error(
      `it holds ${seen.entries} entries of ${seen.bytes} bytes where its manifest says ${sizes.entries} of ${sizes.bytes}: ${altered}`,
    );
  return manifest;
}
