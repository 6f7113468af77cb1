import { hashToken } from "../kernel/tokens.ts";
import { promoteToAdmin } from "./users.ts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { newAddress } from "../../test/addresses.ts";
import { startWorld, type World } from "../../test/world.ts";
import { linkIn, mailsTo } from "../../test/mail.ts";

let world: World;
const HOUR = 3_600_000;
const weakMessage = "Minimum eight characters, at least one letter and one number";

beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());
beforeEach(() => {
  world.clock.offsetMs = 0;
});

/** Asks for a reset as the web app does and returns the token from the emailed link. */
async function requestReset(email: string): Promise<string> {
  const before = mailsTo(world, email).length;
  const res = await world.client(newAddress()).call((api) => api.passwords.request({ email }));
  expect(res.status).toBe(200);
  const mails = mailsTo(world, email);
  expect(mails).toHaveLength(before + 1);
  return linkIn(mails.at(-1)!, "http://signin.test/passwords/reset/").split("/").pop()!;
}

/** Sets a new password with a reset link, from a browser of its own. */
const useLink = async (token: string, password: string) =>
  world.client().call((api) => api.passwords.update({ token, password }));

const canLogIn = async (email: string, password: string) =>
  (await world.client(newAddress()).call((api) => api.auth.login({ email, password }))).status ===
  200;

describe("asking for a reset link", () => {
  it("emails a reset link (200) whose token is stored only as a hash, valid for 48 hours", async () => {
    const user = await world.createUser({ firstName: "Rosa" });
    const res = await world
      .client(newAddress())
      .call((api) => api.passwords.request({ email: user.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, emailSent: true });

    const [mail] = mailsTo(world, user.email);
    expect(mail!.subject).toMatch(/reset/i);
    expect(mail!.text).toContain("Hello Rosa");
    const token = linkIn(mail!, "http://signin.test/passwords/reset/").split("/").pop()!;
    expect(token).toMatch(/^[a-z0-9]{20,}$/);

    const rows = await world.services.db.kysely
      .selectFrom("password_resets")
      .selectAll()
      .where("user_id", "=", user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = rows[0]!.expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(47.9 * HOUR);
    expect(lifetime).toBeLessThanOrEqual(48 * HOUR);
  });

  it("answers 404 for an email nobody has, and sends nothing", async () => {
    const before = world.mails.length;
    const res = await world
      .client(newAddress())
      .call((api) => api.passwords.request({ email: "ghost@example.org" }));
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      status: 404,
      message: "Email not found",
      key: "emailNotFound",
      values: {},
    });
    expect(world.mails.length).toBe(before);
  });

  it("answers 422 for a missing or mistyped email", async () => {
    for (const body of [
      {},
      { email: 42 },
      { email: ["a@example.org"] },
      { email: "x".repeat(300) },
    ]) {
      const res = await world
        .client(newAddress())
        .call((api) => api.passwords.request(body as never));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([expect.objectContaining({ path: "email" })]);
    }
  });

  it("answers 429 with Retry-After after repeated requests for one email, from any address", async () => {
    const user = await world.createUser();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await world
            .client(newAddress())
            .call((api) => api.passwords.request({ email: user.email }))
        ).status,
      ).toBe(200);
    }
    const limited = await world
      .client(newAddress())
      .call((api) => api.passwords.request({ email: user.email.toUpperCase() }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers["Retry-After"])).toBeGreaterThan(0);
    expect(limited.json).toEqual({
      status: 429,
      message: expect.any(String),
      key: expect.any(String),
      values: expect.any(Object),
    });
    expect(mailsTo(world, user.email)).toHaveLength(5);

    // The window passes, and asking works again.
    world.clock.offsetMs = HOUR + 1000;
    expect(
      (await world.client(newAddress()).call((api) => api.passwords.request({ email: user.email })))
        .status,
    ).toBe(200);
  });

  it("answers 429 after repeated requests from one address, whatever the emails", async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push(
        (
          await world
            .client(address)
            .call((api) => api.passwords.request({ email: `probe${i}@example.org` }))
        ).status,
      );
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(404));
    expect(statuses[20]).toBe(429);
    const user = await world.createUser();
    expect(
      (await world.client(address).call((api) => api.passwords.request({ email: user.email })))
        .status,
    ).toBe(429);
    expect(mailsTo(world, user.email)).toEqual([]);
  });
});

describe("checking a reset link", () => {
  it("is 200 for a fresh link, 404 for an unknown one", async () => {
    const user = await world.createUser();
    const token = await requestReset(user.email);
    expect((await world.client().call((api) => api.passwords.check({ token }))).status).toBe(200);
    const unknown = await world
      .client()
      .call((api) => api.passwords.check({ token: "notarealtoken" }));
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({
      status: 404,
      message: expect.any(String),
      key: expect.any(String),
      values: expect.any(Object),
    });
  });

  it("is 410 once 48 hours have passed", async () => {
    const user = await world.createUser();
    const token = await requestReset(user.email);
    world.clock.offsetMs = 47 * HOUR;
    expect((await world.client().call((api) => api.passwords.check({ token }))).status).toBe(200);
    world.clock.offsetMs = 48 * HOUR + 1000;
    const res = await world.client().call((api) => api.passwords.check({ token }));
    expect(res.status).toBe(410);
    expect(res.json).toEqual({
      status: 410,
      message: "This password reset link has expired",
      key: "resetLinkExpired",
      values: {},
    });
  });
});

describe("using a reset link", () => {
  it("sets the new password (200) once, ends every session of that user, and keeps their API tokens", async () => {
    const user = await world.createUser({ password: "oldpassword1" });
    const laptop = world.client();
    const phone = world.client();
    await laptop.login(user.email, user.password);
    await phone.login(user.email, user.password);
    const script = Object.assign(world.client(), {
      bearer: (await laptop.call((api) => api.tokens.create({ name: "script" }))).json
        .token as string,
    });
    const token = await requestReset(user.email);

    const res = await world
      .client()
      .call((api) => api.passwords.update({ token, password: "brandnew22" }));
    expect(res.status).toBe(200);
    expect(await canLogIn(user.email, "brandnew22")).toBe(true);
    expect(await canLogIn(user.email, "oldpassword1")).toBe(false);
    expect((await laptop.call((api) => api.users.me())).status).toBe(204);
    expect((await phone.call((api) => api.users.me())).status).toBe(204);
    // API tokens stay: listed, and revocable, on My Account.
    expect((await script.call((api) => api.users.me())).status).toBe(200);

    const row = await world.services.db.kysely
      .selectFrom("password_resets")
      .select("used_at")
      .where("token_hash", "=", hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeInstanceOf(Date);

    const again = await world
      .client()
      .call((api) => api.passwords.update({ token, password: "another333" }));
    expect(again.status).toBe(410);
    expect(again.json).toEqual({
      status: 410,
      message: "This password reset link has already been used",
      key: "resetLinkUsed",
      values: {},
    });
    expect((await world.client().call((api) => api.passwords.check({ token }))).status).toBe(410);
    expect(await canLogIn(user.email, "brandnew22")).toBe(true);
  });

  it("answers 422 with the rule's message for a weak password, and the link still works", async () => {
    const user = await world.createUser({ password: "keepthis11" });
    const token = await requestReset(user.email);
    for (const password of ["short1", "lettersonly", "12345678901", "", 12345678]) {
      const res = await world
        .client()
        .call((api) => api.passwords.update({ token, password } as never));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        typeof password === "number"
          ? { path: "password", message: expect.any(String), key: "invalidInput", values: {} }
          : { path: "password", message: weakMessage, key: "password", values: {} },
      ]);
    }
    const missing = await world.client().call((api) => api.passwords.update({ token } as never));
    expect(missing.status).toBe(422);
    expect(await canLogIn(user.email, "keepthis11")).toBe(true);
    expect((await world.client().call((api) => api.passwords.check({ token }))).status).toBe(200);
  });

  it("answers 410 for an expired link and 404 for an unknown one, changing nothing", async () => {
    const user = await world.createUser({ password: "unchanged1" });
    const token = await requestReset(user.email);
    world.clock.offsetMs = 49 * HOUR;
    const expired = await world
      .client()
      .call((api) => api.passwords.update({ token, password: "newpass123" }));
    expect(expired.status).toBe(410);
    const unknown = await world
      .client()
      .call((api) => api.passwords.update({ token: "nosuchtoken", password: "newpass123" }));
    expect(unknown.status).toBe(404);
    expect(await canLogIn(user.email, "unchanged1")).toBe(true);
  });

  it("lets only one of two racing requests with the same link through", async () => {
    const user = await world.createUser();
    const token = await requestReset(user.email);
    const [a, b] = await Promise.all([
      world.client().call((api) => api.passwords.update({ token, password: "raceone11" })),
      world.client().call((api) => api.passwords.update({ token, password: "racetwo22" })),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 410]);
    const winner = a.status === 200 ? "raceone11" : "racetwo22";
    expect(await canLogIn(user.email, winner)).toBe(true);
  });
});

describe("a password change ends every outstanding link of that user", () => {
  const linkStatus = async (token: string) =>
    (await world.client().call((api) => api.passwords.check({ token }))).status;
  const loggedIn = async (user: { email: string; password: string }) => {
    const client = world.client(newAddress());
    await client.login(user.email, user.password);
    return client;
  };

  it("using the newer of two links ends the older one", async () => {
    const user = await world.createUser();
    const older = await requestReset(user.email);
    const newer = await requestReset(user.email);
    expect((await useLink(newer, "newer1234")).status).toBe(200);
    expect(await linkStatus(older)).toBe(410);
    const late = await useLink(older, "older1234");
    expect(late.status).toBe(410);
    expect(late.json).toEqual({
      status: 410,
      message: "This password reset link has expired",
      key: "resetLinkExpired",
      values: {},
    });
    expect(await canLogIn(user.email, "newer1234")).toBe(true);
    expect(await canLogIn(user.email, "older1234")).toBe(false);
  });

  it("a new password on My Account ends the links sent before, each time", async () => {
    const user = await world.createUser();
    const owner = await loggedIn(user);
    const first = await requestReset(user.email);
    expect(
      (await owner.call((api) => api.users.update({ id: user.id, password: "mine12345" }))).status,
    ).toBe(200);
    expect(await linkStatus(first)).toBe(410);

    const second = await requestReset(user.email);
    expect(
      (await owner.call((api) => api.users.update({ id: user.id, password: "mine67890" }))).status,
    ).toBe(200);
    expect(await linkStatus(second)).toBe(410);
    expect((await useLink(second, "stolen123")).status).toBe(410);
    expect(await canLogIn(user.email, "mine67890")).toBe(true);
  });

  it("an admin setting the password, and create-admin, end the links sent before", async () => {
    const user = await world.createUser();
    const admin = await loggedIn(await world.createUser({ isAdmin: true }));
    const first = await requestReset(user.email);
    expect(
      (await admin.call((api) => api.users.update({ id: user.id, password: "byadmin12" }))).status,
    ).toBe(200);
    expect(await linkStatus(first)).toBe(410);

    const second = await requestReset(user.email);
    await promoteToAdmin(
      world.services.db.kysely,
      user.id,
      { firstName: "Back", lastName: "Again", password: "cliadmin12" },
      world.services.now(),
    );
    expect(await linkStatus(second)).toBe(410);
  });

  it("anything else keeps them: a new name, a blank password, another user's new password", async () => {
    const user = await world.createUser();
    const other = await world.createUser();
    const owner = await loggedIn(user);
    const token = await requestReset(user.email);
    expect(
      (
        await owner.call((api) =>
          api.users.update({ id: user.id, firstName: "Renamed", password: "" }),
        )
      ).status,
    ).toBe(200);
    const otherToken = await requestReset(other.email);
    expect((await useLink(otherToken, "others123")).status).toBe(200);
    expect(await linkStatus(token)).toBe(200);
  });
});
