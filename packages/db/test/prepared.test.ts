import { createTestDatabase } from "@vsi/test-utils";
import { CompiledQuery, sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, runPrepared } from "../src/index.ts";

describe("prepared statements on a PostgreSQL server", () => {
  it("sends a query run prepared under a name, prepared once per connection, and other texts unnamed", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      await sql`create table things (id int primary key, label text)`.execute(db.kysely);
      await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db.kysely);
      const things = db.kysely as unknown as Kysely<{ things: { id: number; label: string } }>;
      const query = (id: number) =>
        things.selectFrom("things").select(["id", "label"]).where("id", "=", id);
      const text = query(1).compile().sql;
      expect(await runPrepared(db.kysely, query(1))).toEqual([{ id: 1, label: "one" }]);
      expect(await runPrepared(db.kysely, query(2))).toEqual([{ id: 2, label: "two" }]);
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
});
