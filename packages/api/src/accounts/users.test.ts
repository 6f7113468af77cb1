import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAddress } from "../../test/addresses.ts";
import { emailTaken, staffUserAnswer } from "../../test/answers.ts";
import { startWorld, type Client, type World } from "../../test/world.ts";

let world: World;
let admin: Client;
let adminUser: { id: number; email: string; password: string };
let counter = 0;

const weakMessage = "Minimum eight characters, at least one letter and one number";

beforeAll(async () => {
  world = await startWorld();
  adminUser = await world.createUser({ firstName: "Ada", lastName: "Admin", isAdmin: true });
  admin = world.client();
  await admin.login(adminUser.email, adminUser.password);
});
afterAll(() => world.close());

/** A new staff member and their logged-in browser. */
async function staffMember(fields: Parameters<World["createUser"]>[0] = {}) {
  counter += 1;
  const user = await world.createUser({
    email: `member${counter}@example.org`,
    password: "original1",
    ...fields,
  });
  const client = world.client();
  await client.login(user.email, user.password);
  return { ...user, client };
}

const canLogIn = async (email: string, password: string) =>
  (await world.client(newAddress()).call((api) => api.auth.login({ email, password }))).status ===
  200;

const userRow = (id: number) =>
  world.services.db.kysely
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .executeTakeFirstOrThrow();

describe("listing users", () => {
  it("lists every user for an admin, ordered by lastName, firstName, email", async () => {
    await world.createUser({ firstName: "Bea", lastName: "Zed", email: "zed-b@example.org" });
    await world.createUser({ firstName: "Al", lastName: "Zed", email: "zed-a2@example.org" });
    await world.createUser({ firstName: "Al", lastName: "Zed", email: "zed-a1@example.org" });
    await world.createUser({ firstName: "Cy", lastName: "Able", email: "able@example.org" });

    const res = await admin.call((api) => api.users.list());
    expect(res.status).toBe(200);
    const users = res.json as Array<{ firstName: string; lastName: string; email: string }>;
    const order = users.map((u) => [u.lastName, u.firstName, u.email]);
    const sorted = [...order].sort((a, b) => a.join("\u0000").localeCompare(b.join("\u0000")));
    expect(order).toEqual(sorted);
    const zeds = users.filter((u) => u.lastName === "Zed").map((u) => u.email);
    expect(zeds).toEqual(["zed-a1@example.org", "zed-a2@example.org", "zed-b@example.org"]);
    expect(users.findIndex((u) => u.lastName === "Able")).toBeLessThan(
      users.findIndex((u) => u.lastName === "Admin"),
    );
    for (const user of res.json)
      expect(Object.keys(user).sort()).toEqual([
        "access",
        "email",
        "firstName",
        "id",
        "isActive",
        "isAdmin",
        "language",
        "lastName",
        "picture",
        "pictureUrl",
      ]);
  });

  it("is for admins only: 401 anonymous, 403 staff", async () => {
    const member = await staffMember();
    expect((await world.client().call((api) => api.users.list())).status).toBe(401);
    const res = await member.client.call((api) => api.users.list());
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      message: "Only administrators can do this",
      key: "adminsOnly",
      values: {},
    });
  });
});

describe("reading a user", () => {
  it("returns oneself, and anyone to an admin", async () => {
    const member = await staffMember({ firstName: "Sam", lastName: "Self" });
    const self = await member.client.call((api) => api.users.get({ id: member.id }));
    expect(self.status).toBe(200);
    expect(self.json).toEqual(
      staffUserAnswer({ id: member.id, firstName: "Sam", lastName: "Self", email: member.email }),
    );
    expect((await admin.call((api) => api.users.get({ id: member.id }))).json).toEqual(self.json);
  });

  it("answers 403 for someone else, 404 for an unknown id, 422 for a non-numeric id, 401 anonymous", async () => {
    const member = await staffMember();
    const other = await staffMember();
    const res = await member.client.call((api) => api.users.get({ id: other.id }));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("You can only see and edit your own account");
    const unknown = await admin.call((api) => api.users.get({ id: 999999 }));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      status: 404,
      message: "User not found",
      key: "notFound",
      values: { thing: "User" },
    });
    expect((await admin.call((api) => api.users.get({ id: "abc" }))).status).toBe(422);
    expect((await admin.call((api) => api.users.get({ id: "99999999999999" }))).status).toBe(422);
    expect((await world.client().call((api) => api.users.get({ id: member.id }))).status).toBe(401);
  });
});

describe("updating a user", () => {
  it("updates one's own account (200) and returns the user", async () => {
    const member = await staffMember();
    const res = await member.client.call((api) =>
      api.users.update({
        id: member.id,
        firstName: "Nova",
        lastName: "Newname",
        email: `renamed${counter}@example.org`,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: member.id,
      firstName: "Nova",
      lastName: "Newname",
      email: `renamed${counter}@example.org`,
    });
    expect((await member.client.call((api) => api.users.me())).json).toEqual(res.json);
  });

  it("keeps the password when it is blank, null or missing, and changes it when given", async () => {
    const member = await staffMember();
    for (const body of [
      { firstName: "A", password: "" },
      { firstName: "B", password: null },
      { firstName: "C" },
    ]) {
      expect(
        (await member.client.call((api) => api.users.update({ id: member.id, ...body }))).status,
      ).toBe(200);
    }
    expect(await canLogIn(member.email, "original1")).toBe(true);

    expect(
      (
        await member.client.call((api) =>
          api.users.update({ id: member.id, password: "changed22" }),
        )
      ).status,
    ).toBe(200);
    expect(await canLogIn(member.email, "changed22")).toBe(true);
    expect(await canLogIn(member.email, "original1")).toBe(false);
  });

  it("ignores isAdmin unless an admin sends it", async () => {
    const member = await staffMember();
    const res = await member.client.call((api) =>
      api.users.update({ id: member.id, isAdmin: true, firstName: "Still" }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ isAdmin: false, firstName: "Still" });
    expect((await userRow(member.id)).is_admin).toBe(false);

    const promoted = await admin.call((api) => api.users.update({ id: member.id, isAdmin: true }));
    expect(promoted.json.isAdmin).toBe(true);
    expect((await member.client.call((api) => api.users.list())).status).toBe(200);
    const demoted = await admin.call((api) => api.users.update({ id: member.id, isAdmin: false }));
    expect(demoted.json.isAdmin).toBe(false);
  });

  it("lets an admin edit anyone, and answers 403 to staff editing someone else, changing nothing", async () => {
    const member = await staffMember({ firstName: "Orig" });
    const other = await staffMember();
    const denied = await other.client.call((api) =>
      api.users.update({ id: member.id, firstName: "Hacked", password: "hacked123" }),
    );
    expect(denied.status).toBe(403);
    expect((await userRow(member.id)).first_name).toBe("Orig");
    expect(await canLogIn(member.email, "original1")).toBe(true);

    const res = await admin.call((api) =>
      api.users.update({ id: member.id, firstName: "ByAdmin", password: "setbyadmin1" }),
    );
    expect(res.status).toBe(200);
    expect(res.json.firstName).toBe("ByAdmin");
    expect(await canLogIn(member.email, "setbyadmin1")).toBe(true);
  });

  it("answers 422 'Email already registered' for another user's email in any case, changing nothing", async () => {
    const member = await staffMember();
    const other = await staffMember();
    const res = await member.client.call((api) =>
      api.users.update({ id: member.id, firstName: "Changed", email: other.email.toUpperCase() }),
    );
    expect(res.status).toBe(422);
    expect(res.json).toEqual(emailTaken);
    expect(await userRow(member.id)).toMatchObject({ email: member.email, first_name: "Test" });
    // One's own address in another case is not a conflict.
    expect(
      (
        await member.client.call((api) =>
          api.users.update({ id: member.id, email: member.email.toUpperCase() }),
        )
      ).status,
    ).toBe(200);
  });

  it("answers 422 with the rule's exact message for a weak password, changing nothing", async () => {
    const member = await staffMember();
    for (const password of ["short1", "allletters", "123456789"]) {
      const res = await member.client.call((api) =>
        api.users.update({ id: member.id, firstName: "Weak", password }),
      );
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        { path: "password", message: weakMessage, key: "password", values: {} },
      ]);
    }
    expect((await userRow(member.id)).first_name).toBe("Test");
    expect(await canLogIn(member.email, "original1")).toBe(true);
  });

  it("answers 422 for wrong types and huge strings, never 500, changing nothing", async () => {
    const member = await staffMember();
    const before = await userRow(member.id);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ firstName: 5 }, "firstName"],
      [{ firstName: "" }, "firstName"],
      [{ firstName: "x".repeat(100_000) }, "firstName"],
      [{ lastName: ["a"] }, "lastName"],
      [{ email: "not-an-email" }, "email"],
      [{ email: null }, "email"],
      [{ password: 12345678 }, "password"],
      [{ picture: 5 }, "picture"],
      [{ isAdmin: "yes" }, "isAdmin"],
    ];
    for (const [body, path] of cases) {
      const res = await admin.call((api) => api.users.update({ id: member.id, ...body }));
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
    expect(await userRow(member.id)).toEqual(before);
  });

  it("answers 404 for an unknown id and 401 anonymous", async () => {
    expect(
      (await admin.call((api) => api.users.update({ id: 999999, firstName: "Nobody" }))).status,
    ).toBe(404);
    const member = await staffMember();
    expect(
      (await world.client().call((api) => api.users.update({ id: member.id, firstName: "Anon" })))
        .status,
    ).toBe(401);
  });

  it("replaces as it updates (PUT)", async () => {
    const member = await staffMember();
    const res = await member.client.call((api) =>
      api.users.replace({
        id: member.id,
        firstName: "Put",
        lastName: "Method",
        email: member.email,
        password: "",
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ firstName: "Put", lastName: "Method" });
    expect(await canLogIn(member.email, "original1")).toBe(true);
  });
});

describe("as the web app calls them", () => {
  it("lists every user, reads and updates users", async () => {
    const member = await staffMember();
    const listed = (await admin.call((api) => api.users.list())).json.map(
      (u: { id: number }) => u.id,
    );
    const stored = (await world.services.db.kysely.selectFrom("users").select("id").execute()).map(
      (u) => u.id,
    );
    expect(listed.sort()).toEqual(stored.sort());
    expect((await member.client.call((api) => api.users.list())).status).toBe(403);
    expect((await member.client.call((api) => api.users.get({ id: member.id }))).json.email).toBe(
      member.email,
    );
    expect((await member.client.call((api) => api.users.get({ id: adminUser.id }))).status).toBe(
      403,
    );

    const updated = await member.client.call((api) =>
      api.users.update({
        id: member.id,
        firstName: "Trpc",
        isAdmin: true,
      }),
    );
    expect(updated.json).toMatchObject({ firstName: "Trpc", isAdmin: false });
    const weak = await member.client.call((api) =>
      api.users.update({
        id: member.id,
        password: "weak",
      }),
    );
    expect(weak.status).toBe(422);
    expect(weak.json.errors).toEqual([
      { path: "password", message: weakMessage, key: "password", values: {} },
    ]);
  });
});
