import { createDb, sql } from "@vsi/db";
import { testServerUrl } from "@vsi/test-utils";
import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

const world = useCatalogServer();

/** Shuts the test's database to new connections and drops those open, as a restart or failover would. */
async function setReachable(database: string, reachable: boolean) {
  const admin = await createDb({ databaseUrl: testServerUrl()!, poolSize: 1 });
  try {
    await sql`alter database ${sql.id(database)} with allow_connections ${sql.raw(String(reachable))}`.execute(
      admin.kysely,
    );
    if (!reachable)
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`.execute(
        admin.kysely,
      );
  } finally {
    await admin.close();
  }
}

describe("with the database out of reach", () => {
  it("answers 503 with Retry-After (a tablet retries it), never a 500, and serves again when it is back", async (ctx) => {
    if (!testServerUrl()) return ctx.skip(); // an outage of PostgreSQL; the embedded database cannot be away
    const { main, pantry } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
      world.server.services.db.kysely,
    );
    const database = rows[0]!.name;

    await setReachable(database, false);
    try {
      const calls = {
        "staff list (REST)": await world.admin.get("/api/locations"),
        "tablet sign-in": await tablet.post("/api/visits", visitor(main.id, pantry.id)),
        "tablet sheet": await tablet.get(`/api/visits?locationId=${main.id}`),
        "staff list (tRPC)": await world.admin.trpc("query", "locations.list", {}),
      };
      for (const [label, res] of Object.entries(calls)) {
        expect(res.status, label).toBe(503);
        expect(res.headers["retry-after"], label).toBe("5");
        expect(JSON.stringify(res.json), label).toContain(
          "The database cannot be reached just now",
        );
      }
    } finally {
      await setReachable(database, true);
    }
    expect((await world.admin.get("/api/locations")).status).toBe(200);
    expect((await tablet.post("/api/visits", visitor(main.id, pantry.id))).status).toBe(201);
  });
});
