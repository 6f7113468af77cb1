import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDb, type Db } from "@vsi/db";
import { createTestDatabase } from "@vsi/test-utils";
import { describe, expect, it } from "vitest";

const here = import.meta.dirname;
const tsx = path.resolve(here, "../node_modules/.bin/tsx");
const cliPath = path.resolve(here, "../src/cli.ts");
const mainPath = path.resolve(here, "../src/main.ts");
const env = (vars: Record<string, string>) => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...vars });

function cli(vars: Record<string, string>, ...args: string[]) {
  return spawnSync(tsx, [cliPath, ...args], { env: env(vars), encoding: "utf8", timeout: 60_000 });
}

async function users(db: Db) {
  return db.kysely.selectFrom("users").select(["email", "first_name", "is_admin"]).orderBy("id").execute();
}

describe("pnpm create-admin", () => {
  it("creates an admin in the embedded database, then promotes an existing user", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-cli-"));
    const created = cli({ DATA_DIR: dataDir }, "create-admin", "Ada", "Lovelace", "ada@example.org", "analytical1");
    expect(created.stderr).toBe("");
    expect(created.stdout).toContain("Admin ada@example.org created.");
    expect(created.status).toBe(0);

    const weak = cli({ DATA_DIR: dataDir }, "create-admin", "Bob", "B", "bob@example.org", "short");
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("Minimum eight characters, at least one letter and one number");

    const promoted = cli({ DATA_DIR: dataDir }, "create-admin", "Ada", "King", "ADA@example.org", "analytical2");
    expect(promoted.stdout).toContain("is now an admin");

    const db = await createDb({ dataDir });
    expect(await users(db)).toEqual([{ email: "ada@example.org", first_name: "Ada", is_admin: true }]);
    await db.close();

    expect(cli({ DATA_DIR: dataDir }, "create-admin", "too", "few").status).toBe(2);
  }, 120_000);

  it("works against the PostgreSQL server, where the server itself never seeds demo data", async (ctx) => {
    const database = await createTestDatabase();
    if (!database) return ctx.skip();
    const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-cli-"));
    try {
      const vars = { DATA_DIR: dataDir, DATABASE_URL: database.url };
      const child = spawn(tsx, [mainPath], { env: env({ ...vars, PORT: "0", HOST: "127.0.0.1", WEB_DIST: dataDir }), stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (c) => (output += c));
      child.stderr.on("data", (c) => (output += c));
      await new Promise<void>((resolve, reject) => {
        const started = setInterval(() => output.includes("is running at") && (clearInterval(started), resolve()), 50);
        child.on("exit", () => reject(new Error(output)));
      });
      child.kill("SIGTERM");
      await new Promise((resolve) => child.on("exit", resolve));
      expect(output).not.toContain("Demo data added");

      const db = await createDb({ databaseUrl: database.url });
      expect(await users(db)).toEqual([]);
      expect(cli(vars, "create-admin", "Grace", "Hopper", "grace@example.org", "compiler1").status).toBe(0);
      expect(cli(vars, "seed").stdout).toContain("Demo data added");
      expect((await users(db)).map((u) => [u.email, u.is_admin])).toEqual([["grace@example.org", true], ["admin@example.org", true]]);
      await db.close();
    } finally {
      await database.drop();
    }
  }, 120_000);
});
