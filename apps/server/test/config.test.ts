import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "vsi-config-"));

describe("loadConfig", () => {
  it("has working defaults and keeps a generated session secret in the data folder", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 3000, databaseUrl: undefined, registrationEnabled: false, baseUrl: "http://localhost:3000" });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("names each bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(/PORT: .*"eighty"/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REGISTRATION_ENABLED: "maybe" })).toThrow(/REGISTRATION_ENABLED/);
    expect(loadConfig({ DATA_DIR: dataDir(), REGISTRATION_ENABLED: "true" }).registrationEnabled).toBe(true);
  });
});

const main = path.resolve(import.meta.dirname, "../src/main.ts");
// Only what a person's shell would have: the test runner's own variables (BASE_URL, NODE_ENV) stay out.
const cleanEnv = (vars: Record<string, string>) => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...vars });
const tsx = path.resolve(import.meta.dirname, "../node_modules/.bin/tsx");

describe("starting the server", () => {
  it("stops at once with a message naming a bad PORT or DATABASE_URL", () => {
    for (const [name, value] of [["PORT", "abc"], ["DATABASE_URL", "ftp://db"]] as const) {
      const result = spawnSync(tsx, [main], { env: cleanEnv({ DATA_DIR: dataDir(), [name]: value }), encoding: "utf8", timeout: 30_000 });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`${name}:`);
      expect(result.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
  });

  it("finishes on SIGTERM: closes the database and exits 0", async () => {
    const { spawn } = await import("node:child_process");
    const dir = dataDir();
    const child = spawn(tsx, [main], { env: cleanEnv({ DATA_DIR: dir, PORT: "0", HOST: "127.0.0.1", WEB_DIST: dir }), stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 60_000);
      const check = setInterval(() => {
        if (output.includes("is running at")) {
          clearInterval(check);
          clearTimeout(timer);
          resolve();
        }
      }, 50);
    });
    expect(output).toContain("Demo data added. Log in as admin@example.org");
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(output).toContain("SIGTERM: finishing in-flight requests");
    expect(existsSync(path.join(dir, "pglite"))).toBe(true);
  }, 90_000);
});
