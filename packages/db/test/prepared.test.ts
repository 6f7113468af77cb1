import { createTestDatabase } from "@vsi/test-utils";
import { CompiledQuery, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, prepared } from "../src/index.ts";

describe("prepared statements on a PostgreSQL server", () => {
  it("sends a registered text under its name, prepared once per connection, and other texts unnamed", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      await sql`create table things (id int primary key, label text)`.execute(db.kysely);
      await sql`insert into things values (1, 'one'), (2, 'two')`.execute(db.kysely);
      const text = prepared("select id, label from things where id = $1");
      const run = (id: number) => db.kysely.executeQuery(CompiledQuery.raw(text, [id]));
      expect((await run(1)).rows).toEqual([{ id: 1, label: "one" }]);
      expect((await run(2)).rows).toEqual([{ id: 2, label: "two" }]);
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
