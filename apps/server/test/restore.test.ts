import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, migrateTo, migrationState, migrations, sql, type Db } from "@vsi/db";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { createServices } from "../src/services.ts";
import { adminClient, createCatalog, tabletClient, visitor } from "./fixtures.ts";
import { startTestServer } from "./harness.ts";
import { cli, spawnServer } from "./processes.ts";

const quiet = { info: () => undefined, error: () => undefined };

const restore = (dataDir: string, file: string) => cli({ DATA_DIR: dataDir }, "restore", file);

/** Every row of every table, in a stable order: what "everything came back" is compared on. */
async function everyRow(db: Db): Promise<Record<string, unknown[]>> {
  const tables = await db.kysely.introspection.getTables();
  const all: Record<string, unknown[]> = {};
  for (const table of tables.map((t) => t.name).sort()) {
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

const outside = () => mkdtempSync(path.join(tmpdir(), "vsi-restore-"));

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

  it("refuses while a server holds the data folder, and changes nothing", async () => {
    const dataDir = outside();
    const { backups, db } = await createServices(loadConfig({ DATA_DIR: dataDir }), quiet);
    const archive = path.join(backups.dir, (await backups.create("manual")).name);
    await db.close();

    const server = spawnServer({ DATA_DIR: dataDir });
    try {
      await server.started;
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
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("restores a backup taken at the previous schema and migrates it forward; start-up backs up before migrating", async () => {
    const names = Object.keys(migrations);
    const previous = names.at(-2)!;
    const dataDir = outside();
    const old = await createDb({ dataDir });
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
