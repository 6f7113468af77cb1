import { randomUUID } from "node:crypto";
import { sql } from "@vsi/db";
import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

/**
 * A tablet's statements are prepared once per connection on PostgreSQL; a later migration that
 * adds a column to visits (another process upgrading the database) must not break them in a server
 * that prepared them before.
 */
const world = useCatalogServer();

describe("a tablet's prepared statements", () => {
  it("keep answering after a column is added to visits under the running server", async () => {
    const { main, tutoring } = world.catalog;
    const tablet = await tabletClient(world.server, main.id);
    const sheet = `/api/visits?locationId=${main.id}&programId=${tutoring.id}`;
    const calls = async () => {
      const signIn = await tablet.post("/api/visits", visitor(main.id, tutoring.id), {
        "idempotency-key": randomUUID(),
      });
      expect(signIn.status).toBe(201);
      const { id } = signIn.json as { id: number };
      const plain = await tablet.post("/api/visits", visitor(main.id, tutoring.id));
      expect(plain.status).toBe(201);
      const list = await tablet.get(sheet);
      expect(list.status).toBe(200);
      expect((list.json as { id: number }[]).map((v) => v.id)).toContain(id);
      const out = await tablet.patch(`/api/visits/${id}/sign-out`, {});
      expect(out.status).toBe(200);
      expect(Object.keys(out.json as object)).not.toContain("added_later");
    };
    // Several rounds, so every pooled connection has prepared them.
    for (let i = 0; i < 3; i++) await calls();
    await sql`alter table visits add column added_later text`.execute(
      world.server.services.db.kysely,
    );
    for (let i = 0; i < 3; i++) await calls();
  });
});
