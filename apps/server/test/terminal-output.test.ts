import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseServerName, startupBanner } from "../src/startup-banner.ts";
import {
  existingDataDir,
  outputMatching,
  spawnServer,
  spawnServerInTerminal,
} from "./processes.ts";

const freshDataDir = () => mkdtempSync(path.join(tmpdir(), "vsi-terminal-"));

/** The lines of some output that are one JSON object each. */
function jsonLines(output: string): unknown[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .flatMap((line) => {
      try {
        const value: unknown = JSON.parse(line);
        return typeof value === "object" && value !== null ? [value] : [];
      } catch {
        return [];
      }
    });
}

const nonEmptyLines = (output: string) => output.split("\n").filter((line) => line.trim() !== "");

/** Logs in as a browser would (the XSRF cookie first) and answers the login's status. */
async function logIn(base: string, email: string, password: string): Promise<number> {
  const primed = await fetch(`${base}/healthz`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(primed.headers.getSetCookie().join("\n"))?.[1] ?? "";
  const response = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      cookie: `XSRF-TOKEN=${xsrf}`,
      "x-xsrf-token": xsrf,
    },
    body: JSON.stringify({ email, password }),
  });
  return response.status;
}

describe("the server's output in a terminal", () => {
  it("is short readable lines ending in a frame with the address, the data folder and the demo login", async () => {
    const dataDir = freshDataDir();
    const server = spawnServerInTerminal({ DATA_DIR: dataDir });
    try {
      const [banner = ""] = await outputMatching(server, /╭─+╮\n[^]*?╰─+╯/);
      const base = /Open +(http:\/\/127\.0\.0\.1:\d+)/.exec(banner)?.[1] ?? "no address";
      expect(banner).toContain(`Data folder  ${dataDir}`);
      expect(banner).toMatch(/Email +admin@example\.org/);
      expect(banner).toContain("My Account");
      for (const line of banner.split("\n")) expect(line.length).toBeLessThanOrEqual(80);

      // The address is the server's, and the password shown is the demo admin's.
      const password = /Password +(\S+)/.exec(banner)?.[1] ?? "no password";
      expect(await logIn(base, "admin@example.org", password)).toBe(200);
      // A request is one short line, its secrets redacted as in the JSON lines.
      await fetch(`${base}/api/passwords/reset/reset-token-in-the-path`);
      await outputMatching(server, /GET \/api\/passwords\/reset\/\[redacted\] 404 \d+ ms/);
      expect(server.output()).toMatch(/POST \/api\/auth\/login 200 \d+ ms/);
      expect(server.output()).not.toContain("reset-token-in-the-path");
      expect(server.output()).not.toContain("incoming request");
      expect(jsonLines(server.output())).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 120_000);

  it("is one JSON object per line when LOG_FORMAT=json", async () => {
    const server = spawnServerInTerminal({ DATA_DIR: freshDataDir(), LOG_FORMAT: "json" });
    try {
      await outputMatching(server, /is running at.*\n/);
      const lines = nonEmptyLines(server.output());
      expect(lines.length).toBeGreaterThan(2);
      expect(jsonLines(server.output())).toHaveLength(lines.length);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

describe("the server's output in a pipe", () => {
  it("is one JSON object per line, the demo login one of them with its own fields", async () => {
    const server = spawnServer({ DATA_DIR: freshDataDir() });
    try {
      await server.started;
      await fetch(`http://127.0.0.1:${server.port()}/healthz`);
      await outputMatching(server, /"request completed"/);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    const lines = nonEmptyLines(server.output());
    expect(jsonLines(server.output())).toHaveLength(lines.length);
    expect(jsonLines(server.output())).toContainEqual(
      expect.objectContaining({
        demoLogin: {
          email: "admin@example.org",
          oneTimePassword: expect.stringMatching(/^\S{12,}$/),
        },
        msg: expect.stringContaining("Log in as admin@example.org with password"),
      }),
    );
  }, 120_000);

  it("is readable lines and the frame when LOG_FORMAT=pretty", async () => {
    // Not a first start: the frame is printed on every start.
    const server = spawnServer({ DATA_DIR: await existingDataDir(), LOG_FORMAT: "pretty" });
    try {
      const [banner = ""] = await outputMatching(server, /╭─+╮\n[^]*?╰─+╯/);
      expect(banner).toContain("Open");
      expect(jsonLines(server.output())).toEqual([]);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }
  }, 120_000);
});

describe("the start-up frame", () => {
  it("keeps within 80 columns with a long data folder, and names a database server without its password", () => {
    const banner = startupBanner({
      addresses: [{ url: "http://localhost:3000" }],
      storage: { kind: "folder", where: `/srv/${"a-very-long-folder-name/".repeat(6)}data` },
      demoLogin: { email: "admin@example.org", password: "k7mq-x2pd-9hta-r4wc" },
    });
    for (const line of banner.split("\n")) expect(line.length).toBeLessThanOrEqual(80);
    expect(banner.replace(/[│\s]/g, "")).toContain(
      `/srv/${"a-very-long-folder-name/".repeat(6)}data`,
    );
    expect(databaseServerName("postgres://signin:s3cret@db.example.org:5432/signin")).toBe(
      "db.example.org:5432/signin",
    );
  });
});
