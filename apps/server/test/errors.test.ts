import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, createCatalog, visitor } from "./fixtures.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

/** One error body on every transport: {status, message} and, for bad input, errors: [{path, message}]. */

let server: TestServer;
let admin: Client;
let catalog: Awaited<ReturnType<typeof createCatalog>>;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  catalog = await createCatalog(admin);
});
afterAll(() => server.close());

const phoneError = { path: "PhoneNumber", message: "Phone number must be 10 digits" };

describe("the error body", () => {
  it("reads the same for a schema failure on /api, /trpc and the CSV route", async () => {
    const rest = await admin.post("/api/visits", visitor(catalog.main.id, catalog.tutoring.id, { PhoneNumber: "12" }));
    expect(rest.status).toBe(422);
    expect(rest.json).toEqual({ status: 422, message: "Validation failed", errors: [phoneError] });

    const trpc = await admin.trpc("mutation", "visits.create", visitor(catalog.main.id, catalog.tutoring.id, { PhoneNumber: "12" }));
    expect(trpc.status).toBe(422);
    expect(trpc.json.error).toMatchObject({ status: 422, message: "Validation failed", errors: [phoneError] });

    const csv = await admin.get("/api/visits?format=csv&page=0");
    expect(csv.status).toBe(422);
    expect(csv.json).toEqual({ status: 422, message: "Validation failed", errors: [{ path: "page", message: expect.any(String) }] });
  });

  it("reads the same for a refusal on /api, the CSV route, a missing CSRF header, an unknown route and an unknown file", async () => {
    const anonymous = await server.client().prime();
    for (const url of ["/api/locations", "/api/visits?format=csv"]) {
      const res = await anonymous.get(url);
      expect(res.json, url).toEqual({ status: 401, message: "You must be logged in" });
    }
    admin.sendXsrf = false;
    const csrf = await admin.post("/api/locations", { Name: "No header" });
    admin.sendXsrf = true;
    expect(csrf.json).toEqual({ status: 403, message: "Missing or invalid X-XSRF-TOKEN header" });
    expect((await admin.get("/api/nothing-here")).json).toEqual({ status: 404, message: "Not found" });
    expect((await admin.get("/no-such-page")).json).toEqual({ status: 404, message: "Not found" });
    expect((await admin.get("/api/files/abc")).json).toEqual({ status: 404, message: "File not found" });
  });

  it("gives Fastify's own refusals (bad JSON, wrong content type) the same shape", async () => {
    const badJson = await admin.request("POST", "/api/locations", '{"Name": ', { "content-type": "application/json" });
    expect(badJson.status).toBe(400);
    expect(badJson.json).toEqual({ status: 400, message: expect.any(String) });
    const badType = await admin.request("POST", "/api/locations", "Name=x", { "content-type": "text/plain" });
    expect(badType.status).toBe(415);
    expect(badType.json).toEqual({ status: 415, message: expect.any(String) });
  });

  it("keeps Retry-After on a 429 through the REST transport", async () => {
    const client = await server.client().prime();
    const attempt = () => client.post("/api/auth/login", { email: "nobody-429@example.org", password: "wrong-password1" });
    let last = await attempt();
    for (let i = 1; i < 60 && last.status !== 429; i++) last = await attempt();
    expect(last.status).toBe(429);
    expect(last.headers["retry-after"]).toMatch(/^\d+$/);
    expect(last.json).toEqual({ status: 429, message: expect.any(String) });
  });
});
