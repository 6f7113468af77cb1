import { englishOf, type MessageKey } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import { adminClient, staffClient, useCatalogServer, visitor } from "./fixtures.ts";
import { startTestServer } from "./harness.ts";

/**
 * One error body on every transport: {status, message, key, values} and, for bad input,
 * errors: [{path, message, key, values}].
 */

const world = useCatalogServer();

const phoneError = {
  path: "PhoneNumber",
  message: "Phone number must be 10 digits",
  key: "phone",
  values: {},
};

/** A message of the body: its key's sentence with its values, as the catalogue says it. */
const keyed = ({ message, key, values }: { message: string; key: MessageKey; values: object }) =>
  englishOf(key, values as Record<string, string>) === message;

describe("the error body", () => {
  it("reads the same for a schema failure on /api, /trpc and the CSV route", async () => {
    const rest = await world.admin.post(
      "/api/visits",
      visitor(world.catalog.main.id, world.catalog.tutoring.id, { PhoneNumber: "12" }),
    );
    expect(rest.status).toBe(422);
    expect(rest.json).toEqual({
      status: 422,
      message: "Validation failed",
      key: "validationFailed",
      values: {},
      errors: [phoneError],
    });

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
      key: "validationFailed",
      values: {},
      errors: [
        {
          path: "page",
          message: expect.any(String),
          key: expect.any(String),
          values: expect.any(Object),
        },
      ],
    });
  });

  it("names each message by its key and values, at the top and by each field, on /api and /trpc", async () => {
    const { main, tutoring } = world.catalog;
    const bad = visitor(main.id, tutoring.id, { PhoneNumber: "12", FirstName: "" });
    const rest = await world.admin.post("/api/visits", bad);
    const trpc = await world.admin.trpc("mutation", "visits.create", bad);
    for (const body of [rest.json, trpc.json.error]) {
      expect(body).toMatchObject({ status: 422, key: "validationFailed", values: {} });
      expect(body.errors).toEqual(
        expect.arrayContaining([
          phoneError,
          {
            path: "FirstName",
            message: expect.any(String),
            key: "required",
            values: { label: expect.any(String) },
          },
        ]),
      );
      expect(body.errors.every(keyed), JSON.stringify(body.errors)).toBe(true);
    }

    const staff = await staffClient(world.server);
    const forbidden = await staff.get("/api/webhooks");
    expect(forbidden.json).toEqual({
      status: 403,
      message: "Only administrators can do this",
      key: "adminsOnly",
      values: {},
    });
    const missing = await world.admin.get("/api/visits/99999999");
    expect(missing.json).toEqual({
      status: 404,
      message: "Visit not found",
      key: "notFound",
      values: { thing: "Visit" },
    });
    const signIn = visitor(main.id, tutoring.id, { PhoneNumber: "2125550143" });
    expect((await world.admin.post("/api/visits", signIn)).status).toBe(201);
    const twice = await world.admin.post("/api/visits", signIn);
    const twiceOverTrpc = await world.admin.trpc("mutation", "visits.create", signIn);
    for (const body of [twice.json, twiceOverTrpc.json.error])
      expect(body).toMatchObject({
        status: 409,
        message: "This phone number is already signed in here",
        key: "alreadySignedIn",
        values: {},
        visit: { id: expect.any(Number) },
      });
  });

  it("reads the same for a refusal on /api, the CSV route, a missing CSRF header, an unknown route and an unknown file", async () => {
    const anonymous = await world.server.client().prime();
    for (const url of ["/api/locations", "/api/visits?format=csv"]) {
      const res = await anonymous.get(url);
      expect(res.json, url).toEqual({
        status: 401,
        message: "You must be logged in",
        key: "loggedOut",
        values: {},
      });
    }
    world.admin.sendXsrf = false;
    const csrf = await world.admin.post("/api/locations", { Name: "No header" });
    world.admin.sendXsrf = true;
    expect(csrf.json).toEqual({
      status: 403,
      message: "Missing or invalid X-XSRF-TOKEN header",
      key: "xsrf",
      values: {},
    });
    expect((await world.admin.get("/api/nothing-here")).json).toEqual({
      status: 404,
      message: "Not found",
      key: "routeNotFound",
      values: {},
    });
    expect((await world.admin.get("/no-such-page")).json).toEqual({
      status: 404,
      message: "Not found",
      key: "routeNotFound",
      values: {},
    });
    expect((await world.admin.get("/api/files/abc")).json).toEqual({
      status: 404,
      message: "File not found",
      key: "notFound",
      values: { thing: "File" },
    });
  });

  it("gives Fastify's own refusals (bad JSON, wrong content type, a path not valid percent-encoding) the same shape", async () => {
    // Fastify's own words, under the key of a request refused (a content type is our route's own message).
    const refused = { key: "requestRefused", values: {} };
    const badJson = await world.admin.request("POST", "/api/locations", '{"Name": ', {
      "content-type": "application/json",
    });
    expect(badJson.status).toBe(400);
    expect(badJson.json).toEqual({ status: 400, message: expect.any(String), ...refused });
    const badType = await world.admin.request("POST", "/api/locations", "Name=x", {
      "content-type": "text/plain",
    });
    expect(badType.status).toBe(415);
    expect(badType.json).toEqual({
      status: 415,
      message: 'Unsupported content-type "text/plain"',
      key: "unsupportedContentType",
      values: { type: "text/plain" },
    });
    const badPath = await world.admin.get("/api/visits/%E0%A4%A");
    expect(badPath.status).toBe(400);
    expect(badPath.json).toEqual({ status: 400, message: expect.any(String), ...refused });
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
    expect(last.json).toEqual({
      status: 429,
      message: expect.any(String),
      key: expect.stringMatching(/^tooManyAttempts/),
      values: expect.any(Object),
    });
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
      expect(rest.json).toEqual({
        status: 500,
        message: "Internal server error",
        key: "internal",
        values: {},
      });
      const trpc = await admin.trpc("query", "questions.list", {});
      expect(trpc.status).toBe(500);
      expect(trpc.json.error).toMatchObject({ status: 500, message: "Internal server error" });

      const failures = lines
        .map(
          (line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } },
        )
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
