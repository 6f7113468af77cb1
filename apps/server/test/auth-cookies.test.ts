import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness.ts";

/**
 * The cookies of logging in as a browser receives them (Set-Cookie): what sets and ends a session,
 * and what it proves, is the API's own test (packages/api/src/accounts).
 */

let server: TestServer;
let user: { id: number; email: string; password: string };

beforeAll(async () => {
  server = await startTestServer({ registrationEnabled: true });
  user = await server.createUser({ password: "analytical1" });
});
afterAll(() => server.close());

const day = 24 * 3600;

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site and a month, from a login", async () => {
    const client = await server.client().prime();
    const res = await client.post("/api/auth/login", {
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(200);
    const session = res.cookies.find((c) => c.name === "session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(session?.maxAge).toBeGreaterThan(29 * day);
    expect((await client.get("/api/users/me")).json.id).toBe(user.id);
  });

  it("is the same from a registration and from accepting an invite", async () => {
    const registered = await (
      await server.client().prime()
    ).post("/api/auth/register", {
      firstName: "Reg",
      lastName: "Istered",
      email: "cookie-reg@example.org",
      password: "register12",
    });
    expect(registered.status).toBe(201);
    expect(registered.cookies.find((c) => c.name === "session")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
    });

    const admin = await server.createUser({ isAdmin: true });
    const adminClient = server.client();
    await adminClient.login(admin.email, admin.password);
    const invite = (
      await adminClient.post("/api/invites", { firstName: "Ivy", email: "cookie-ivy@example.org" })
    ).json as { id: string };
    const accepted = await (
      await server.client().prime()
    ).post(`/api/invites/${invite.id}/accept`, {
      firstName: "Ivy",
      lastName: "Invitee",
      email: "cookie-ivy@example.org",
      password: "welcome123",
    });
    expect(accepted.status).toBe(201);
    expect(accepted.cookies.find((c) => c.name === "session")).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
    });
  });

  it("is cleared (empty) by opening an invite on that browser", async () => {
    const admin = await server.createUser({ isAdmin: true });
    const adminClient = server.client();
    await adminClient.login(admin.email, admin.password);
    const invite = (
      await adminClient.post("/api/invites", { firstName: "Ivo", email: "cookie-ivo@example.org" })
    ).json as { id: string };
    const client = server.client();
    await client.login(user.email, user.password);
    const res = await client.get(`/api/invites/${invite.id}`);
    expect(res.status).toBe(200);
    expect(res.cookies.find((c) => c.name === "session")?.value).toBe("");
    expect(client.jar.has("session")).toBe(false);
  });
});

describe("the device cookie", () => {
  it("is HttpOnly, SameSite=Lax, for the whole site and most of a year, and outlives a logout", async () => {
    const browser = server.client();
    const login = await browser.login(user.email, user.password);
    const cookie = login.cookies.find((c) => c.name === "device");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie!.maxAge).toBeGreaterThan(300 * day);
    expect((await browser.get("/api/auth/logout")).status).toBe(204);
    expect(browser.jar.has("device")).toBe(true);
    expect(browser.jar.has("session")).toBe(false);
  });
});
