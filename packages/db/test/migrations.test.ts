import { createTestDatabase } from "@vsi/test-utils";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, migrateToLatest, type Db } from "../src/index.ts";
import { migrations } from "../src/migrations/index.ts";

const expectedTables = [
  "api_tokens", "files", "invites", "location_programs", "locations", "password_resets", "programs",
  "rate_limits", "sessions", "tablets", "users", "visit_idempotency_keys", "visits",
];

async function checkMigrations(db: Db) {
  const first = await migrateToLatest(db.kysely);
  expect(first.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => "Success"));
  // A second run finds nothing to do: server start and `pnpm db:migrate` can both run it.
  const second = await migrateToLatest(db.kysely);
  expect(second.results).toEqual([]);

  const tables = await db.kysely.introspection.getTables();
  expect(tables.map((t) => t.name).sort()).toEqual(expectedTables);

  // Emails are unique whatever their case.
  await db.kysely.insertInto("users").values({ first_name: "A", last_name: "B", email: "Ann@x.org", password_hash: "h" }).execute();
  await expect(
    db.kysely.insertInto("users").values({ first_name: "A", last_name: "B", email: "ann@X.org", password_hash: "h" }).execute(),
  ).rejects.toThrow(/users_email_lower_key/);

  // The sheet's query uses the partial index of open visits.
  const { rows } = await sql<{ indexname: string }>`select indexname from pg_indexes where tablename = 'visits'`.execute(db.kysely);
  expect(rows.map((r) => r.indexname)).toEqual(
    expect.arrayContaining(["visits_open_idx", "visits_time_in_idx", "visits_location_time_in_idx", "visits_program_time_in_idx", "visits_phone_time_in_idx"]),
  );
}

describe("migrations", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("run from empty to latest on embedded PGlite", async () => {
    const db = await createDb({ inMemory: true });
    cleanups.push(() => db.close());
    await checkMigrations(db);
  });

  it("run from empty to latest on the PostgreSQL server", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const db = await createDb({ databaseUrl: database.url });
    cleanups.push(() => database.drop(), () => db.close());
    await checkMigrations(db);
  });
});
