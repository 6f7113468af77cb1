import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db } from "@vsi/db";
import { createTestDatabase } from "@vsi/test-utils";
import { describe, expect, it } from "vitest";
import { cli, spawnServer } from "./processes.ts";

async function users(db: Db) {
  return db.kysely
    .selectFrom("users")
    .select(["email", "first_name", "is_admin", "deactivated_at"])
    .orderBy("id")
    .execute();
}

describe("pnpm create-admin", () => {
  it("creates an admin in the embedded database, then promotes an existing user, reactivated and logged out everywhere", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-cli-"));
    const created = cli(
      { DATA_DIR: dataDir },
      "create-admin",
      "Ada",
      "Lovelace",
      "ada@example.org",
      "analytical1",
    );
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain("Admin ada@example.org created.");
    expect(created.status).toBe(0);

    const weak = cli({ DATA_DIR: dataDir }, "create-admin", "Bob", "B", "bob@example.org", "short");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("Minimum eight characters, at least one letter and one number");

    // A deactivated admin with a session somewhere: create-admin is the way back in, and a new password ends old logins.
    const before = await createDb({ dataDir });
    const ada = await before.kysely
      .updateTable("users")
      .set({ deactivated_at: new Date() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await before.kysely
      .insertInto("sessions")
      .values({ id: "old-session", user_id: ada.id, expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    await before.close();

    const promoted = cli(
      { DATA_DIR: dataDir },
      "create-admin",
      "Ada",
      "King",
      "ADA@example.org",
      "analytical2",
    );
    expect(promoted.stdout).toContain("is now an admin");

    const db = await createDb({ dataDir });
    expect(await users(db)).toEqual([
      { email: "ada@example.org", first_name: "Ada", is_admin: true, deactivated_at: null },
    ]);
    expect(await db.kysely.selectFrom("sessions").select("id").execute()).toEqual([]);
    await db.close();

    expect(cli({ DATA_DIR: dataDir }, "create-admin", "too", "few").status).toBe(2);
  }, 120_000);

  it("tells a weak password or a bad email at once, before opening or creating the database", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-cli-"));
    const weak = cli({ DATA_DIR: dataDir }, "create-admin", "Bob", "B", "bob@example.org", "short");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("Minimum eight characters, at least one letter and one number");
    const badEmail = cli({ DATA_DIR: dataDir }, "create-admin", "Bob", "B", "bob", "analytical1");
    expect(badEmail.status).toBe(1);
    expect(badEmail.stderr).toContain("Email is invalid");
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("works against the PostgreSQL server, where the server itself never seeds demo data", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-cli-"));
    try {
      const vars = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const server = spawnServer(vars);
      await server.started;
      server.child.kill("SIGTERM");
      await server.exited;
      expect(server.output()).not.toContain("Demo data added");

      const db = await createDb({ databaseUrl: database.url });
      expect(await users(db)).toEqual([]);
      expect(
        cli(vars, "create-admin", "Grace", "Hopper", "grace@example.org", "compiler1").status,
      ).toBe(0);
      expect(cli(vars, "seed").stdout).toContain("Demo data added");
      expect((await users(db)).map((u) => [u.email, u.is_admin])).toEqual([
        ["grace@example.org", true],
        ["admin@example.org", true],
      ]);
      await db.close();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
