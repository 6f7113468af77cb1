import { execFile } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, cp, link, lstat, mkdir, readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { createGzip } from "node:zlib";
import * as tar from "tar";
import { fileMode, folderMode, restrictToOwner } from "./file-modes.ts";
import { backupManifestSchema, type BackupManifest } from "./manifest.ts";

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

/** The staging folder as a .tar.gz; compressed off the main thread by Node's zlib. */
export async function writeArchive(stagingDir: string, file: string): Promise<void> {
  const entries = (await readdir(stagingDir)).sort();
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

/**
 * Unpacks a backup into an empty folder, refusing anything a backup never holds (links, devices,
 * other top-level names, paths out of the folder) before it is written, and checks what arrived:
 * owner-only modes, a manifest that reads, the database folder and the files its manifest counts.
 * Each refusal says what was wrong; the folder is then the caller's to discard.
 */
export async function extractArchive(file: string, dir: string): Promise<BackupManifest> {
  await mkdir(dir, { recursive: true, mode: folderMode });
  const problems: string[] = [];
  // What lies under a refused entry is refused with it, unmentioned.
  const refused: string[] = [];
  try {
    await pipeline(
      createReadStream(file),
      tar.x({
        cwd: dir,
        // As root, node-tar would give each file the owner the archive names.
        preserveOwner: false,
        filter: (entryPath, entry) => {
          if (/^(\.\/?)+$/.test(entryPath)) return false;
          if (refused.some((prefix) => entryPath.startsWith(prefix))) return false;
          const type = entry instanceof tar.ReadEntry ? entry.type : "File";
          const problem = entryProblem(entryPath, type);
          if (problem === undefined) return true;
          problems.push(problem);
          refused.push(entryPath.endsWith("/") ? entryPath : `${entryPath}/`);
          return false;
        },
        onwarn: (code, message) => {
          if (code !== "TAR_ENTRY_INFO") problems.push(`it is damaged (${message})`);
        },
      }),
    );
  } catch (error) {
    throw new Error(
      `it is not a readable .tar.gz (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  if (problems.length > 1)
    throw new Error(`${problems[0]}; ${problems.length - 1} more entries were refused too`);
  if (problems[0]) throw new Error(problems[0]);
  const odd = await restrictToOwner(dir);
  if (odd.length > 0) throw new Error(`${odd[0]}; ${holds}, as plain files and folders`);

  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(path.join(dir, manifestFile), "utf8"));
  } catch {
    throw new Error(`it is not a Visitor Sign-In backup (no readable ${manifestFile} inside)`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== 1)
    throw new Error(`it has backup format ${String(format)}, which this version cannot read`);
  const parsed = backupManifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new Error(
      `its ${manifestFile} is damaged (${parsed.error.issues[0]?.path.join(".")}: ${parsed.error.issues[0]?.message})`,
    );
  const manifest = parsed.data;
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
      `it holds ${files} uploaded files where its manifest says ${manifest.counts.files}: the archive is damaged or was altered`,
    );
  return manifest;
}
