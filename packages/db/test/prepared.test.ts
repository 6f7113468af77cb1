import { createTestDatabase } from "@vsi/test-utils";
import { CompiledQuery, sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, prepared, preparedByShape, type Database } from "../src/index.ts";
import { createEmptyEmbeddedDb } from "../src/testing.ts";

type Things = { things: { id: number; label: string } };
const things = (db: Kysely<Database>) => db as unknown as Kysely<Things>;

describe("statements built once", () => {
  it("builds and compiles once, binds each run's values, and runs prepared under a name, once per connection", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      await sql`create table things (id int primary key, label text)`.execute(db.kysely);
      await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db.kysely);
      let builds = 0;
      const byId = prepared((db, values: { id: number }) => {
        builds++;
        return things(db).selectFrom("things").select(["id", "label"]).where("id", "=", values.id);
      });
      expect(await byId(db.kysely, { id: 1 })).toEqual([{ id: 1, label: "one" }]);
      expect(await byId(db.kysely, { id: 2 })).toEqual([{ id: 2, label: "two" }]);
      expect(builds).toBe(1);
      const text = things(db.kysely)
        .selectFrom("things")
        .select(["id", "label"])
        .where("id", "=", 1)
        .compile().sql;
      await db.kysely.executeQuery(
        CompiledQuery.raw("select label from things where id = $1", [1]),
      );
      // One connection in the pool: the session that ran them all.
      const { rows } = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(db.kysely);
      expect(rows).toEqual([{ name: expect.stringMatching(/^vsi_\d+$/), statement: text }]);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it("runs unnamed when named statements are off, as behind a pooler that cannot carry them", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 1, namedStatements: false });
    try {
      await sql`create table things (id int primary key, label text)`.execute(db.kysely);
      await sql`insert into things values (1, 'one')`.execute(db.kysely);
      const byId = prepared((db, values: { id: number }) =>
        things(db).selectFrom("things").select(["id", "label"]).where("id", "=", values.id),
      );
      expect(await byId(db.kysely, { id: 1 })).toEqual([{ id: 1, label: "one" }]);
      const { rows } = await sql`select name from pg_prepared_statements`.execute(db.kysely);
      expect(rows).toEqual([]);
    } finally {
      await db.close();
      await database.drop();
    }
  });

  it("keeps one statement per shape, and refuses a value used in code rather than placed in the query", async () => {
    const db = await createEmptyEmbeddedDb();
    try {
      await sql`create table things (id int primary key, label text)`.execute(db.kysely);
      await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db.kysely);
      const list = preparedByShape((db, values: { id: number }, shape: "one" | "all") => {
        const query = things(db).selectFrom("things").select("label").orderBy("id");
        return shape === "one" ? query.where("id", "=", values.id) : query;
      });
      expect(await list(db.kysely, "one", { id: 2 })).toEqual([{ label: "two" }]);
      expect(await list(db.kysely, "all", { id: 2 })).toEqual([{ label: "one" }, { label: "two" }]);
      expect(await list(db.kysely, "one", { id: 1 })).toEqual([{ label: "one" }]);
      const computed = prepared((db, values: { id: number }) =>
        things(db)
          .selectFrom("things")
          .select("label")
          .where("id", "=", values.id + 1),
      );
      await expect(computed(db.kysely, { id: 1 })).rejects.toThrow(/used in code/);
    } finally {
      await db.close();
    }
  });
});
