import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient } from "./fixtures.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: Client;
let adminId: number;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  adminId = (await admin.get("/api/users/me")).json.id;
});
afterAll(() => server.close());

/** A user logged in from two browsers, with an API token made from the first. */
async function userWithTwoSessionsAndToken() {
  const user = await server.createUser({ password: "oldpassword1" });
  const here = server.client();
  await here.login(user.email, user.password);
  const elsewhere = server.client();
  await elsewhere.login(user.email, user.password);
  const token = (await here.post("/api/tokens", { name: "script" })).json.token as string;
  const script = Object.assign(server.client(), { bearer: token });
  return { user, here, elsewhere, script };
}

const whoAmI = async (client: Client) => (await client.get("/api/users/me")).status;

describe("changing a password", () => {
  it("ends the user's other sessions, keeps the one that changed it, and keeps API tokens", async () => {
    const { user, here, elsewhere, script } = await userWithTwoSessionsAndToken();
    const res = await here.patch(`/api/users/${user.id}`, { password: "newpassword1" });
    expect(res.status).toBe(200);
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(script)).toBe(200);
    expect(
      (
        await server
          .client()
          .post("/api/auth/login", { email: user.email, password: "newpassword1" })
      ).status,
    ).toBe(200);
  });

  it("set by an admin, ends every session of that user and none of the admin's", async () => {
    const { user, here, elsewhere } = await userWithTwoSessionsAndToken();
    expect((await admin.patch(`/api/users/${user.id}`, { password: "setbyadmin1" })).status).toBe(
      200,
    );
    expect(await whoAmI(here)).toBe(204);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(admin)).toBe(200);
  });

  it("through /trpc, as the web app changes it, ends the other sessions too", async () => {
    const { user, here, elsewhere } = await userWithTwoSessionsAndToken();
    expect(
      (await here.trpc("mutation", "users.update", { id: user.id, password: "viatrpc123" })).status,
    ).toBe(200);
    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(204);
  });

  it("is the only change that ends sessions: a new name or a blank password keeps them", async () => {
    const { user, here, elsewhere } = await userWithTwoSessionsAndToken();
    expect(
      (await here.patch(`/api/users/${user.id}`, { firstName: "Renamed", password: "" })).status,
    ).toBe(200);
    expect(await whoAmI(elsewhere)).toBe(200);
  });
});

describe("deactivating a user", () => {
  it("ends their sessions and tokens at once, answers their login like a bad password, and keeps them listed as inactive", async () => {
    const { user, here, elsewhere, script } = await userWithTwoSessionsAndToken();
    const res = await admin.patch(`/api/users/${user.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(false);
    expect(await whoAmI(here)).toBe(204);
    expect(await whoAmI(elsewhere)).toBe(204);
    expect(await whoAmI(script)).toBe(401);
    expect((await script.get("/api/locations")).status).toBe(401);

    const login = await server
      .client()
      .post("/api/auth/login", { email: user.email, password: user.password });
    const badPassword = await server
      .client()
      .post("/api/auth/login", { email: user.email, password: "wrongpass1" });
    expect(login.status).toBe(422);
    expect(login.json).toEqual(badPassword.json);

    const listed = (await admin.get("/api/users")).json.find(
      (u: { id: number }) => u.id === user.id,
    );
    expect(listed).toMatchObject({ id: user.id, isActive: false });
    expect((await admin.get(`/api/users/${user.id}`)).json.isActive).toBe(false);
  });

  it("can be undone: a reactivated user logs in again and their tokens work again", async () => {
    const { user, script } = await userWithTwoSessionsAndToken();
    expect((await admin.patch(`/api/users/${user.id}`, { isActive: false })).status).toBe(200);
    const res = await admin.patch(`/api/users/${user.id}`, { isActive: true });
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(true);
    expect(
      (
        await server
          .client()
          .post("/api/auth/login", { email: user.email, password: user.password })
      ).status,
    ).toBe(200);
    expect(await whoAmI(script)).toBe(200);
  });

  it("is refused to an admin on their own account (403), changing nothing", async () => {
    const res = await admin.patch(`/api/users/${adminId}`, { isActive: false });
    expect(res.status).toBe(403);
    expect(res.json.message).toBe("You cannot deactivate your own account");
    expect(await whoAmI(admin)).toBe(200);
    expect((await admin.get(`/api/users/${adminId}`)).json.isActive).toBe(true);
  });

  it("is ignored from staff, as isAdmin is", async () => {
    const { user, elsewhere } = await userWithTwoSessionsAndToken();
    const res = await elsewhere.patch(`/api/users/${user.id}`, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.json.isActive).toBe(true);
    expect(await whoAmI(elsewhere)).toBe(200);
  });

  it("answers 422 for an isActive that is not a boolean", async () => {
    const user = await server.createUser();
    for (const isActive of ["false", 0, null]) {
      const res = await admin.patch(`/api/users/${user.id}`, { isActive });
      expect(res.status, String(isActive)).toBe(422);
      expect(res.json.errors[0].path).toBe("isActive");
    }
  });

  it("works over /trpc as Manage Users calls it", async () => {
    const { user, here } = await userWithTwoSessionsAndToken();
    const res = await admin.trpc("mutation", "users.update", { id: user.id, isActive: false });
    expect(res.status).toBe(200);
    expect(res.json.result.data.isActive).toBe(false);
    expect(await whoAmI(here)).toBe(204);
    const list = await admin.trpc("query", "users.list");
    expect(list.json.result.data.find((u: { id: number }) => u.id === user.id).isActive).toBe(
      false,
    );
  });
});
