import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;

/** A stand-in build: its index.html, a hashed chunk and what else it names. */
function standInBuild(name: string, page: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), `vsi-${name}-`));
  mkdirSync(path.join(dir, "static", "js"), { recursive: true });
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><title>Visitor Sign-In</title>${page}`,
  );
  for (const [file, body] of Object.entries(files)) writeFileSync(path.join(dir, file), body);
  return dir;
}

beforeAll(async () => {
  // The staff app's build and the kiosk's, each with its own index.html.
  const webDir = standInBuild("web", "<div id=root></div>", {
    "static/js/index-abc123.js": "console.log('app')",
    "static/js/index-abc123.js.br": "brotli bytes",
    "manifest.webmanifest": "{}",
  });
  const kioskDir = standInBuild("kiosk", "<main>kiosk</main>", {
    "static/js/kiosk-def456.js": "console.log('kiosk')",
    "door.html": "<main>door</main>",
    "sw.js": "// the kiosk's service worker",
    "manifest.webmanifest": "{}",
  });
  server = await startTestServer({ webDir, kioskDir });
});
afterAll(() => server.close());

describe("the web app", () => {
  it("serves index.html at / and for the staff app's routes, so reloading them works", async () => {
    for (const url of ["/", "/dashboard/reports?page=2", "/invites/6f1c", "/sheets", "/login"]) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain("<div id=root>");
    }
  });

  it("serves the kiosk's own page, its build's index.html, for /sheet and everything under it", async () => {
    for (const url of ["/sheet", "/sheet/", "/sheet/3", "/sheet/3/sign-in?programId=2"]) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain("<main>kiosk</main>");
    }
  });

  it("serves the door's own page, the kiosk build's door.html, for /d/<code> (a poster's QR code on a visitor's phone)", async () => {
    for (const url of ["/d/Ab3_-x9QrStUvWx0", "/d/Ab3_-x9QrStUvWx0?lang=es"]) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers["content-type"]).toMatch(/text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.body, url).toContain("<main>door</main>");
    }
  });

  it("serves both builds' files at the site's root, the kiosk's service worker at /sw.js", async () => {
    const kiosk = await server.client().get("/static/js/kiosk-def456.js");
    expect(kiosk.status).toBe(200);
    expect(kiosk.body).toBe("console.log('kiosk')");
    const worker = await server.client().get("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    expect(worker.body).toBe("// the kiosk's service worker");
  });

  it("serves hashed assets with a long cache and index.html with none", async () => {
    const asset = await server.client().get("/static/js/index-abc123.js");
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const kiosk = await server.client().get("/static/js/kiosk-def456.js");
    expect(kiosk.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect((await server.client().get("/manifest.webmanifest")).headers["cache-control"]).toBe(
      "no-cache",
    );
    expect((await server.client().get("/")).headers["cache-control"]).toBe("no-cache");
  });

  it("sends the build's precompressed files to browsers that accept them", async () => {
    const br = await server
      .client()
      .get("/static/js/index-abc123.js", { "accept-encoding": "gzip, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.body).toBe("brotli bytes");
    const plain = await server
      .client()
      .get("/static/js/index-abc123.js", { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe("console.log('app')");
  });

  it("sends security headers with pages, API answers and errors alike", async () => {
    for (const [path, status] of [
      ["/", 200],
      ["/api/openapi.json", 200],
      ["/api/visits", 401],
    ] as const) {
      const res = await server.client().get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers["content-security-policy"], path).toContain("default-src 'self'");
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["x-frame-options"], path).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"], path).toBe("no-referrer");
    }
  });
});

describe("/api", () => {
  it("answers unknown paths with a JSON 404, never the web app", async () => {
    for (const url of ["/api/nothing-here", "/api/visits/1/nope", "/trpc/nothing.here"]) {
      const res = await server.client().get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
    }
    expect((await server.client().get("/api/nothing-here")).json).toEqual({
      status: 404,
      message: "Not found",
      key: "routeNotFound",
      values: {},
    });
  });

  it("publishes the OpenAPI document and a docs page that needs no internet", async () => {
    const doc = await server.client().get("/api/openapi.json");
    expect(doc.status).toBe(200);
    expect(doc.json.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json.paths)).toEqual(
      expect.arrayContaining(["/auth/login", "/users/me", "/visits", "/locations/{id}/setup"]),
    );
    const page = await server.client().get("/api/docs");
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script src="/api/docs/docs.js">');
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3)/);
    const script = await server.client().get("/api/docs/docs.js");
    expect(script.body).toContain('fetch("/api/openapi.json")');
  });

  it("returns the status a procedure sets (204 with no body)", async () => {
    const res = await server.client().get("/api/auth/logout");
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
  });
});

describe("/healthz", () => {
  it("reports whether the database answers", async () => {
    const up = await server.client().get("/healthz");
    expect(up.status).toBe(200);
    expect(up.json).toEqual({ status: "ok", database: "up" });
  });

  it("reports an outage with 503", async () => {
    const other = await startTestServer();
    try {
      await other.services.db.close();
      const down = await other.client().get("/healthz");
      expect(down.status).toBe(503);
      expect(down.json).toEqual({ status: "error", database: "down" });
    } finally {
      // Its database is dropped too, closed or not.
      await other.close();
    }
  });
});
