import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { insertUser } from "@vsi/api";
import { createDb, migrateTo, migrationState, migrations, sql, type Db } from "@vsi/db";
import { createEmptyEmbeddedDb } from "@vsi/db/testing";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { acquireDataDirLock } from "../src/data-dir-lock.ts";
import { restoreBackup } from "../src/restore.ts";
import { createServices } from "../src/services.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer } from "./harness.ts";
import { tooOpen } from "./modes.ts";
import { cli, outputMatching, spawnCli, spawnServer, type ServerProcess } from "./processes.ts";

const quiet = { info: () => undefined, error: () => undefined };

const restore = (dataDir: string, file: string) => cli({ DATA_DIR: dataDir }, "restore", file);

/**
 * Every row of every table a site keeps, in a stable order: what "everything came back" is compared
 * on. Unlogged tables (the change feed) are PostgreSQL's to empty, and no backup carries them.
 */
async function everyRow(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.kysely.introspection.getTables();
  const { rows: unlogged } = await sql<{
    name: string;
  }>`select relname as name from pg_class where relpersistence = 'u' and relkind = 'r'`.execute(
    db.kysely,
  );
  const skipped = new Set(unlogged.map((t) => t.name));
  const all: Record<string, unknown[]> = {};
  for (const table of tables
    .map((t) => t.name)
    .filter((name) => !skipped.has(name))
    .sort()) {
    const { rows } = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} order by 1`.execute(db.kysely);
    all[table] = rows;
  }
  return all;
}

function filesUnder(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  const names = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  return Object.fromEntries(
    names.map((e) => [
      path.relative(dir, path.join(e.parentPath, e.name)),
      readFileSync(path.join(e.parentPath, e.name), "base64"),
    ]),
  );
}

/** A folder of its own outside any data folder, removed with the others when the file ends. */
const made: string[] = [];
const outside = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "vsi-restore-"));
  made.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of made) rmSync(folder, { recursive: true, force: true });
});

/**
 * A started site's data folder with a manual backup in it, made once per file (a first start
 * migrates a new database, seconds of CPU) and copied for each test that changes it.
 */
let site: Promise<{ dataDir: string; backupName: string }> | undefined;
async function siteWithBackup() {
  site ??= (async () => {
    const dataDir = path.join(outside(), "data");
    const services = await createServices(loadConfig({ DATA_DIR: dataDir }), quiet);
    const { name } = await services.backups.create("manual");
    await services.db.close();
    return { dataDir, backupName: name };
  })();
  const { dataDir: original, backupName } = await site;
  const dataDir = outside();
  cpSync(original, dataDir, { recursive: true });
  return { dataDir, archive: path.join(dataDir, "backups", backupName) };
}

describe("pnpm restore", () => {
  it("brings every row and every file back after the data folder is deleted", async () => {
    const server = await startTestServer({ embeddedOnDisk: true });
    const admin = await adminClient(server);
    const catalog = await createCatalog(admin);
    const tablet = await tabletClient(server, catalog.main.id);
    for (const FirstName of ["Ada", "Grace", "Edsger"]) {
      expect(
        (
          await tablet.post(
            "/api/visits",
            visitor(catalog.main.id, catalog.tutoring.id, { FirstName }),
          )
        ).status,
      ).toBe(201);
    }
    for (const key of ["aa11", "bb22"]) {
      await server.services.storage.put(key, Buffer.from(`picture ${key}`));
      await server.services.db.kysely
        .insertInto("files")
        .values({
          key,
          filename: `${key}.png`,
          content_type: "image/png",
          byte_size: 12,
          uploaded_at: new Date(),
        })
        .execute();
    }
    const rowsBefore = await everyRow(server.services.db);
    const filesBefore = filesUnder(path.join(server.dataDir, "files"));
    const backup = await server.services.backups.create("manual");
    const kept = path.join(outside(), backup.name);
    copyFileSync(path.join(server.services.backups.dir, backup.name), kept);
    const dataDir = server.dataDir;
    await server.close(); // removes the data folder: everything is gone

    expect(existsSync(dataDir)).toBe(false);
    const restored = restore(dataDir, kept);
    expect(restored.stderr).toBe("");
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain(`Restored ${backup.name}`);
    expect(restored.stdout).toContain("2 users, 2 locations, 3 programs, 3 visits, 2 files");
    expect(restored.stdout).not.toContain("kept at"); // there was nothing to move aside

    const db = await createDb({ dataDir });
    expect(await everyRow(db)).toEqual(rowsBefore);
    await db.close();
    expect(filesUnder(path.join(dataDir, "files"))).toEqual(filesBefore);

    // Restoring over a folder that exists moves it aside instead of deleting it.
    const again = restore(dataDir, kept);
    expect(again.status).toBe(0);
    const aside = /kept at (\S+);/.exec(again.stdout)?.[1];
    expect(aside && existsSync(path.join(aside, "pglite"))).toBe(true);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(aside!, { recursive: true, force: true });
  }, 180_000);

  // One server start for the two tests about a running server: its start-up clears a stale staging
  // folder, then it holds the data folder a restore is refused on.
  describe("while a server runs", () => {
    let dataDir: string;
    let archive: string;
    let stale: string;
    let running: string;
    let held: ReturnType<typeof acquireDataDirLock>;
    let server: ServerProcess;
    beforeAll(async () => {
      ({ dataDir, archive } = await siteWithBackup());
      stale = `${dataDir}.restoring-2026-01-01T03-00-00-000Z`;
      mkdirSync(path.join(stale, "pglite"), { recursive: true });
      writeFileSync(path.join(stale, "pglite", "PG_VERSION"), "17\n");
      running = `${dataDir}.restoring-2026-01-02T03-00-00-000Z`;
      held = acquireDataDirLock(running);
      server = spawnServer({ DATA_DIR: dataDir });
      await server.started;
      // The start-up's clearing is done before either test looks at the folders.
      await outputMatching(server, /left by a restore that did not finish/);
    }, 180_000);
    // Safe after a set-up that failed midway, so that its own error is the one reported.
    afterAll(async () => {
      server?.child.kill("SIGTERM");
      await server?.exited;
      held?.release();
      for (const folder of [dataDir, stale, running].filter(Boolean))
        rmSync(folder, { recursive: true, force: true });
    });

    it("names and removes at the server's start a staging folder a stopped restore left, never one a running restore holds", () => {
      expect(server.output()).toContain(`Removed ${stale}, left by a restore that did not finish.`);
      expect(server.output()).not.toContain(running);
      expect(existsSync(stale)).toBe(false);
      expect(existsSync(running)).toBe(true);
    });

    it("refuses while a server holds the data folder, and changes nothing", () => {
      const before = readdirSync(path.dirname(dataDir)).filter((n) =>
        n.startsWith(path.basename(dataDir)),
      );
      const refused = restore(dataDir, archive);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(
        new RegExp(`The data folder ${dataDir} is in use by another process \\(PID \\d+\\)`),
      );
      expect(refused.stderr).toContain("Stop the server first");
      expect(
        readdirSync(path.dirname(dataDir)).filter((n) => n.startsWith(path.basename(dataDir))),
      ).toEqual(before);
    }, 180_000);
  });

  it("names and removes, at the next restore, the staging folder of a restore killed with kill -9", async () => {
    const { dataDir, archive } = await siteWithBackup();

    const first = spawnCli({ DATA_DIR: dataDir }, "restore", archive);
    // Killed once the archive is unpacked beside the data folder, while its database is opened.
    const unpacked = () =>
      besides(dataDir)
        .map((name) => path.join(path.dirname(dataDir), name))
        .find((folder) => existsSync(path.join(folder, "pglite", "PG_VERSION")));
    let staging = unpacked();
    for (const deadline = Date.now() + 60_000; !staging && Date.now() < deadline;)
      staging = await new Promise<string | undefined>((resolve) =>
        setTimeout(() => resolve(unpacked()), 10),
      );
    first.child.kill("SIGKILL");
    await first.exited;
    expect(staging?.startsWith(`${dataDir}.restoring-`)).toBe(true);
    expect(existsSync(staging!)).toBe(true);

    const again = restore(dataDir, archive);
    expect(again.stderr).toBe("");
    expect(again.status).toBe(0);
    expect(again.stdout).toContain(`Removed ${staging}, left by a restore that did not finish.`);
    expect(existsSync(staging!)).toBe(false);
    const aside = /kept at (\S+);/.exec(again.stdout)?.[1];
    expect(besides(dataDir).map((name) => path.join(path.dirname(dataDir), name))).toEqual(
      aside ? [aside] : [],
    );
    rmSync(dataDir, { recursive: true, force: true });
    if (aside) rmSync(aside, { recursive: true, force: true });
  }, 180_000);

  it("restores a backup taken at the previous schema and migrates it forward; start-up backs up before migrating", async () => {
    const names = Object.keys(migrations);
    const previous = names.at(-2)!;
    const dataDir = outside();
    const old = await createEmptyEmbeddedDb({ dataDir });
    await migrateTo(old.kysely, previous);
    await old.kysely
      .insertInto("users")
      .values({
        first_name: "Old",
        last_name: "Timer",
        email: "old@example.org",
        password_hash: "x",
      })
      .execute();
    await old.close();

    // The server's start-up on that folder: a backup first, then the migrations.
    const services = await createServices(loadConfig({ DATA_DIR: dataDir }), quiet);
    const [before] = await services.backups.list();
    expect(before).toMatchObject({
      reason: "before-migration",
      schema: previous,
      counts: { users: 1 },
    });
    await services.db.close();

    const restored = restore(dataDir, path.join(services.backups.dir, before!.name));
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toContain(
      `migrated forward: ${names.slice(names.indexOf(previous) + 1).join(", ")}`,
    );
    expect(restored.stdout).toContain("1 users, 0 locations, 0 programs, 0 visits, 0 files");
    const db = await createDb({ dataDir });
    expect((await migrationState(db.kysely)).pending).toEqual([]);
    expect(await db.kysely.selectFrom("users").select("email").execute()).toEqual([
      { email: "old@example.org" },
    ]);
    await db.close();
    const aside = /kept at (\S+);/.exec(restored.stdout)?.[1];
    rmSync(dataDir, { recursive: true, force: true });
    if (aside) rmSync(aside, { recursive: true, force: true });
  }, 180_000);
});

interface Entry {
  path: string;
  type: "File" | "Directory" | "SymbolicLink" | "Link";
  body?: Buffer;
  mode?: number;
  linkpath?: string;
  /** The size its header says, when it lies about its body. */
  size?: number;
}

/** A genuine backup's entries (unpacked by node-tar and read back), to craft archives from. */
async function entriesOf(archive: string): Promise<Entry[]> {
  const dir = outside();
  await tar.x({ file: archive, cwd: dir });
  const names = (readdirSync(dir, { recursive: true }) as string[]).sort();
  const entries = names.map((name): Entry => {
    const full = path.join(dir, name);
    return lstatSync(full).isDirectory()
      ? { path: `${name}/`, type: "Directory" }
      : { path: name, type: "File", body: readFileSync(full) };
  });
  rmSync(dir, { recursive: true, force: true });
  return entries;
}

/**
 * A .tar.gz holding exactly these entries, written block by block with node-tar's Header; an
 * entry whose header lies about its size ends the archive there, cut short.
 */
function pack(entries: Entry[]): string {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.type === "File" ? (entry.body ?? Buffer.alloc(0)) : Buffer.alloc(0);
    const header = new tar.Header({
      path: entry.path,
      type: entry.type,
      mode: entry.mode ?? (entry.type === "Directory" ? 0o755 : 0o644),
      size: entry.size ?? body.length,
      mtime: new Date(),
      uid: 0,
      gid: 0,
      ...(entry.linkpath ? { linkpath: entry.linkpath } : {}),
    });
    header.encode();
    blocks.push(header.block!, body);
    if (entry.size !== undefined && entry.size !== body.length) break;
    blocks.push(Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  if (!entries.some((e) => e.size !== undefined && e.size !== (e.body?.length ?? 0)))
    blocks.push(Buffer.alloc(1024));
  const file = path.join(outside(), "backup-2026-01-01T03-00-00-000Z-manual.tar.gz");
  // The fastest compression: what is refused is the entries, not how well they were packed.
  writeFileSync(file, gzipSync(Buffer.concat(blocks), { level: 1 }));
  return file;
}

/** Every entry under a folder (links not followed): type, mode, content or target. */
function snapshot(dir: string): Record<string, string> {
  const state: Record<string, string> = {};
  for (const name of ["", ...(readdirSync(dir, { recursive: true }) as string[])]) {
    const full = path.join(dir, name);
    const stat = lstatSync(full);
    const mode = (stat.mode & 0o7777).toString(8);
    state[name || "."] = stat.isSymbolicLink()
      ? `link to ${readlinkSync(full)}`
      : stat.isDirectory()
        ? `folder ${mode}`
        : `file ${mode} ${createHash("sha256").update(readFileSync(full)).digest("hex")}`;
  }
  return state;
}

/** What sits beside the data folder under its name: data.restoring-*, data.before-restore-*. */
const besides = (dataDir: string) =>
  readdirSync(path.dirname(dataDir)).filter((n) => n.startsWith(`${path.basename(dataDir)}.`));

/** What a manifest says of the entries that follow it: how many, their bytes, the largest file. */
function sizesOf(entries: Entry[]) {
  const files = entries.filter((e) => e.path !== "manifest.json").map((e) => e.body?.length ?? 0);
  return {
    entries: files.length,
    bytes: files.reduce((total, size) => total + size, 0),
    largest: Math.max(0, ...files),
  };
}

describe("pnpm restore of a crafted archive", () => {
  let dataDir: string;
  let genuine: Entry[];
  /**
   * The genuine entries with the database cut down to its PG_VERSION: enough for refusing an entry,
   * which comes before the database is opened (a refusal of any other kind names another problem).
   */
  let light: Entry[];
  let manifest: { counts: Record<string, number> } & Record<string, unknown>;
  let before: Record<string, string>;
  let firstEntry: string | undefined;
  const picture = "files/aa/aa11";

  beforeAll(async () => {
    const { dataDir: source } = await siteWithBackup();
    const services = await createServices(loadConfig({ DATA_DIR: source }), quiet);
    await insertUser(services.db.kysely, {
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.org",
      password: "password123",
      isAdmin: true,
    });
    await services.storage.put("aa11", Buffer.from("picture aa11"));
    const backup = await services.backups.create("manual");
    const archive = path.join(outside(), backup.name);
    copyFileSync(path.join(services.backups.dir, backup.name), archive);
    await services.db.close();
    rmSync(source, { recursive: true, force: true });

    genuine = await entriesOf(archive);
    await tar.t({
      file: archive,
      onReadEntry: (entry) => void (firstEntry ??= entry.path),
    });
    light = genuine.filter(
      (e) => !e.path.startsWith("pglite/") || ["pglite/", "pglite/PG_VERSION"].includes(e.path),
    );
    manifest = JSON.parse(
      genuine.find((e) => e.path === "manifest.json")!.body!.toString("utf8"),
    ) as typeof manifest;
    // The live folder: a restored one with its session secret, as a site that restored before has.
    dataDir = path.join(outside(), "data");
    await restoreBackup(archive, dataDir);
    loadConfig({ DATA_DIR: dataDir });
    before = snapshot(dataDir);
  }, 180_000);

  /** The data folder exactly as it was, and nothing left beside it. */
  function expectUnchanged() {
    expect(snapshot(dataDir)).toEqual(before);
    expect(besides(dataDir)).toEqual([]);
  }

  /** Restores the crafted archive (in this process), expects a refusal naming the problem, and nothing changed. */
  async function expectRefused(archive: string, problem: string) {
    const refusal = await restoreBackup(archive, dataDir).then(
      () => "restored",
      (error: Error) => error.message,
    );
    expect(refusal).toContain(`${path.basename(archive)} cannot be restored: ${problem}`);
    expect(refusal).toContain(`Nothing was changed: ${dataDir} is as it was.`);
    expectUnchanged();
  }

  /** The archive with its manifest first, saying these sizes (those of the entries, by default). */
  function sized(entries: Entry[], sizes: Partial<ReturnType<typeof sizesOf>> = {}): Entry[] {
    const body = Buffer.from(
      JSON.stringify({ ...manifest, sizes: { ...sizesOf(entries), ...sizes } }),
    );
    return [
      { path: "manifest.json", type: "File", body },
      ...entries.filter((e) => e.path !== "manifest.json"),
    ];
  }

  it("is written by a backup with its manifest first, saying how many entries follow, their bytes and the largest", () => {
    expect(genuine.map((e) => e.path)).toContain("manifest.json");
    expect(manifest).toMatchObject({ format: 2, sizes: sizesOf(genuine) });
    expect(firstEntry).toBe("manifest.json");
  });

  it("stops at once at an entry larger than its manifest says, before writing it (a header claiming 3 GiB in a small archive)", async () => {
    const archive = pack([
      ...sized(light),
      { path: "pglite/huge", type: "File", body: Buffer.alloc(4096), size: 3 * 1024 ** 3 },
    ]);
    expect(statSync(archive).size).toBeLessThan(64 * 1024);
    await expectRefused(
      archive,
      `"pglite/huge" is 3221225472 bytes, more than the largest file its manifest lists (${sizesOf(light).largest} bytes): the archive is damaged or was altered`,
    );
  }, 60_000);

  it("stops once its entries come to more bytes, or are more, than its manifest says", async () => {
    const { bytes, entries } = sizesOf(light);
    await expectRefused(
      pack(sized(light, { bytes: bytes - 1 })),
      `its files come to more than the ${bytes - 1} bytes its manifest says: the archive is damaged or was altered`,
    );
    await expectRefused(
      pack(sized(light, { entries: entries - 1 })),
      `it holds more than the ${entries - 1} entries its manifest says: the archive is damaged or was altered`,
    );
  }, 60_000);

  it("checks the free space its manifest's sizes need before writing anything", async () => {
    // Unpacked, a symbolic link would be refused: the space is checked first.
    await expectRefused(
      pack([
        ...sized(light, { bytes: 2 ** 52 }),
        { path: "lock", type: "SymbolicLink", linkpath: "pglite/PG_VERSION" },
      ]),
      "it unpacks to 4294967296.0 MB, and only",
    );
  }, 60_000);

  it("restores an archive from before sizes were in its manifest (format 1, the manifest after the files), measured as it is read", async () => {
    const earlier: Record<string, unknown> = { ...manifest, format: 1 };
    delete earlier.sizes;
    const target = path.join(path.dirname(dataDir), "from-format-1");
    const restored = await restoreBackup(
      pack(
        genuine.map((e) =>
          e.path === "manifest.json" ? { ...e, body: Buffer.from(JSON.stringify(earlier)) } : e,
        ),
      ),
      target,
    );
    expect(restored.counts).toMatchObject({ users: 1, files: 1 });
    expect(readFileSync(path.join(target, picture), "utf8")).toBe("picture aa11");
  }, 60_000);

  it("refuses a backups/ folder inside the archive, and pnpm restore says so", () => {
    const archive = pack([
      ...light,
      { path: "backups/", type: "Directory" },
      { path: "backups/status.json", type: "File", body: Buffer.from("{") },
    ]);
    const refused = restore(dataDir, archive);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toBe(
      `Restore failed: ${path.basename(archive)} cannot be restored: "backups/" is not part of a backup ` +
        `(a backup holds manifest.json, pglite/ and files/ only).\n` +
        `Nothing was changed: ${dataDir} is as it was.\n`,
    );
    expect(refused.status).toBe(1);
    expectUnchanged();
  }, 120_000);

  it("refuses session-secret as a folder", async () => {
    await expectRefused(
      pack([
        ...light,
        { path: "session-secret/", type: "Directory" },
        { path: "session-secret/x", type: "File", body: Buffer.from("x") },
      ]),
      '"session-secret/" is not part of a backup',
    );
  }, 60_000);

  it("refuses a symbolic link lock -> pglite/PG_VERSION", async () => {
    await expectRefused(
      pack([...light, { path: "lock", type: "SymbolicLink", linkpath: "pglite/PG_VERSION" }]),
      '"lock" is a symbolic link',
    );
  }, 60_000);

  it("refuses a symbolic link files -> .", async () => {
    await expectRefused(
      pack([
        ...light.filter((e) => !e.path.startsWith("files")),
        { path: "files", type: "SymbolicLink", linkpath: "." },
      ]),
      '"files" is a symbolic link',
    );
  }, 60_000);

  it("refuses a hard link", async () => {
    await expectRefused(
      pack([...light, { path: "files/aa/copy", type: "Link", linkpath: picture }]),
      '"files/aa/copy" is a hard link',
    );
  }, 60_000);

  it("refuses an archive holding only its manifest", async () => {
    await expectRefused(
      pack(light.filter((e) => e.path === "manifest.json")),
      "it holds no database (no pglite/ folder)",
    );
  }, 60_000);

  it("refuses entries that climb out of the folder or are absolute, and writes nothing outside", async () => {
    const climbing = `../escaped-${process.pid}`;
    await expectRefused(
      pack([...light, { path: climbing, type: "File", body: Buffer.from("out") }]),
      `"${climbing}" points outside the backup`,
    );
    const absolute = path.join(tmpdir(), `absolute-${process.pid}`);
    await expectRefused(
      pack([...light, { path: absolute, type: "File", body: Buffer.from("out") }]),
      `"${absolute}" is an absolute path`,
    );
    // Unpacked beside the data folder, "../" would land in the data folder's parent.
    expect(existsSync(path.join(path.dirname(dataDir), path.basename(climbing)))).toBe(false);
    expect(existsSync(absolute)).toBe(false);
  }, 60_000);

  it("refuses a database whose counts differ from its manifest", async () => {
    const altered = { ...manifest, counts: { ...manifest.counts, visits: 5 } };
    await expectRefused(
      pack(
        genuine.map((e) =>
          e.path === "manifest.json" ? { ...e, body: Buffer.from(JSON.stringify(altered)) } : e,
        ),
      ),
      "its database holds 0 visits where its manifest says 5",
    );
  }, 60_000);

  it("restores a setuid or world-writable file as the owner's only, and every folder 0700", async () => {
    const target = path.join(path.dirname(dataDir), "fresh");
    const restored = await restoreBackup(
      pack(
        genuine.map((e) =>
          e.path === picture
            ? { ...e, mode: 0o4777 }
            : e.type === "Directory"
              ? { ...e, mode: 0o777 }
              : { ...e, mode: 0o666 },
        ),
      ),
      target,
    );
    expect(restored.counts).toMatchObject({ users: 1, files: 1 });
    expect(readFileSync(path.join(target, picture), "utf8")).toBe("picture aa11");
    expect(tooOpen(target)).toEqual([]);
  }, 60_000);
});
