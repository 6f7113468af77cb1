import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tooOpen } from "./modes.ts";
import { spawnServer, type ServerProcess } from "./processes.ts";

const parent = mkdtempSync(path.join(tmpdir(), "vsi-modes-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

/** A browser on the spawned server: its cookies kept, XSRF-TOKEN echoed as the web app does. */
function browser(server: ServerProcess) {
  const jar = new Map<string, string>();
  return async (method: string, url: string, body?: Buffer | object, type?: string) => {
    const response = await fetch(`http://127.0.0.1:${server.port()}${url}`, {
      method,
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(jar.has("XSRF-TOKEN") ? { "x-xsrf-token": jar.get("XSRF-TOKEN")! } : {}),
        ...(body ? { "content-type": type ?? "application/json" } : {}),
      },
      body: Buffer.isBuffer(body) ? body : body ? JSON.stringify(body) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ""] = cookie.split(";");
      const at = pair.indexOf("=");
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined };
  };
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
}

/** What an older version left: folders 0755, files 0666 (as PGlite makes them) with a setuid one. */
function openUp(dir: string) {
  for (const name of ["", ...(readdirSync(dir, { recursive: true }) as string[])]) {
    const file = path.join(dir, name);
    chmodSync(file, statSync(file).isDirectory() ? 0o755 : 0o666);
  }
  chmodSync(path.join(dir, "session-secret"), 0o4755);
}

describe("the data folder", () => {
  it("is its owner's alone: everything the server writes in a fresh one, and an older one's modes fixed at start", async () => {
    const dataDir = path.join(parent, "data");
    const server = spawnServer({ DATA_DIR: dataDir });
    await server.started;
    const password = /with password (\S+)/.exec(server.output())?.[1] ?? "";
    const call = browser(server);
    await call("GET", "/healthz");
    // A reset link in a mail file, a picture, a backup: each kind of file the server writes.
    expect((await call("POST", "/api/passwords", { email: "admin@example.org" })).status).toBe(200);
    expect(
      (await call("POST", "/api/auth/login", { email: "admin@example.org", password })).status,
    ).toBe(200);
    const picture = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(56, 7),
    ]);
    const asset = await call("POST", "/api/assets", {
      blob: { filename: "me.png", content_type: "image/png", byte_size: picture.length },
    });
    expect(asset.status).toBe(200);
    expect((await call("PUT", asset.json.direct_upload.url, picture, "image/png")).status).toBe(
      200,
    );
    expect((await call("POST", "/api/backups")).status).toBe(201);
    await stop(server);

    expect(readdirSync(dataDir).sort()).toEqual([
      "backups",
      "files",
      "lock",
      "mail",
      "pglite",
      "session-secret",
    ]);
    expect(tooOpen(dataDir)).toEqual([]);

    openUp(dataDir);
    const again = spawnServer({ DATA_DIR: dataDir });
    await again.started;
    await stop(again);
    expect(tooOpen(dataDir)).toEqual([]);
  }, 240_000);
});
