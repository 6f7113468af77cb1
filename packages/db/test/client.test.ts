import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@vsi/test-utils";
import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../src/index.ts";
import { createEmptyEmbeddedDb } from "../src/testing.ts";

describe("createDb on a PostgreSQL server", () => {
  it("survives the server dropping a connection that a request holds, and goes on", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 2 });
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // A request holds a connection (a transaction) while the server kills it, as a restart does.
      // Without an error listener on checked-out clients, Node would die of an unhandled 'error'
      // event here, and vitest would fail this file.
      const held = db.kysely.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(held).rejects.toThrow();
      // The pool drops the broken client and serves the next request with a new one.
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(db.kysely);
      expect(rows[0]?.ok).toBe(1);
    } finally {
      await admin.end();
      await db.close();
      await database.drop();
    }
  });
});

describe("a PostgreSQL server's pool", () => {
  it("keeps the connections a burst opened however long they then stay idle, so the next burst plans nothing afresh", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 3 });
    // Only the pool's own timers are moved on; the connections' reads and writes stay real.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const burst = async () =>
        new Set(
          await Promise.all(
            [1, 2, 3].map(async () => {
              const { rows } = await sql<{
                pid: number;
              }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(db.kysely);
              return rows[0]!.pid;
            }),
          ),
        );
      const first = await burst();
      expect(first.size).toBe(3);

      vi.advanceTimersByTime(24 * 3_600_000);

      expect(db.pool!.totalCount).toBe(3);
      expect(await burst()).toEqual(first);
    } finally {
      vi.useRealTimers();
      await db.close();
      await database.drop();
    }
  });
});

describe("close()", () => {
  it("ends an embedded database that was never queried: a query afterwards fails, a second close does nothing", async () => {
    const db = await createEmptyEmbeddedDb();
    await db.close();
    await expect(sql`select 1`.execute(db.kysely)).rejects.toThrow();
    await expect(db.close()).resolves.toBeUndefined();
  });

  it("ends a server pool that was never queried: a query afterwards fails, a second close does nothing", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url });
    try {
      await db.close();
      await expect(sql`select 1`.execute(db.kysely)).rejects.toThrow();
      await expect(db.close()).resolves.toBeUndefined();
    } finally {
      await database.drop();
    }
  });
});

describe("an embedded data folder started from a copy", () => {
  const systemId = async (db: Awaited<ReturnType<typeof createDb>>) =>
    (
      await sql<{
        id: string;
      }>`select system_identifier::text as id from pg_control_system()`.execute(db.kysely)
    ).rows[0]!.id;

  it("is the copy when the folder is new, and the folder's own database once it holds one", async () => {
    const original = await createEmptyEmbeddedDb();
    await sql`create table kept (word text)`.execute(original.kysely);
    await sql`insert into kept values ('copied')`.execute(original.kysely);
    const copy = await original.embedded!.pglite.dumpDataDir("gzip");
    const originalId = await systemId(original);
    await original.close();

    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-copy-"));
    try {
      const first = await createDb({ dataDir, copyOf: copy });
      expect(await systemId(first)).toBe(originalId);
      await sql`insert into kept values ('written after')`.execute(first.kysely);
      await first.close();

      // Given the copy again, as every start of the server is: the folder is opened as it is.
      const again = await createDb({ dataDir, copyOf: copy });
      const { rows } = await sql<{ word: string }>`select word from kept order by word`.execute(
        again.kysely,
      );
      expect(rows.map((r) => r.word)).toEqual(["copied", "written after"]);
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    // Embedded databases opened one after another, two of them on disk.
  }, 120_000);
});
