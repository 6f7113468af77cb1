import { describe, expect, it } from "vitest";
import { contract, type ContractCheck } from "./contract.ts";
import { useCatalogServer, visitor } from "./fixtures.ts";

/** The check every /api answer of the tests passes (harness.ts) catches what drifts from the document. */

const world = useCatalogServer();

/** A real answer, as the check saw it (it passed, or the request would have thrown). */
async function answer(method: "GET" | "POST", url: string, body?: unknown) {
  const res = method === "GET" ? await world.admin.get(url) : await world.admin.post(url, body);
  return {
    method,
    url,
    status: res.status,
    contentType: res.headers["content-type"],
    body: res.body,
    json: res.json as Record<string, unknown>,
  };
}
const doctored = (real: ContractCheck, body: unknown): ContractCheck => ({
  ...real,
  body: JSON.stringify(body),
});

describe("the contract check", () => {
  it("passes the server's own answers, and fails a renamed field, a changed type or a missing field", async () => {
    const signIn = await answer(
      "POST",
      "/api/visits",
      visitor(world.catalog.main.id, world.catalog.tutoring.id),
    );
    expect(signIn.status).toBe(201);
    expect(contract().problem(signIn)).toBeUndefined();

    const { FirstName, ...rest } = signIn.json;
    const renamed = contract().problem(doctored(signIn, { ...rest, firstName: FirstName }));
    expect(renamed).toMatch(/^visits-create \(POST \/visits\) answered 201 with a body/);
    expect(renamed).toContain("must have required property 'FirstName'");
    expect(renamed).toContain("must NOT have additional properties");

    const retyped = contract().problem(
      doctored(signIn, { ...signIn.json, id: String(signIn.json.id) }),
    );
    expect(retyped).toContain("body/id must be integer");

    const notADate = contract().problem(doctored(signIn, { ...signIn.json, TimeIn: "yesterday" }));
    expect(notADate).toContain('body/TimeIn must match format "date-time"');

    // A list's items and a referenced schema are checked as deeply.
    const list = await answer("GET", `/api/visits/open?locationId=${world.catalog.main.id}`);
    expect(contract().problem(list)).toBeUndefined();
    const [first] = list.json as unknown as Array<Record<string, unknown>>;
    expect(contract().problem(doctored(list, [{ ...first, Location: { id: 1 } }]))).toContain(
      "body/0/Location must have required property 'Name'",
    );
  });

  it("fails an error body of another shape, and a status the operation does not document", async () => {
    const refused = await answer("GET", "/api/visits/search?phoneNumber=12");
    expect(refused.status).toBe(422);
    expect(contract().problem(refused)).toBeUndefined();
    expect(
      contract().problem(doctored(refused, { code: "BAD_REQUEST", message: "Invalid input" })),
    ).toContain("visits-search (GET /visits/search) answered 422 with a body that does not match");

    const location = await answer("GET", `/api/locations/${world.catalog.main.id}`);
    expect(contract().problem({ ...location, status: 201 })).toMatch(
      /^locations-get \(GET \/locations\/\{id\}\) answered 201, which the OpenAPI document does not list/,
    );
    expect(contract().problem({ ...location, method: "PUT" })).toContain(
      `PUT ${location.url} is in no operation of the OpenAPI document, yet answered 200`,
    );
  });

  it("checks a CSV or an empty answer for its status alone, and throws what it finds", async () => {
    const csv = await answer("GET", "/api/visits?format=csv");
    expect(csv.contentType).toMatch(/^text\/csv/);
    expect(contract().problem(csv)).toBeUndefined();
    expect(() => contract().check({ ...csv, status: 202 })).toThrow(
      /^Contract: visits-list \(GET \/visits\) answered 202, which the OpenAPI document does not list/,
    );
    const logout = await answer("GET", "/api/auth/logout");
    expect(logout.status).toBe(204);
    expect(contract().problem(logout)).toBeUndefined();
  });
});
