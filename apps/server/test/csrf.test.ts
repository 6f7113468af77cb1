import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * CSRF on the wire: the hook that asks every unsafe request riding on a cookie to echo XSRF-TOKEN,
 * and the GET calls that change state reached at /api and /trpc (alone or in a batch). What those
 * calls refuse and keep is the API's own test (packages/api/src/accounts/gets-that-change-state.test.ts).
 */

let server: TestServer;
let user: { id: number; email: string; password: string };

beforeAll(async () => {
  server = await startTestServer();
  user = await server.createUser({ firstName: "Ada", lastName: "Lovelace" });
});
afterAll(() => server.close());

describe("CSRF", () => {
  it("refuses a cookie-authenticated unsafe request without the X-XSRF-TOKEN header", async () => {
    const client = server.client();
    await client.login(user.email, user.password);
    client.sendXsrf = false;
    const res = await client.patch(`/api/users/${user.id}`, { firstName: "Eve" });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      message: "Missing or invalid X-XSRF-TOKEN header",
      key: "xsrf",
      values: {},
    });
    const wrong = await client.patch(
      `/api/users/${user.id}`,
      { firstName: "Eve" },
      { "x-xsrf-token": "forged" },
    );
    expect(wrong.status).toBe(403);
    client.sendXsrf = true;
    const ok = await client.patch(`/api/users/${user.id}`, { firstName: "Ada" });
    expect(ok.status).toBe(200);
  });

  it("asks nothing of a script calling with its token, which carries no cookie to ride on", async () => {
    const owner = server.client();
    await owner.login(user.email, user.password);
    const token = (await owner.post("/api/tokens", { name: "script" })).json.token as string;
    const script = server.client();
    script.bearer = token;
    const res = await script.patch(`/api/users/${user.id}`, { lastName: "Scripted" });
    expect(res.status).toBe(200);
    expect(res.json.lastName).toBe("Scripted");
  });

  it("refuses the GET calls that change state (log out, set up a tablet, open an invite) from a cookie without the X-XSRF-TOKEN header, as a link from another site sends them", async () => {
    const admin = await server.createUser({ isAdmin: true });
    const client = server.client();
    await client.login(admin.email, admin.password);
    const location = (
      await client.post("/api/locations", {
        Name: "Csrf Street",
        Address: "1 Csrf St",
        ProgramIds: [],
      })
    ).json as { id: number };
    const invite = (
      await client.post("/api/invites", { firstName: "Ivy", email: "ivy.csrf@example.org" })
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
    expect((await client.get("/api/users/me")).json).toMatchObject({ id: admin.id });

    // A forged header is refused too; the web app's own calls, which echo the cookie, work.
    expect((await client.get("/api/auth/logout", { "x-xsrf-token": "forged" })).status).toBe(403);
    client.sendXsrf = true;
    expect((await client.get(`/api/invites/${invite.id}`)).status).toBe(200);
    await client.login(admin.email, admin.password);
    expect((await client.get(`/trpc/locations.setup?input=${setupInput}`)).status).toBe(200);
    expect(await tablets()).toBe(1);
    await client.login(admin.email, admin.password);
    expect((await client.get("/api/auth/logout")).status).toBe(204);
    expect((await client.get("/api/users/me")).status).toBe(204);

    // Nobody logged in, or a script with a bearer token: no cookie to ride on, nothing to check.
    const anonymous = server.client();
    anonymous.sendXsrf = false;
    expect((await anonymous.get("/api/auth/logout")).status).toBe(204);
  });

  it("sets a readable XSRF-TOKEN cookie", async () => {
    const res = await server.client().get("/healthz");
    const xsrf = res.cookies.find((c) => c.name === "XSRF-TOKEN");
    expect(xsrf?.value).toMatch(/.{20,}/);
    expect(xsrf?.httpOnly).toBeFalsy();
  });
});
