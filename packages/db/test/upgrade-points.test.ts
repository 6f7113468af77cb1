import { createTestDatabase } from "@vsi/test-utils";
import { Migrator, type Migration } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb, migrateToLatest, sql, type Db } from "../src/index.ts";
import { committedSchema, describeSchema, writeSchemaCommand } from "../src/describe-schema.ts";
import { landedChecksums } from "../src/migration-files.ts";
import { migrations } from "../src/migrations/index.ts";

// Installs made at any earlier point end with a fresh install's schema. An install made when the
// first k migrations had landed ran them in number order, and its upgrade runs the others in number
// order (the migrator, unordered, runs what it has not run by name): that order is all that can set
// it apart, so each order is migrated once, on a new database of the server, for every point that
// has it. Most points' order is a fresh install's, which test/schema.test.ts checks; the others are
// where a migration landed before a lower-numbered one (0010 before 0007-0009, 0030 before 0029).
// An install upgraded at each landing ran them in the order they landed.
//
// Where migrations that add columns to one table ran in another order, its columns stand in
// another order: PostgreSQL cannot move a column, and nothing here reads them by position (every
// statement names its columns), so those tables are pinned below and the rest compared whole.

/** The tables whose columns stand in another order than a fresh install's, by order's first point. */
const reordered: Record<string, string[]> = {
  // 0009 landed before 0008: both add columns to locations, and 0009 one to visits.
  "made when 0009_site_settings_retention_audit landed": ["locations", "visits"],
  "upgraded at each landing": ["locations", "visits"],
};

const landed = Object.keys(landedChecksums());
const byNumber = (names: string[]) => [...names].sort();

/** Each order an install runs the migrations in, with the points that run it. */
function upgradeOrders(): Map<string, { order: string[]; points: string[] }> {
  const orders = new Map<string, { order: string[]; points: string[] }>();
  const add = (point: string, order: string[]) => {
    const key = order.join(" ");
    const found = orders.get(key) ?? { order, points: [] };
    found.points.push(point);
    orders.set(key, found);
  };
  landed.forEach((name, k) =>
    add(`made when ${name} landed`, [
      ...byNumber(landed.slice(0, k + 1)),
      ...byNumber(landed.slice(k + 1)),
    ]),
  );
  add("upgraded at each landing", landed);
  // A fresh install's order: test/schema.test.ts migrates it.
  orders.delete(byNumber(landed).join(" "));
  return orders;
}

/** Runs the migrations of `names` not run yet, as a build holding only those would. */
async function migrateWith(db: Db, names: string[]) {
  const some: Record<string, Migration> = Object.fromEntries(
    names.map((name) => [name, migrations[name]!]),
  );
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: () => Promise.resolve(some) },
    allowUnorderedMigrations: true,
  });
  const { error } = await migrator.migrateToLatest();
  expect(error).toBeUndefined();
}

/** A schema's text in blocks (one object each), a table's columns by name. */
function byColumnName(schema: string): string[] {
  return schema.split("\n\n").map((block) => {
    if (!/^CREATE (UNLOGGED )?TABLE /.test(block)) return block;
    const [head, ...lines] = block.split("\n");
    const end = lines.pop();
    const inner = lines.map((line) => line.replace(/,$/, ""));
    const columns = inner.filter((line) => !line.startsWith("    CONSTRAINT ")).sort();
    const constraints = inner.filter((line) => line.startsWith("    CONSTRAINT "));
    return [head, [...columns, ...constraints].join(",\n"), end].join("\n");
  });
}

/** The tables whose text differs between two schemas. */
function tablesDiffering(schema: string, other: string): string[] {
  const blocks = new Set(other.split("\n\n"));
  return schema
    .split("\n\n")
    .filter((block) => !blocks.has(block))
    .map((block) => /^CREATE (?:UNLOGGED )?TABLE (\w+)/.exec(block)?.[1] ?? block);
}

/**
 * Runs the migrations in `order` as the builds an install met would: each adds the next stretch of
 * names in number order, which the migrator runs after those it has run; the last build is today's,
 * through the product's own migrator.
 */
async function migrateInOrder(db: Db, order: string[]) {
  for (let end = 1; end < order.length; end++) {
    if (order[end]! < order[end - 1]!) await migrateWith(db, order.slice(0, end));
  }
  await migrateToLatest(db.kysely);
}

describe("an install migrated at any earlier point, then to the latest,", () => {
  for (const { order, points } of upgradeOrders().values()) {
    const [first, ...others] = points;
    const also = others.length > 0 ? ` (and ${others.length} more with its order)` : "";
    it(`has schema.sql's schema: ${first}${also}`, async (ctx) => {
      const database = await createTestDatabase();
      if (!database) return ctx.skip();
      const db = await createDb({ databaseUrl: database.url, poolSize: 1 });
      try {
        await migrateInOrder(db, order);
        const schema = await describeSchema(db.kysely);
        const committed = await committedSchema();
        const ran = `migrated in the order ${points.join("; ")} ran`;
        expect(
          byColumnName(schema),
          `${ran}, the schema is not schema.sql's (\`${writeSchemaCommand}\` writes a fresh install's)`,
        ).toEqual(byColumnName(committed));
        expect(
          tablesDiffering(schema, committed),
          `${ran}, these tables' columns stand in another order than schema.sql's`,
        ).toEqual(reordered[first!] ?? []);
      } finally {
        await db.close();
        await database.drop();
      }
    }, 60_000);
  }
});

describe("an install made while the webhooks' migration was numbered 0028", () => {
  it("runs it once, under its name today, and ends with schema.sql's schema", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url, poolSize: 1 });
    try {
      // The build of that moment: the migrations through the webhooks', that one as 0028.
      const then = landed.slice(0, landed.indexOf("0027_webhooks") + 1);
      const migrator = new Migrator({
        db: db.kysely,
        provider: {
          getMigrations: () =>
            Promise.resolve(
              Object.fromEntries(
                then.map((name) => [
                  name === "0027_webhooks" ? "0028_webhooks" : name,
                  migrations[name]!,
                ]),
              ),
            ),
        },
      });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      await migrateToLatest(db.kysely);

      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
        db.kysely,
      );
      expect(rows.map((row) => row.name).sort()).toEqual([...landed].sort());
      expect(byColumnName(await describeSchema(db.kysely))).toEqual(
        byColumnName(await committedSchema()),
      );
    } finally {
      await db.close();
      await database.drop();
    }
  }, 60_000);
});
