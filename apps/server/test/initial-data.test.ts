import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, sql, type Db } from "@vsi/db";
import { describe, expect, it } from "vitest";
import { initialDataFile } from "../src/initial-data.ts";
import { cli } from "./processes.ts";

const systemId = async (db: Db) =>
  (
    await sql<{
      id: string;
    }>`select system_identifier::text as id from pg_control_system()`.execute(db.kysely)
  ).rows[0]!.id;

describe("a new data folder", () => {
  it("starts as a copy of the database the build initialised, not from initdb, and is migrated", async () => {
    const built = readFileSync(path.join(import.meta.dirname, "..", "dist", initialDataFile));
    const original = await createDb({ inMemory: true, copyOf: new Blob([built]) });
    const builtId = await systemId(original);
    await original.close();

    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-initial-"));
    try {
      const migrated = cli({ DATA_DIR: dataDir }, "migrate");
      expect(migrated.stderr).toBe("");
      expect(migrated.status).toBe(0);
      const db = await createDb({ dataDir });
      expect(await systemId(db)).toBe(builtId);
      const tables = await db.kysely.introspection.getTables();
      expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(["users", "visits"]));
      await db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
