import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

/**
 * The accounts calls over /api, for what only the REST transport does: bodies that are not JSON,
 * ids written in a path, flags written in a query, PUT beside PATCH, an empty 204. What the calls
 * answer is the API's own test (packages/api/src/accounts).
 */

let server: TestServer;
let admin: Client;
let member: { id: number; email: string; password: string };

beforeAll(async () => {
  server = await startTestServer({ registrationEnabled: true });
  const adminUser = await server.createUser({ isAdmin: true });
  admin = server.client();
  await admin.login(adminUser.email, adminUser.password);
  member = await server.createUser({ password: "original1" });
});
afterAll(() => server.close());

const count = async (table: "users" | "api_tokens" | "invites" | "password_resets") =>
  Number(
    (
      await server.services.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("malformed JSON", () => {
  it("answers 400 with a JSON body and writes nothing, on every accounts call that takes a body", async () => {
    const userRow = () =>
      server.services.db.kysely
        .selectFrom("users")
        .selectAll()
        .where("id", "=", member.id)
        .executeTakeFirstOrThrow();
    const before = {
      users: await count("users"),
      tokens: await count("api_tokens"),
      invites: await count("invites"),
      resets: await count("password_resets"),
      member: await userRow(),
      mails: server.mails().length,
    };
    const anonymous = await server.client().prime();
    const calls: Array<[Client, string, string, string]> = [
      [anonymous, "POST", "/api/auth/login", "{bad"],
      [anonymous, "POST", "/api/auth/register", "{"],
      [anonymous, "POST", "/api/passwords", "{email"],
      [admin, "POST", "/api/tokens", "{name:"],
      [admin, "PATCH", `/api/users/${member.id}`, '{"firstName":'],
      [admin, "POST", "/api/invites", '{"firstName": "Ivy",'],
    ];
    for (const [client, method, url, body] of calls) {
      const res = await client.request(method, url, body, { "content-type": "application/json" });
      expect(res.status, url).toBe(400);
      expect(res.json, url).toEqual({
        status: 400,
        message: expect.any(String),
        key: expect.any(String),
        values: expect.any(Object),
      });
    }
    expect({
      users: await count("users"),
      tokens: await count("api_tokens"),
      invites: await count("invites"),
      resets: await count("password_resets"),
      member: await userRow(),
      mails: server.mails().length,
    }).toEqual(before);
  });
});

describe("ids in a path, flags in a query", () => {
  it("reads a user's id from the path: 422 for one not written in digits or too large", async () => {
    expect((await admin.get(`/api/users/${member.id}`)).json.id).toBe(member.id);
    for (const id of ["abc", "99999999999999"]) {
      const res = await admin.get(`/api/users/${id}`);
      expect(res.status, id).toBe(422);
      expect(res.json.errors, id).toEqual([expect.objectContaining({ path: "id" })]);
    }
    const bad = await admin.delete("/api/tokens/abc");
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([expect.objectContaining({ path: "id" })]);
  });

  it("reads an invite's id from the path, percent-decoded, however long: 404 for one that is not an invite", async () => {
    for (const id of ["%27%3B%20drop%20table%20invites", "x".repeat(2000)]) {
      const res = await server.client().get(`/api/invites/${id}`);
      expect(res.status, id.slice(0, 40)).toBe(404);
      expect(res.json).toEqual({
        status: 404,
        message: "Invite not found",
        key: "notFound",
        values: { thing: "Invite" },
      });
    }
  });

  it("reads all=true, all=false and nothing else as the token list's flag", async () => {
    const mine = (await admin.post("/api/tokens", { name: "admin's" })).json as { id: number };
    const owner = server.client();
    await owner.login(member.email, member.password);
    const theirs = (await owner.post("/api/tokens", { name: "member's" })).json as { id: number };
    const ids = (res: { json: Array<{ id: number }> }) => res.json.map((t) => t.id);

    const everyone = await admin.get("/api/tokens?all=true");
    expect(ids(everyone)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const own = await admin.get("/api/tokens?all=false");
    expect(ids(own)).toContain(mine.id);
    expect(ids(own)).not.toContain(theirs.id);
    const bad = await admin.get("/api/tokens?all=maybe");
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([expect.objectContaining({ path: "all" })]);
  });
});

describe("methods and empty answers", () => {
  it("takes PUT on a user as it takes PATCH", async () => {
    const res = await admin.put(`/api/users/${member.id}`, {
      firstName: "Put",
      lastName: "Method",
      email: member.email,
      password: "",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Put", lastName: "Method" });
  });

  it("answers the current user with an empty 204 when nobody is logged in", async () => {
    const res = await server.client().get("/api/users/me");
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
  });
});
