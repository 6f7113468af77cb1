import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffUserAnswer } from "./answers.ts";
import { startWorld, type World } from "../../test/world.ts";

let server: World;
let user: { id: number; email: string; password: string };

beforeAll(async () => {
  server = await startWorld();
  user = await server.createUser({
    firstName: "Ada",
    lastName: "Lovelace",
    email: "Ada.Lovelace@example.org",
    password: "analytical1",
  });
});
afterAll(() => server.close());

describe("POST /api/auth/login", () => {
  it("logs in with the right password and sets a secure session cookie", async () => {
    const client = await server.client().prime();
    const res = await client.call((api) =>
      api.auth.login({ email: user.email, password: user.password }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toEqual(
      staffUserAnswer({ id: user.id, firstName: "Ada", lastName: "Lovelace", email: user.email }),
    );
    expect(res.json).not.toHaveProperty("password_hash");
    const session = res.cookies.find((c) => c.name === "session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session?.maxAge).toBeGreaterThan(29 * 24 * 3600);
    // Lucia's guidance: the database holds the token's SHA-256, never the token.
    const rows = await server.services.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(rows.map((r) => r.id)).not.toContain(session?.value);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.id))).toBe(true);
  });

  it("matches the email whatever its case", async () => {
    const res = await (
      await server.client().prime()
    ).call((api) => api.auth.login({ email: "ADA.lovelace@EXAMPLE.org", password: user.password }));
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
  });

  it("answers 422 with the contract's body for a wrong password or an unknown email", async () => {
    for (const body of [
      { email: user.email, password: "wrong-password1" },
      { email: "nobody@example.org", password: "whatever1" },
    ]) {
      const res = await server.client().call((api) => api.auth.login(body));
      expect(res.status).toBe(422);
      expect(res.json).toEqual({
        status: 422,
        message: "Invalid email and/or password.",
        errors: [{ path: "email", message: "Invalid email and/or password." }],
      });
      expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    }
  });

  it("answers 422 with field paths for input of the wrong shape", async () => {
    const res = await server.client().call((api) => api.auth.login({ email: 5 }));
    expect(res.status).toBe(422);
    expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "email",
      "password",
    ]);
  });

  it("answers 400 with a JSON body for malformed JSON", async () => {
    const res = await server
      .client()
      .request("POST", "/api/auth/login", "{bad", { "content-type": "application/json" });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400 });
  });
});

describe("current user and logout", () => {
  it("GET /api/users/me is 204 with no body when nobody is logged in", async () => {
    const res = await server.client().call((api) => api.users.me());
    expect(res.status).toBe(204);
    expect(res.body).toBe("");
  });

  it("GET /api/users/me returns the user, and logout (204) ends the session", async () => {
    const client = server.client();
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
    const replay = server.client();
    replay.jar.set("session", token!);
    expect((await replay.call((api) => api.users.me())).status).toBe(204);
  });

  it("logout is fine when nobody is logged in", async () => {
    expect((await server.client().call((api) => api.auth.logout())).status).toBe(204);
  });

  it("an expired session is nobody, and a session used late in its life slides forward", async () => {
    const client = server.client();
    await client.login(user.email, user.password);
    server.clock.offsetMs = 20 * 24 * 3600 * 1000;
    const renewed = await client.call((api) => api.users.me());
    expect(renewed.status).toBe(200);
    expect(renewed.cookies.find((c) => c.name === "session")?.maxAge).toBeGreaterThan(
      29 * 24 * 3600,
    );
    server.clock.offsetMs = 51 * 24 * 3600 * 1000;
    expect((await client.call((api) => api.users.me())).status).toBe(204);
    server.clock.offsetMs = 0;
  });
});

describe("over /trpc", () => {
  it("logs in, reads the current user and logs out", async () => {
    const client = await server.client().prime();
    const login = await client.call((api) =>
      api.auth.login({
        email: user.email,
        password: user.password,
      }),
    );
    expect(login.status).toBe(200);
    expect(login.json.result.data.email).toBe(user.email);
    const me = await client.call((api) => api.users.me());
    expect(me.json.result.data.id).toBe(user.id);
    await client.call((api) => api.auth.logout());
    expect((await client.call((api) => api.users.me())).json.result.data).toBeNull();
  });

  it("returns 422 with field errors for a wrong password", async () => {
    const res = await (
      await server.client().prime()
    ).call((api) => api.auth.login({ email: user.email, password: "nope12345" }));
    expect(res.status).toBe(422);
    expect(res.json.error.errors).toEqual([
      { path: "email", message: "Invalid email and/or password." },
    ]);
    expect(JSON.stringify(res.json)).not.toMatch(/stack|at .*\.ts/);
  });
});

describe("CSRF", () => {
  it("refuses a cookie-authenticated unsafe request without the X-XSRF-TOKEN header", async () => {
    const client = server.client();
    await client.login(user.email, user.password);
    client.sendXsrf = false;
    const res = await client.call((api) => api.users.update({ id: user.id, firstName: "Eve" }));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ status: 403, message: "Missing or invalid X-XSRF-TOKEN header" });
    const wrong = await client.call((api) => api.users.update({ id: user.id, firstName: "Eve" }), {
      headers: { "x-xsrf-token": "forged" },
    });
    expect(wrong.status).toBe(403);
    client.sendXsrf = true;
    const ok = await client.call((api) => api.users.update({ id: user.id, firstName: "Ada" }));
    expect(ok.status).toBe(200);
  });

  it("refuses the GET calls that change state (log out, set up a tablet, open an invite) from a cookie without the X-XSRF-TOKEN header, as a link from another site sends them", async () => {
    const admin = await server.createUser({ isAdmin: true });
    const client = server.client();
    await client.login(admin.email, admin.password);
    const location = (
      await client.call((api) =>
        api.locations.create({ Name: "Csrf Street", Address: "1 Csrf St", ProgramIds: [] }),
      )
    ).json as { id: number };
    const invite = (
      await client.call((api) =>
        api.invites.create({ firstName: "Ivy", email: "ivy.csrf@example.org" }),
      )
    ).json as { id: string };
    const tablets = async () => {
      const { n } = await server.services.db.kysely
        .selectFrom("tablets")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("location_id", "=", location.id)
        .executeTakeFirstOrThrow();
      return Number(n);
    };

    // A page on another site can link here: the browser sends the cookies, never the header.
    client.sendXsrf = false;
    const setupInput = encodeURIComponent(JSON.stringify({ id: location.id }));
    const inviteInput = encodeURIComponent(JSON.stringify({ id: invite.id }));
    for (const url of [
      "/api/auth/logout",
      "/trpc/auth.logout",
      `/api/locations/${location.id}/setup`,
      `/trpc/locations.setup?input=${setupInput}`,
      `/api/invites/${invite.id}`,
      `/trpc/invites.get?input=${inviteInput}`,
    ]) {
      const res = await client.get(url);
      expect(res.status, url).toBe(403);
      expect(res.body, url).toContain("Missing or invalid X-XSRF-TOKEN header");
      expect(
        res.cookies.map((c) => c.name),
        url,
      ).not.toContain("session");
    }
    // Hidden in a batch beside a harmless query: that one answers, the setup is refused.
    const batch = await client.get(
      `/trpc/users.me,locations.setup?batch=1&input=${encodeURIComponent(JSON.stringify({ 1: { id: location.id } }))}`,
    );
    expect(batch.json[0].result.data).toMatchObject({ id: admin.id });
    expect(batch.json[1].error).toMatchObject({
      status: 403,
      message: "Missing or invalid X-XSRF-TOKEN header",
    });
    expect(batch.cookies.map((c) => c.name)).not.toContain("session");
    expect(await tablets()).toBe(0);
    // Still logged in: nothing above ended the session.
    expect((await client.call((api) => api.users.me())).json).toMatchObject({ id: admin.id });

    // A forged header is refused too; the web app's own calls, which echo the cookie, work.
    expect(
      (await client.call((api) => api.auth.logout(), { headers: { "x-xsrf-token": "forged" } }))
        .status,
    ).toBe(403);
    client.sendXsrf = true;
    expect((await client.call((api) => api.invites.get({ id: invite.id }))).status).toBe(200);
    await client.login(admin.email, admin.password);
    expect((await client.get(`/trpc/locations.setup?input=${setupInput}`)).status).toBe(200);
    expect(await tablets()).toBe(1);
    await client.login(admin.email, admin.password);
    expect((await client.call((api) => api.auth.logout())).status).toBe(204);
    expect((await client.call((api) => api.users.me())).status).toBe(204);

    // Nobody logged in, or a script with a bearer token: no cookie to ride on, nothing to check.
    const anonymous = server.client();
    anonymous.sendXsrf = false;
    expect((await anonymous.call((api) => api.auth.logout())).status).toBe(204);
  });

  it("sets a readable XSRF-TOKEN cookie", async () => {
    const res = await server.client().get("/healthz");
    const xsrf = res.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(xsrf?.value).toMatch(/.{20,}/);
    expect(xsrf?.httpOnly).toBeFalsy();
  });
});
