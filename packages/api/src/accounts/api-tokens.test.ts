import { hashToken } from "../kernel/tokens.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWorld, type Client, type World } from "../../test/world.ts";

let world: World;
let admin: Client;
let adminId: number;
let staff: Client;
let staffId: number;

beforeAll(async () => {
  world = await startWorld();
  const adminUser = await world.createUser({ isAdmin: true });
  adminId = adminUser.id;
  admin = world.client();
  await admin.login(adminUser.email, adminUser.password);
  const staffUser = await world.createUser();
  staffId = staffUser.id;
  staff = world.client();
  await staff.login(staffUser.email, staffUser.password);
});
afterAll(() => world.close());
beforeEach(() => {
  world.clock.offsetMs = 0;
});

async function createToken(client: Client, name: string) {
  const res = await client.call((api) => api.tokens.create({ name }));
  expect(res.status).toBe(201);
  return res.json as { id: number; name: string; userId: number; token: string };
}

/** A script's client: no cookies, only the token. */
function script(token: string): Client {
  const client = world.client();
  client.jar.clear();
  client.sendXsrf = false;
  client.bearer = token;
  return client;
}

const countTokens = async () =>
  (
    await world.services.db.kysely
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

describe("creating a token", () => {
  it("creates a named token (201) whose secret is shown once and stored only as a hash", async () => {
    const res = await staff.call((api) => api.tokens.create({ name: "  nightly export  " }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      name: "nightly export",
      userId: staffId,
      createdAt: expect.any(String),
      lastUsedAt: null,
      token: expect.stringMatching(/^[a-z0-9]{20,}$/),
    });
    const row = await world.services.db.kysely
      .selectFrom("api_tokens")
      .selectAll()
      .where("id", "=", res.json.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(res.json.token));
    expect(JSON.stringify(row)).not.toContain(res.json.token);

    const list = await staff.call((api) => api.tokens.list());
    const listed = list.json.find((t: { id: number }) => t.id === res.json.id);
    expect(listed).toEqual({
      id: res.json.id,
      name: "nightly export",
      userId: staffId,
      createdAt: res.json.createdAt,
      lastUsedAt: null,
    });
  });

  it("answers 422 for a missing, blank, mistyped or oversized name, writing nothing", async () => {
    const before = await countTokens();
    for (const body of [
      {},
      { name: "   " },
      { name: 7 },
      { name: "x".repeat(101) },
      { name: null },
    ]) {
      const res = await staff.call((api) => api.tokens.create(body as never));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([expect.objectContaining({ path: "name" })]);
    }
    expect(await countTokens()).toBe(before);
  });

  it("answers 401 to anonymous callers", async () => {
    const res = await world.client().call((api) => api.tokens.create({ name: "x" }));
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      status: 401,
      message: "You must be logged in",
      key: "loggedOut",
      values: {},
    });
  });
});

describe("a script calling with its token (Authorization: Bearer)", () => {
  it("acts as the token's user, without cookies, and records lastUsedAt", async () => {
    const created = await createToken(staff, "script");
    world.clock.offsetMs = 5 * 60_000;
    const client = script(created.token);
    const me = await client.call((api) => api.users.me());
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(staffId);
    const update = await client.call((api) =>
      api.users.update({ id: staffId, lastName: "Scripted" }),
    );
    expect(update.status).toBe(200);
    expect(update.json.lastName).toBe("Scripted");

    const listed = (await staff.call((api) => api.tokens.list())).json.find(
      (t: { id: number }) => t.id === created.id,
    );
    expect(new Date(listed.lastUsedAt).getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);
  });

  it("notes a token's last use at most once a minute, so a script's calls do not each write its row", async () => {
    const created = await createToken(staff, "busy script");
    const client = script(created.token);
    const lastUsed = async () =>
      (await staff.call((api) => api.tokens.list())).json.find(
        (t: { id: number }) => t.id === created.id,
      ).lastUsedAt as string;
    world.clock.offsetMs = 10 * 60_000;
    expect((await client.call((api) => api.users.me())).status).toBe(200);
    const first = await lastUsed();
    world.clock.offsetMs = 10 * 60_000 + 30_000;
    expect((await client.call((api) => api.users.me())).status).toBe(200);
    expect(await lastUsed()).toBe(first);
    world.clock.offsetMs = 12 * 60_000;
    expect((await client.call((api) => api.users.me())).status).toBe(200);
    expect(new Date(await lastUsed()).getTime()).toBeGreaterThan(
      new Date(first).getTime() + 60_000,
    );
  });

  it("gives an admin's token the admin's rights and a staff token only staff rights", async () => {
    const adminToken = await createToken(admin, "admin script");
    const staffToken = await createToken(staff, "staff script");
    expect((await script(adminToken.token).call((api) => api.users.list())).status).toBe(200);
    expect((await script(staffToken.token).call((api) => api.users.list())).status).toBe(403);
  });

  it("refuses an unknown token (401), also on the who-am-I call", async () => {
    expect((await script("notatoken").call((api) => api.users.me())).status).toBe(401);
    expect((await script("notatoken").call((api) => api.tokens.list())).status).toBe(401);
  });
});

describe("listing tokens", () => {
  it("lists the caller's own tokens, newest first; all=true lists everyone's for an admin", async () => {
    const mine = await createToken(staff, "mine");
    world.clock.offsetMs = 60_000;
    const newer = await createToken(staff, "newer");
    const adminsOwn = await createToken(admin, "admin's");

    const own = await staff.call((api) => api.tokens.list());
    expect(own.status).toBe(200);
    const ownIds = own.json.map((t: { id: number }) => t.id);
    expect(ownIds).not.toContain(adminsOwn.id);
    expect(ownIds.indexOf(newer.id)).toBeLessThan(ownIds.indexOf(mine.id));
    for (const token of own.json) {
      expect(token.userId).toBe(staffId);
      expect(token).not.toHaveProperty("token");
    }

    const adminOwn = (await admin.call((api) => api.tokens.list({ all: "false" }))).json.map(
      (t: { id: number }) => t.id,
    );
    expect(adminOwn).toContain(adminsOwn.id);
    expect(adminOwn).not.toContain(mine.id);

    const everyone = await admin.call((api) => api.tokens.list({ all: "true" }));
    expect(everyone.status).toBe(200);
    const everyoneIds = everyone.json.map((t: { id: number }) => t.id);
    expect(everyoneIds).toEqual(expect.arrayContaining([mine.id, newer.id, adminsOwn.id]));
    expect(new Set(everyone.json.map((t: { userId: number }) => t.userId))).toEqual(
      new Set([staffId, adminId]),
    );
  });

  it("answers 403 when staff ask for everyone's, 422 for a value that is not a boolean, 401 anonymous", async () => {
    const res = await staff.call((api) => api.tokens.list({ all: "true" }));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      message: "Only administrators can list everyone's tokens",
      key: "everyonesTokensAdminsOnly",
      values: {},
    });
    const bad = await admin.call((api) => api.tokens.list({ all: "maybe" }));
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([expect.objectContaining({ path: "all" })]);
    expect((await world.client().call((api) => api.tokens.list())).status).toBe(401);
  });
});

describe("revoking a token", () => {
  it("revokes the caller's own token (200): it stops working and leaves the list", async () => {
    const created = await createToken(staff, "to revoke");
    expect((await script(created.token).call((api) => api.users.me())).status).toBe(200);
    const res = await staff.call((api) => api.tokens.revoke({ id: created.id }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: created.id, name: "to revoke", userId: staffId });
    expect(res.json).not.toHaveProperty("token");

    expect((await script(created.token).call((api) => api.users.me())).status).toBe(401);
    expect((await script(created.token).call((api) => api.tokens.list())).status).toBe(401);
    expect(
      (await staff.call((api) => api.tokens.list())).json.map((t: { id: number }) => t.id),
    ).not.toContain(created.id);
    expect((await staff.call((api) => api.tokens.revoke({ id: created.id }))).status).toBe(404);
  });

  it("is refused to a script (403), even for its own token, which keeps working", async () => {
    const created = await createToken(staff, "self-revoking");
    expect(
      (await script(created.token).call((api) => api.tokens.revoke({ id: created.id }))).status,
    ).toBe(403);
    expect((await script(created.token).call((api) => api.users.me())).status).toBe(200);
  });

  it("answers 403 when staff revoke someone else's token, which keeps working; an admin may revoke it", async () => {
    const adminsToken = await createToken(admin, "admin's token");
    const staffToken = await createToken(staff, "staff token");
    const res = await staff.call((api) => api.tokens.revoke({ id: adminsToken.id }));
    expect(res.status).toBe(403);
    expect((await script(adminsToken.token).call((api) => api.users.me())).status).toBe(200);

    expect((await admin.call((api) => api.tokens.revoke({ id: staffToken.id }))).status).toBe(200);
    expect((await script(staffToken.token).call((api) => api.users.me())).status).toBe(401);
  });

  it("answers 404 for unknown ids, 422 for ids that are not numbers, 401 anonymous", async () => {
    expect((await staff.call((api) => api.tokens.revoke({ id: 999999 }))).status).toBe(404);
    const bad = await staff.call((api) => api.tokens.revoke({ id: "abc" }));
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([expect.objectContaining({ path: "id" })]);
    const created = await createToken(staff, "kept");
    expect((await world.client().call((api) => api.tokens.revoke({ id: created.id }))).status).toBe(
      401,
    );
    expect((await script(created.token).call((api) => api.users.me())).status).toBe(200);
  });
});
