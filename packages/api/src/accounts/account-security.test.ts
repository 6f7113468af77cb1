import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { limits } from "../kernel/rate-limit.ts";
import { newAddress } from "../../test/addresses.ts";
import { adminClient } from "../../test/fixtures.ts";
import { startWorld, type Client, type World } from "../../test/world.ts";

let world: World;
let admin: Client;
let adminId: number;

beforeAll(async () => {
  world = await startWorld();
  admin = await adminClient(world);
  adminId = (await admin.call((api) => api.users.me())).json.id;
});
afterAll(() => world.close());
beforeEach(() => {
  world.clock.offsetMs = 0;
});

/** A user logged in from two browsers, with an API token made from the first. */
async function userWithTwoSessionsAndToken() {
  const user = await world.createUser({ password: "oldpassword1" });
  const here = world.client();
  await here.login(user.email, user.password);
  const elsewhere = world.client();
  await elsewhere.login(user.email, user.password);
  const token = (await here.call((api) => api.tokens.create({ name: "script" }))).json
    .token as string;
  const script = Object.assign(world.client(), { bearer: token });
  return { user, here, elsewhere, script };
}

const whoAmI = async (client: Client) => (await client.call((api) => api.users.me())).status;

describe("changing a password", () => {
  it("ends the user's other sessions, keeps the one that changed it, and keeps API tokens", async () => {
    const { user, here, elsewhere, script } = await userWithTwoSessionsAndToken();
    const res = await here.call((api) =>
      api.users.update({ id: user.id, password: "newpassword1" }),
    );
    expect(res.status).toBe(200);
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(script)).toBe(200);
    expect(
      (
        await world
          .client()
          .call((api) => api.auth.login({ email: user.email, password: "newpassword1" }))
      ).status,
    ).toBe(200);
  });

  it("set by an admin, ends every session of that user and none of the admin's", async () => {
    const { user, here, elsewhere } = await userWithTwoSessionsAndToken();
    expect(
      (await admin.call((api) => api.users.update({ id: user.id, password: "setbyadmin1" })))
        .status,
    ).toBe(200);
    expect(await whoAmI(here)).toBe(204);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(admin)).toBe(200);
  });

  it("is the only change that ends sessions: a new name or a blank password keeps them", async () => {
    const { user, here, elsewhere } = await userWithTwoSessionsAndToken();
    expect(
      (
        await here.call((api) =>
          api.users.update({ id: user.id, firstName: "Renamed", password: "" }),
        )
      ).status,
    ).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(200);
  });
});

describe("deactivating a user", () => {
  it("ends their sessions and tokens at once, answers their login like a bad password, and keeps them listed as inactive", async () => {
    const { user, here, elsewhere, script } = await userWithTwoSessionsAndToken();
    const res = await admin.call((api) => api.users.update({ id: user.id, isActive: false }));
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(false);
    expect(await whoAmI(here)).toBe(204);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(script)).toBe(401);
    expect((await script.call((api) => api.locations.list())).status).toBe(401);

    const login = await world
      .client()
      .call((api) => api.auth.login({ email: user.email, password: user.password }));
    const badPassword = await world
      .client()
      .call((api) => api.auth.login({ email: user.email, password: "wrongpass1" }));
    expect(login.status).toBe(422);
    expect(login.json).toEqual(badPassword.json);

    const listed = (await admin.call((api) => api.users.list())).json.find(
      (u: { id: number }) => u.id === user.id,
    );
    expect(listed).toMatchObject({ id: user.id, isActive: false });
    expect((await admin.call((api) => api.users.get({ id: user.id }))).json.isActive).toBe(false);
  });

  it("can be undone: a reactivated user logs in again and their tokens work again", async () => {
    const { user, script } = await userWithTwoSessionsAndToken();
    expect(
      (await admin.call((api) => api.users.update({ id: user.id, isActive: false }))).status,
    ).toBe(200);
    const res = await admin.call((api) => api.users.update({ id: user.id, isActive: true }));
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(true);
    expect(
      (
        await world
          .client()
          .call((api) => api.auth.login({ email: user.email, password: user.password }))
      ).status,
    ).toBe(200);
    expect(await whoAmI(script)).toBe(200);
  });

  it("is refused to an admin on their own account (403), changing nothing", async () => {
    const res = await admin.call((api) => api.users.update({ id: adminId, isActive: false }));
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("You cannot deactivate your own account");
    expect(await whoAmI(admin)).toBe(200);
    expect((await admin.call((api) => api.users.get({ id: adminId }))).json.isActive).toBe(true);
  });

  it("is ignored from staff, as isAdmin is", async () => {
    const { user, elsewhere } = await userWithTwoSessionsAndToken();
    const res = await elsewhere.call((api) => api.users.update({ id: user.id, isActive: false }));
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(true);
    expect(await whoAmI(elsewhere)).toBe(200);
  });

  it("answers 422 for an isActive that is not a boolean", async () => {
    const user = await world.createUser();
    for (const isActive of ["false", 0, null]) {
      const res = await admin.call((api) => api.users.update({ id: user.id, isActive } as never));
      expect(res.status, String(isActive)).toBe(422);
      expect(res.json.errors[0].path).toBe("isActive");
    }
  });
});

const MINUTE = 60_000;
const reauthenticate = "Enter your current password to change your email or password";
const canLogIn = async (email: string, password: string) =>
  (await world.client(newAddress()).call((api) => api.auth.login({ email, password }))).status ===
  200;
const emailOf = async (id: number) =>
  (
    await world.services.db.kysely
      .selectFrom("users")
      .select("email")
      .where("id", "=", id)
      .executeTakeFirstOrThrow()
  ).email;

describe("an API token cannot manage tokens or credentials", () => {
  it("cannot create a token, nor revoke one, its own included (403), and stays working", async () => {
    const { here, script } = await userWithTwoSessionsAndToken();
    const created = await script.call((api) => api.tokens.create({ name: "another" }));
    expect(created.status).toBe(403);
    expect(created.json).toEqual({
      status: 403,
      message: "An API token cannot create or revoke API tokens: use the web app",
      key: "tokenCannotManageTokens",
      values: {},
    });
    const tokens = (await here.call((api) => api.tokens.list())).json as Array<{ id: number }>;
    expect(tokens).toHaveLength(1);
    expect((await script.call((api) => api.tokens.revoke({ id: tokens[0]!.id }))).status).toBe(403);
    expect(await whoAmI(script)).toBe(200);
    // Listing stays open to scripts.
    expect((await script.call((api) => api.tokens.list())).status).toBe(200);
  });

  it("cannot change its user's password or email, even with the current password; other fields it may", async () => {
    const { user, script } = await userWithTwoSessionsAndToken();
    const message = "An API token cannot change a password or an email: use the web app";
    for (const body of [
      { password: "fromscript1" },
      { email: `taken-over-${user.id}@example.org` },
      { password: "fromscript1", currentPassword: user.password },
    ]) {
      const res = await script.call((api) => api.users.update({ id: user.id, ...body }));
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.json).toEqual({ status: 403, message, key: "tokenCannotChangeLogin", values: {} });
      expect((await script.call((api) => api.users.replace({ id: user.id, ...body }))).status).toBe(
        403,
      );
    }
    expect(await canLogIn(user.email, user.password)).toBe(true);
    expect(await emailOf(user.id)).toBe(user.email);
    // The same email sent back, with a new name, changes no credential.
    const renamed = await script.call((api) =>
      api.users.update({ id: user.id, firstName: "Scripted", email: user.email, password: "" }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.json.firstName).toBe("Scripted");
  });

  it("an admin's token cannot set another user's password or email either", async () => {
    const { user } = await userWithTwoSessionsAndToken();
    const adminToken = (await admin.call((api) => api.tokens.create({ name: "admin script" }))).json
      .token;
    const script = Object.assign(world.client(), { bearer: adminToken as string });
    expect(
      (await script.call((api) => api.users.update({ id: user.id, password: "byscript12" })))
        .status,
    ).toBe(403);
    expect(
      (
        await script.call((api) =>
          api.users.update({ id: user.id, email: `x-${user.id}@example.org` }),
        )
      ).status,
    ).toBe(403);
    expect(await canLogIn(user.email, user.password)).toBe(true);
  });
});

describe("changing one's own email or password: the current password, or a recent login", () => {
  it("needs neither within 10 minutes of logging in, as the original My Account form sends it", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    world.clock.offsetMs = 9 * MINUTE;
    const res = await here.call((api) =>
      api.users.update({
        id: user.id,
        firstName: "Fresh",
        email: `fresh-${user.id}@example.org`,
        password: "freshpass1",
      }),
    );
    expect(res.status).toBe(200);
    expect(await canLogIn(`fresh-${user.id}@example.org`, "freshpass1")).toBe(true);
  });

  it("later, answers 403 without the current password, 422 on currentPassword with a wrong one, and saves with the right one", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    world.clock.offsetMs = 60 * MINUTE;
    const newEmail = `later-${user.id}@example.org`;
    for (const body of [{ password: "laterpass1" }, { email: newEmail }]) {
      const res = await here.call((api) => api.users.update({ id: user.id, ...body }));
      expect(res.status).toBe(403);
      expect(res.json).toEqual({
        status: 403,
        message: reauthenticate,
        key: "reauthenticate",
        values: {},
      });
    }
    const wrong = await here.call((api) =>
      api.users.update({ id: user.id, password: "laterpass1", currentPassword: "notmypass1" }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual([
      {
        path: "currentPassword",
        message: "Current password is incorrect",
        key: "wrongCurrentPassword",
        values: {},
      },
    ]);
    expect(await canLogIn(user.email, user.password)).toBe(true);

    const right = await here.call((api) =>
      api.users.update({
        id: user.id,
        email: newEmail,
        password: "laterpass1",
        currentPassword: user.password,
      }),
    );
    expect(right.status).toBe(200);
    expect(right.json.email).toBe(newEmail);
    expect(await canLogIn(newEmail, "laterpass1")).toBe(true);
    // A name alone, with the unchanged email sent back as the form does, needs nothing.
    expect(
      (
        await here.call((api) =>
          api.users.update({ id: user.id, firstName: "Named", email: newEmail }),
        )
      ).status,
    ).toBe(200);
  });

  it("asks for it as well just past those 10 minutes", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    world.clock.offsetMs = 11 * MINUTE;
    const refused = await here.call((api) =>
      api.users.update({ id: user.id, password: "justpast123" }),
    );
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(reauthenticate);
    const saved = await here.call((api) =>
      api.users.update({ id: user.id, password: "justpast123", currentPassword: user.password }),
    );
    expect(saved.status).toBe(200);
    expect(await canLogIn(user.email, "justpast123")).toBe(true);
  });

  it("limits wrong current passwords as wrong logins are", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    world.clock.offsetMs = 11 * MINUTE;
    const statuses: number[] = [];
    for (let i = 0; i <= limits.loginFailuresPerDevice.max; i++)
      statuses.push(
        (
          await here.call((api) =>
            api.users.update({
              id: user.id,
              password: "guessing12",
              currentPassword: `guess${i}abc`,
            }),
          )
        ).status,
      );
    expect(statuses).toEqual([...Array(limits.loginFailuresPerDevice.max).fill(422), 429]);
    expect(await canLogIn(user.email, user.password)).toBe(true);
  });

  it("an admin sets another user's password and email without their own password, long after logging in, and the log says so", async () => {
    const { user } = await userWithTwoSessionsAndToken();
    world.clock.offsetMs = 60 * MINUTE;
    const newEmail = `set-by-admin-${user.id}@example.org`;
    const res = await admin.call((api) =>
      api.users.update({ id: user.id, email: newEmail, password: "adminset12" }),
    );
    expect(res.status).toBe(200);
    expect(await canLogIn(newEmail, "adminset12")).toBe(true);
    const entries = await world.services.db.kysely
      .selectFrom("audit_log")
      .select(["action", "user_id", "details"])
      .where("subject_type", "=", "user")
      .where("subject_id", "=", user.id)
      .orderBy("id")
      .execute();
    expect(entries).toEqual([
      { action: "user.change_email", user_id: adminId, details: { email: user.email, newEmail } },
      { action: "user.set_password", user_id: adminId, details: { email: user.email } },
    ]);
    // The admin's own account follows the rule of everyone's.
    expect(
      (await admin.call((api) => api.users.update({ id: adminId, password: "adminown12" }))).status,
    ).toBe(403);
  });

  it("records nothing when people change their own", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    expect(
      (await here.call((api) => api.users.update({ id: user.id, password: "ownchange1" }))).status,
    ).toBe(200);
    const entries = await world.services.db.kysely
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", user.id)
      .where("subject_type", "=", "user")
      .execute();
    expect(entries).toEqual([]);
  });
});
