import { spawn } from "node:child_process";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { sql, type Db } from "@vsi/db";
import { z } from "zod";
import {
  archiveSuffix,
  copyFolder,
  databaseFolder,
  filesFolder,
  linkTree,
  manifestFile,
  measureFolder,
  unpackDataDirDump,
  writeArchive,
} from "./archive.ts";
import { countRows, schemaVersion } from "./counts.ts";
import { fileMode, folderMode } from "./file-modes.ts";
import {
  backupFormat,
  backupManifestFields,
  type BackupManifest,
  type BackupReason,
} from "./manifest.ts";
import { backupsToKeep } from "./retention.ts";

/** An archive's <name>.json beside it: its manifest and its size. */
const backupEntrySchema = backupManifestFields.extend({ bytes: z.number().int().min(0) });
export type BackupEntry = z.infer<typeof backupEntrySchema>;

/** status.json: the last failure and the last run of BACKUP_COMMAND, which the admin page shows. */
const backupStatusSchema = z.object({
  lastError: z.object({ at: z.string(), message: z.string() }).nullable(),
  lastCommand: z
    .object({
      at: z.string(),
      backup: z.string(),
      exitCode: z.number().int().nullable(),
      output: z.string(),
    })
    .nullable(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

/** A file of the backups folder as JSON of that shape, or undefined when it is missing or not. */
async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(file, "utf8")));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export interface Backups {
  /** "embedded": archives hold the database; "server": a PostgreSQL server, its operator backs it up. */
  readonly database: "embedded" | "server";
  readonly dir: string;
  /** On a PostgreSQL server: the pg_dump command for its database (no password in it). */
  readonly pgDumpCommand: string | undefined;
  list(): Promise<BackupEntry[]>;
  create(reason: BackupReason): Promise<BackupEntry>;
  /** The archive of a name from list(), or undefined. */
  find(name: string): Promise<BackupEntry | undefined>;
  status(): Promise<BackupStatus>;
  /** Makes the night's backup when it is due; the timer calls it, tests call it with their own clock. */
  tick(): Promise<BackupEntry | undefined>;
  start(): void;
  /** Stops the timer and waits for a backup in progress. */
  stop(): Promise<void>;
}

export interface BackupOptions {
  db: Db;
  /** The data folder: files/ is archived, backups/ receives the archives. */
  dataDir: string;
  /** The PostgreSQL server's URL, for the pg_dump command shown to admins. */
  databaseUrl?: string | undefined;
  /** A shell command run after each backup, the archive's path in $BACKUP_FILE (BACKUP_COMMAND). */
  command?: string | undefined;
  now?: () => Date;
  log: { info(line: string): void; error(line: string): void };
}

/** The nightly backup is due once the clock passes this hour (server's local time) each day. */
export const nightlyHour = 3;
const checkEveryMs = 10 * 60_000;
const retryFailureAfterMs = 60 * 60_000;
const commandTimeoutMs = 60 * 60_000;
const namePattern =
  /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-(nightly|manual|before-migration)\.tar\.gz$/;

export const isBackupName = (name: string) => namePattern.test(name);

/** The latest nightly time at or before `now`. */
export function lastNightlyTime(now: Date): Date {
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), nightlyHour);
  return today <= now
    ? today
    : new Date(today.getFullYear(), today.getMonth(), today.getDate() - 1, nightlyHour);
}

const shellWord = (word: string) =>
  /^[\w.@%+=:,/-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;

/**
 * pg_dump for the configured database; the password is left out, pg_dump asks for it (or reads
 * PGPASSWORD). Unlogged tables' rows are left out: the change feed's name this server's transaction
 * ids, which mean nothing to another.
 */
export function pgDumpCommandFor(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const database = decodeURIComponent(url.pathname.replace(/^\//, "")) || "postgres";
  const parts = ["pg_dump", "--format=custom", "--no-unlogged-table-data"];
  if (url.hostname) parts.push(`--host=${shellWord(url.hostname)}`);
  if (url.port) parts.push(`--port=${url.port}`);
  if (url.username) parts.push(`--username=${shellWord(decodeURIComponent(url.username))}`);
  parts.push(`--dbname=${shellWord(database)}`, "--file=visitor-sign-in-$(date +%F).dump");
  return parts.join(" ");
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function createBackups(options: BackupOptions): Backups {
  const { db, dataDir, command } = options;
  const now = options.now ?? (() => new Date());
  const { log } = options;
  const dir = path.join(dataDir, "backups");
  const statusFile = path.join(dir, "status.json");
  const database = db.kind === "pglite" ? "embedded" : "server";
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  // Kept in memory too: a failure to write in the backups folder must still reach the admin page.
  let status: BackupStatus | undefined;
  async function readStatus(): Promise<BackupStatus> {
    status ??= (await readJson(statusFile, backupStatusSchema)) ?? {
      lastError: null,
      lastCommand: null,
    };
    return status;
  }
  async function updateStatus(change: Partial<BackupStatus>) {
    status = { ...(await readStatus()), ...change };
    await mkdir(dir, { recursive: true, mode: folderMode });
    await writeFile(statusFile, JSON.stringify(status, null, 2), { mode: fileMode });
  }

  async function list(): Promise<BackupEntry[]> {
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const entries: BackupEntry[] = [];
    for (const name of names.filter(isBackupName)) {
      // An archive without a description of it (copied in by hand, or damaged): not listed, never deleted.
      const entry = await readJson(path.join(dir, `${name}.json`), backupEntrySchema);
      if (entry?.name === name) entries.push(entry);
    }
    return entries.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async function freeName(reason: BackupReason): Promise<{ name: string; createdAt: Date }> {
    // Two backups within one millisecond (a test's fixed clock) must not share a file.
    for (let offset = 0; ; offset += 1) {
      const createdAt = new Date(now().getTime() + offset);
      const name = `backup-${createdAt.toISOString().replace(/[:.]/g, "-")}-${reason}${archiveSuffix}`;
      if (!(await stat(path.join(dir, name)).catch(() => undefined))) return { name, createdAt };
    }
  }

  /**
   * The database's part, taken while every other query waits (PGlite is one connection): a
   * checkpoint, the counts, then a copy of the embedded database's folder, a fraction of a second;
   * the compression happens after, while requests are served again.
   */
  async function snapshotDatabase(target: string) {
    let started = 0;
    const result = await db.kysely.connection().execute(async (conn) => {
      started = performance.now();
      if (!db.embedded) return { counts: await countRows(conn), schema: await schemaVersion(conn) };
      await sql`checkpoint`.execute(conn);
      const counts = await countRows(conn);
      const schema = await schemaVersion(conn);
      if (db.embedded.dir) {
        await copyFolder(db.embedded.dir, target);
      } else {
        // In memory (tests): PGlite's own dump of its data directory, unpacked to the same layout.
        const dump = await db.embedded.pglite.dumpDataDir("none");
        await unpackDataDirDump(Buffer.from(await dump.arrayBuffer()), target);
      }
      return { counts, schema };
    });
    return { ...result, heldMs: Math.round(performance.now() - started) };
  }

  async function runCommand(file: string, name: string) {
    if (!command) return;
    const at = now().toISOString();
    const { exitCode, output } = await new Promise<{ exitCode: number | null; output: string }>(
      (resolve) => {
        // A shell command line that names the archive as "$BACKUP_FILE" (or "$1"): no quoting of the path can go wrong.
        const child = spawn("/bin/sh", ["-c", command, "sh", file], {
          env: { ...process.env, BACKUP_FILE: file },
          stdio: ["ignore", "pipe", "pipe"],
          timeout: commandTimeoutMs,
        });
        let output = "";
        const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000));
        child.stdout.on("data", keep);
        child.stderr.on("data", keep);
        child.on("error", (error) => resolve({ exitCode: null, output: error.message }));
        child.on("close", (code) => resolve({ exitCode: code, output: output.trim() }));
      },
    );
    await updateStatus({ lastCommand: { at, backup: name, exitCode, output } });
    if (exitCode === 0) log.info(`BACKUP_COMMAND finished for ${name} (exit status 0)`);
    else
      log.error(`BACKUP_COMMAND FAILED for ${name} (exit status ${String(exitCode)}): ${output}`);
  }

  async function applyRetention() {
    const entries = await list();
    const keep = backupsToKeep(
      entries.map((e) => ({ name: e.name, createdAt: new Date(e.createdAt), reason: e.reason })),
    );
    for (const entry of entries.filter((e) => !keep.has(e.name))) {
      await rm(path.join(dir, entry.name), { force: true });
      await rm(path.join(dir, `${entry.name}.json`), { force: true });
      log.info(`backup ${entry.name} removed (keeping 7 daily and 4 weekly)`);
    }
  }

  async function backup(reason: BackupReason): Promise<BackupEntry> {
    let staging: string | undefined;
    let partial: string | undefined;
    try {
      await mkdir(dir, { recursive: true, mode: folderMode });
      const { name, createdAt } = await freeName(reason);
      staging = path.join(dir, `.staging-${name}`);
      partial = path.join(dir, `.${name}.partial`);
      await rm(staging, { recursive: true, force: true });
      await mkdir(staging, { mode: folderMode });
      const { counts, schema, heldMs } = await snapshotDatabase(path.join(staging, databaseFolder));
      // After the database: every file a row of the snapshot points to is already on disk.
      const files = await linkTree(
        path.join(dataDir, filesFolder),
        path.join(staging, filesFolder),
      );
      const manifest: BackupManifest = {
        format: backupFormat,
        name,
        createdAt: createdAt.toISOString(),
        reason,
        database: db.embedded ? "embedded" : "none",
        schema,
        counts: { ...counts, files },
        sizes: await measureFolder(staging),
      };
      await writeFile(path.join(staging, manifestFile), JSON.stringify(manifest, null, 2), {
        mode: fileMode,
      });
      await writeArchive(staging, partial);
      const entry: BackupEntry = { ...manifest, bytes: (await stat(partial)).size };
      await rename(partial, path.join(dir, name));
      await writeFile(path.join(dir, `${name}.json`), JSON.stringify(entry, null, 2), {
        mode: fileMode,
      });
      await updateStatus({ lastError: null });
      const c = entry.counts;
      log.info(
        `backup ${name} written (${megabytes(entry.bytes)}): ${c.users} users, ${c.locations} locations, ` +
          `${c.programs} programs, ${c.visits} visits, ${c.files} files; other queries waited ${heldMs} ms`,
      );
      await applyRetention();
      await runCommand(path.join(dir, name), name);
      return entry;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.error(`BACKUP FAILED (${reason}): ${message}`);
      await updateStatus({ lastError: { at: now().toISOString(), message } }).catch(
        () => undefined,
      );
      if (partial) await rm(partial, { force: true }).catch(() => undefined);
      throw error;
    } finally {
      if (staging) await rm(staging, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** One backup at a time: "Back up now" during the nightly one waits for it. */
  function create(reason: BackupReason): Promise<BackupEntry> {
    const run = queue.then(() => backup(reason));
    queue = run.catch(() => undefined);
    return run;
  }

  async function tick(): Promise<BackupEntry | undefined> {
    const current = now();
    const since = lastNightlyTime(current).toISOString();
    if ((await list()).some((e) => e.createdAt >= since)) return undefined;
    const { lastError } = await readStatus();
    if (lastError && current.getTime() - new Date(lastError.at).getTime() < retryFailureAfterMs)
      return undefined;
    return create("nightly");
  }

  return {
    database,
    dir,
    pgDumpCommand:
      db.kind === "postgres" && options.databaseUrl
        ? pgDumpCommandFor(options.databaseUrl)
        : undefined,
    list,
    create,
    async find(name) {
      if (!isBackupName(name)) return undefined;
      return (await list()).find((e) => e.name === name);
    },
    status: readStatus,
    tick,
    start() {
      timer ??= setInterval(() => void tick().catch(() => undefined), checkEveryMs).unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await queue;
    },
  };
}
