import { describe, expect, it } from "vitest";
import { adminClient, useCatalogServer, visitor } from "./fixtures.ts";
import { startTestServer } from "./harness.ts";

/** One error body on every transport: {status, message} and, for bad input, errors: [{path, message}]. */

const world = useCatalogServer();

const phoneError = { path: "PhoneNumber", message: "Phone number must be 10 digits" };

describe("the error body", () => {
  it("reads the same for a schema failure on /api, /trpc and the CSV route", async () => {
    const rest = await world.admin.post(
      "/api/visits",
      visitor(world.catalog.main.id, world.catalog.tutoring.id, { PhoneNumber: "12" }),
    );
    expect(rest.status).toBe(422);
    expect(rest.json).toEqual({ status: 422, message: "Validation failed", errors: [phoneError] });

    const trpc = await world.admin.trpc(
      "mutation",
      "visits.create",
      visitor(world.catalog.main.id, world.catalog.tutoring.id, { PhoneNumber: "12" }),
    );
    expect(trpc.status).toBe(422);
    expect(trpc.json.error).toMatchObject({
      status: 422,
      message: "Validation failed",
      errors: [phoneError],
    });

    const csv = await world.admin.get("/api/visits?format=csv&page=0");
    expect(csv.status).toBe(422);
    expect(csv.json).toEqual({
      status: 422,
      message: "Validation failed",
      errors: [{ path: "page", message: expect.any(String) }],
    });
  });

  it("reads the same for a refusal on /api, the CSV route, a missing CSRF header, an unknown route and an unknown file", async () => {
    const anonymous = await world.server.client().prime();
    for (const url of ["/api/locations", "/api/visits?format=csv"]) {
      const res = await anonymous.get(url);
      expect(res.json, url).toEqual({ status: 401, message: "You must be logged in" });
    }
    world.admin.sendXsrf = false;
    const csrf = await world.admin.post("/api/locations", { Name: "No header" });
    world.admin.sendXsrf = true;
    expect(csrf.json).toEqual({ status: 403, message: "Missing or invalid X-XSRF-TOKEN header" });
    expect((await world.admin.get("/api/nothing-here")).json).toEqual({
      status: 404,
      message: "Not found",
    });
    expect((await world.admin.get("/no-such-page")).json).toEqual({
      status: 404,
      message: "Not found",
    });
    expect((await world.admin.get("/api/files/abc")).json).toEqual({
      status: 404,
      message: "File not found",
    });
  });

  it("gives Fastify's own refusals (bad JSON, wrong content type, a path not valid percent-encoding) the same shape", async () => {
    const badJson = await world.admin.request("POST", "/api/locations", '{"Name": ', {
      "content-type": "application/json",
    });
    expect(badJson.status).toBe(400);
    expect(badJson.json).toEqual({ status: 400, message: expect.any(String) });
    const badType = await world.admin.request("POST", "/api/locations", "Name=x", {
      "content-type": "text/plain",
    });
    expect(badType.status).toBe(415);
    expect(badType.json).toEqual({ status: 415, message: expect.any(String) });
    const badPath = await world.admin.get("/api/visits/%E0%A4%A");
    expect(badPath.status).toBe(400);
    expect(badPath.json).toEqual({ status: 400, message: expect.any(String) });
  });

  it("keeps Retry-After on a 429 through the REST transport", async () => {
    const client = await world.server.client().prime();
    const attempt = () =>
      client.post("/api/auth/login", {
        email: "nobody-429@example.org",
        password: "wrong-password1",
      });
    let last = await attempt();
    for (let i = 1; i < 60 && last.status !== 429; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(last.headers["retry-after"]).toMatch(/^\d+$/);
    expect(last.json).toEqual({ status: 429, message: expect.any(String) });
  });

  it("answers 500, and logs why, when an answer fails its own schema (a bound written outside the API as Infinity), on /api and /trpc", async () => {
    const lines: string[] = [];
    const server = await startTestServer({
      logger: { level: "info", stream: { write: (line) => void lines.push(line) } },
    });
    try {
      const admin = await adminClient(server);
      const created = await admin.post("/api/questions", {
        Kind: "number",
        Label: { en: "Nights", es: "Noches" },
      });
      expect(created.status).toBe(201);
      // double precision holds Infinity; the answer's Max, a JSON number, cannot say it.
      await server.services.db.kysely
        .updateTable("questions")
        .set({ max: Number.POSITIVE_INFINITY })
        .where("id", "=", created.json.id)
        .execute();

      const rest = await admin.get("/api/questions");
      expect(rest.status).toBe(500);
      expect(rest.json).toEqual({ status: 500, message: "Internal server error" });
      const trpc = await admin.trpc("query", "questions.list", {});
      expect(trpc.status).toBe(500);
      expect(trpc.json.error).toMatchObject({ status: 500, message: "Internal server error" });

      const failures = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } })
        .filter((entry) => entry.level >= 50 && /failed$/.test(entry.msg));
      expect(failures.map((entry) => entry.msg)).toEqual(["request failed", "procedure failed"]);
      // The cause: the schema's own words on the field that failed.
      for (const entry of failures) {
        expect(entry.err?.message).toContain('"Max"');
        expect(entry.err?.message).toContain("received Infinity");
      }
    } finally {
      await server.close();
    }
  });
});
