import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const depth = 5000;
const deepBodies = {
  arrays: "[".repeat(depth) + "]".repeat(depth),
  objects: '{"a":'.repeat(depth) + "1" + "}".repeat(depth),
  "a field": `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}`,
};

/** Every REST operation that takes a JSON body, from the OpenAPI document, with ids set to 1. */
async function bodyOperations(): Promise<Array<{ method: string; url: string }>> {
  const doc = (await server.client().get("/api/openapi.json")).json as {
    paths: Record<string, Record<string, { requestBody?: unknown }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, operation]) => operation.requestBody)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        url: `/api${path.replace(/\{[^}]+\}/g, "1")}`,
        operation,
      })),
  );
}

describe("JSON nested 5,000 deep", () => {
  it("answers 400 with the usual error body on every REST call that takes a body", async () => {
    const admin = await server.createUser({ isAdmin: true });
    const client = server.client();
    await client.login(admin.email, admin.password);
    const operations = await bodyOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { method, url } of operations) {
      for (const [shape, body] of Object.entries(deepBodies)) {
        const res = await client.request(method, url, body, { "content-type": "application/json" });
        expect(res.status, `${method} ${url} with nested ${shape}`).toBe(400);
        expect(res.json).toEqual({
          status: 400,
          message: expect.stringContaining("nested"),
          key: expect.any(String),
          values: expect.any(Object),
        });
      }
    }
  });

  it("brackets inside a string are text, not nesting", async () => {
    const res = await (
      await server.client().prime()
    ).request("POST", "/api/passwords", JSON.stringify({ email: "[{".repeat(depth) }), {
      "content-type": "application/json",
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([expect.objectContaining({ path: "email" })]);
  });
});
