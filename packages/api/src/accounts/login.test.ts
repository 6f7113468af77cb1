import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUserAnswer } from "../../test/answers.ts";
import { startWorld, type World } from "../../test/world.ts";

let world: World;
let user: { id: number; email: string; password: string };

beforeAll(async () => {
  world = await startWorld();
  user = await world.createUser({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "Ada.Lovelace@example.org",
    password: "analytical1",
  });
});
afterAll(() => world.close());

describe("logging in", () => {
  it("logs in with the right password and sets a secure session cookie", async () => {
    const client = world.client();
    const res = await client.call((api) =>
      api.auth.login({ email: user.email, password: user.password }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual(
      staffUserAnswer({ id: user.id, firstName: "Ada", lastName: "Lovelace", email: user.email }),
    );
    expect(res.json).not.toHaveProperty("password_hash");
    const session = res.cookies.find((c) => c.name === "session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/" });
    expect(session?.maxAge).toBeGreaterThan(29 * 24 * 3600);
    // Lucia's guidance: the database holds the token's SHA-256, never the token.
    const rows = await world.services.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows.map((r) => r.id)).not.toContain(session?.value);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("matches the email whatever its case", async () => {
    const res = await world
      .client()
      .call((api) =>
        api.auth.login({ email: "ADA.lovelace@EXAMPLE.org", password: user.password }),
      );
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
  });

  it("answers 422 with the contract's body for a wrong password or an unknown email", async () => {
    for (const body of [
      { email: user.email, password: "wrong-password1" },
      { email: "nobody@example.org", password: "whatever1" },
    ]) {
      const res = await world.client().call((api) => api.auth.login(body));
      expect(res.status).toBe(422);
      expect(res.json).toEqual({
        status: 422,
        message: "Invalid email and/or password.",
        key: "invalidLogin",
        values: {},
        errors: [
          {
            path: "email",
            message: "Invalid email and/or password.",
            key: "invalidLogin",
            values: {},
          },
        ],
      });
      expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    }
  });

  it("answers 422 with field paths for input of the wrong shape", async () => {
    const res = await world.client().call((api) => api.auth.login({ email: 5 } as never));
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "email",
      "password",
    ]);
  });
});

describe("current user and logout", () => {
  it("the current user is no answer (204) when nobody is logged in", async () => {
    const res = await world.client().call((api) => api.users.me());
    expect(res.status).toBe(204);
    expect(res.json).toBeNull();
  });

  it("the current user is the one logged in, and logout (204) ends the session", async () => {
    const client = world.client();
    await client.login(user.email, user.password);
    const me = await client.call((api) => api.users.me());
    expect(me.status).toBe(200);
    expect(me.json.email).toBe(user.email);
    const token = client.jar.get("session");

    const out = await client.call((api) => api.auth.logout());
    expect(out.status).toBe(204);
    expect(client.jar.has("session")).toBe(false);
    expect((await client.call((api) => api.users.me())).status).toBe(204);

    // The old cookie no longer works even if someone kept it.
    const replay = world.client();
    replay.jar.set("session", token!);
    expect((await replay.call((api) => api.users.me())).status).toBe(204);
  });

  it("logout is fine when nobody is logged in", async () => {
    expect((await world.client().call((api) => api.auth.logout())).status).toBe(204);
  });

  it("an expired session is nobody, and a session used late in its life slides forward", async () => {
    const client = world.client();
    await client.login(user.email, user.password);
    world.clock.offsetMs = 20 * 24 * 3600 * 1000;
    const renewed = await client.call((api) => api.users.me());
    expect(renewed.status).toBe(200);
    expect(renewed.cookies.find((c) => c.name === "session")?.maxAge).toBeGreaterThan(
      29 * 24 * 3600,
    );
    world.clock.offsetMs = 51 * 24 * 3600 * 1000;
    expect((await client.call((api) => api.users.me())).status).toBe(204);
    world.clock.offsetMs = 0;
  });
});
