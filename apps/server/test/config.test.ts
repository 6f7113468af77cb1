import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { spawnServer } from "./processes.ts";

const dataDir = () => mkdtempSync(path.join(tmpdir(), "vsi-config-"));

describe("loadConfig", () => {
  it("has working defaults and keeps a generated session secret in the data folder", () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      namedStatements: true,
      registrationEnabled: false,
      webhooksAllowPrivateNetworks: false,
      baseUrl: "http://localhost:3000",
    });
    expect(config.sessionSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, "session-secret"), "utf8")).toBe(config.sessionSecret);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(config.sessionSecret);
  });

  it("names each bad variable", () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "eighty" })).toThrow(/PORT: .*"eighty"/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: "70000" })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: "mysql://x" })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir(), BASE_URL: "not a url" })).toThrow(/BASE_URL/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), REGISTRATION_ENABLED: "maybe" })).toThrow(
      /REGISTRATION_ENABLED/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), REGISTRATION_ENABLED: "true" }).registrationEnabled,
    ).toBe(true);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir(), WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "sometimes" }),
    ).toThrow(/WEBHOOKS_ALLOW_PRIVATE_NETWORKS/);
    expect(
      loadConfig({ DATA_DIR: dataDir(), WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" })
        .webhooksAllowPrivateNetworks,
    ).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DATABASE_NAMED_STATEMENTS: "nah" })).toThrow(
      /DATABASE_NAMED_STATEMENTS/,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_NAMED_STATEMENTS: "false" }).namedStatements,
    ).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_NAMED_STATEMENTS: "" }).namedStatements).toBe(
      true,
    );
    for (const bad of ["true", "everyone", "300.1.1.1", "10.0.0.0/33", "10.0.0.1,", "-1"]) {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: must be/,
      );
    }
  });

  it("BASE_URL: unset (or empty) leaves links to the address staff use; set, it is theirs, without a trailing slash", () => {
    for (const env of [{}, { BASE_URL: "" }]) {
      const config = loadConfig({ DATA_DIR: dataDir(), PORT: "8080", ...env });
      expect(config.publicUrl).toBeUndefined();
      expect(config.baseUrl).toBe("http://localhost:8080");
    }
    const set = loadConfig({ DATA_DIR: dataDir(), BASE_URL: "https://signin.example.org/" });
    expect(set.publicUrl).toBe("https://signin.example.org");
    expect(set.baseUrl).toBe("https://signin.example.org");
  });

  it("TRUST_PROXY: unset trusts no proxy; takes a hop count or a list of addresses and ranges", () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("1")).toBe(1);
    expect(trust("10.0.0.5, 172.16.0.0/12,loopback, ::1")).toEqual([
      "10.0.0.5",
      "172.16.0.0/12",
      "loopback",
      "::1",
    ]);
  });
});

describe("starting the server", () => {
  it("stops at once with a message naming a bad PORT, DATABASE_URL or TRUST_PROXY", async () => {
    for (const [name, value] of [
      ["PORT", "abc"],
      ["DATABASE_URL", "ftp://db"],
      ["TRUST_PROXY", "everyone"],
    ] as const) {
      const server = spawnServer({ DATA_DIR: dataDir(), [name]: value });
      expect(await server.exitBeforeListening(), name).toBe(1);
      expect(server.output()).toContain(`${name}:`);
      expect(server.output()).not.toMatch(/\n\s+at /); // a message, not a stack trace
    }
  }, 90_000);

  it("prints the demo admin's password once and writes it to no file; finishes on SIGTERM", async () => {
    const dir = dataDir();
    const server = spawnServer({ DATA_DIR: dir });
    await server.started;
    const password = /Log in as admin@example\.org with password (\S+)/.exec(server.output())?.[1];
    expect(password).toBeDefined();
    for (const file of filesUnder(dir))
      expect(readFileSync(file).includes(password ?? ""), file).toBe(false);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM: finishing in-flight requests");
    expect(existsSync(path.join(dir, "pglite"))).toBe(true);
  }, 90_000);
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}
