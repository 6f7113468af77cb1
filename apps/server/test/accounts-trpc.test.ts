import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

/**
 * The accounts calls over /trpc as the web app makes them: the same answers as /api, in tRPC's
 * envelope (result.data, or error with the same status, message and field errors), and the
 * session riding on the cookies either way. What the calls answer is the API's own test
 * (packages/api/src/accounts); a schema failure's body on both transports is errors.test.ts's.
 */

let server: TestServer;
let admin: Client;

beforeAll(async () => {
  server = await startTestServer({ registrationEnabled: true });
  const adminUser = await server.createUser({ isAdmin: true });
  admin = server.client();
  await admin.login(adminUser.email, adminUser.password);
});
afterAll(() => server.close());

const mailsTo = (email: string) => server.mails().filter((m) => m.to === email);

const acceptBody = (email: string) => ({
  firstName: "Tia",
  lastName: "Invitee",
  email,
  password: "welcome123",
});

describe("over /trpc", () => {
  it("logs in, reads the current user and logs out, the session riding on the cookie", async () => {
    const user = await server.createUser();
    const client = await server.client().prime();
    const login = await client.trpc("mutation", "auth.login", {
      email: user.email,
      password: user.password,
    });
    expect(login.status).toBe(200);
    expect(login.json.result.data.email).toBe(user.email);
    expect(login.cookies.find((c) => c.name === "session")).toMatchObject({ httpOnly: true });
    const me = await client.trpc("query", "users.me");
    expect(me.json.result.data.id).toBe(user.id);
    await client.trpc("query", "auth.logout");
    expect((await client.trpc("query", "users.me")).json.result.data).toBeNull();
  });

  it("answers a wrong password with 422 and its field errors, and no stack", async () => {
    const user = await server.createUser();
    const res = await (
      await server.client().prime()
    ).trpc("mutation", "auth.login", { email: user.email, password: "nope12345" });
    expect(res.status).toBe(422);
    expect(res.json.error.errors).toEqual([
      { path: "email", message: "Invalid email and/or password.", key: "invalidLogin", values: {} },
    ]);
    expect(JSON.stringify(res.json)).not.toMatch(/stack|at .*\.ts/);
  });

  it("answers 200 for what /api answers 201, and a refusal with its status and message", async () => {
    const created = await admin.trpc("mutation", "tokens.create", { name: "from the web app" });
    expect(created.status).toBe(200);
    expect(created.json.result.data).toMatchObject({ name: "from the web app" });
    const staff = await server.createUser();
    const staffClient = server.client();
    await staffClient.login(staff.email, staff.password);
    const refused = await staffClient.trpc("query", "tokens.list", { all: "true" });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({
      status: 403,
      message: "Only administrators can list everyone's tokens",
    });

    const registered = await (
      await server.client().prime()
    ).trpc("mutation", "auth.register", {
      firstName: "Reg",
      lastName: "Istered",
      email: "trpc-reg@example.org",
      password: "register12",
    });
    expect(registered.status).toBe(200);
    expect(registered.json.result.data.email).toBe("trpc-reg@example.org");
  });

  it("takes an invite from creation to acceptance as the web app does, then refuses it again (403)", async () => {
    const email = "trpc-invitee@example.org";
    const created = await admin.trpc("mutation", "invites.create", {
      firstName: "Tia",
      email,
      message: "",
    });
    expect(created.status).toBe(200);
    const id = created.json.result.data.id as string;
    expect(mailsTo(email)).toHaveLength(1);
    const list = await admin.trpc("query", "invites.list");
    expect(list.json.result.data.map((i: { id: string }) => i.id)).toContain(id);

    const visitor = await server.client().prime();
    expect((await visitor.trpc("query", "invites.get", { id })).json.result.data.email).toBe(email);
    const accepted = await visitor.trpc("mutation", "invites.accept", { id, ...acceptBody(email) });
    expect(accepted.json.result.data).toMatchObject({ firstName: "Tia", email });
    expect((await visitor.trpc("query", "users.me")).json.result.data.email).toBe(email);

    const again = await (
      await server.client().prime()
    ).trpc("mutation", "invites.accept", { id, ...acceptBody("trpc-late@example.org") });
    expect(again.status).toBe(403);
    expect(again.json.error.message).toBe("This invite has already been accepted");
    expect((await server.client().trpc("query", "invites.get", { id: "nope" })).status).toBe(404);
  });

  it("asks for a reset link, checks and uses it, then answers 410 for it", async () => {
    const user = await server.createUser();
    const client = await server.client().prime();
    const requested = await client.request(
      "POST",
      "/trpc/passwords.request",
      { email: user.email },
      { "content-type": "application/json" },
    );
    expect(requested.status).toBe(200);
    const token = /\/passwords\/reset\/(\S+)/.exec(mailsTo(user.email).at(-1)!.text)![1]!;
    expect((await client.trpc("query", "passwords.check", { token })).status).toBe(200);
    expect(
      (await client.trpc("mutation", "passwords.update", { token, password: "viatrpc123" })).status,
    ).toBe(200);
    const used = await client.trpc("query", "passwords.check", { token });
    expect(used.status).toBe(410);
    expect(used.json.error.message).toBe("This password reset link has already been used");
    await server.client().login(user.email, "viatrpc123");
  });
});

describe("registration switched off", () => {
  it("answers 404 at /api and /trpc", async () => {
    const off = await startTestServer();
    try {
      const client = await off.client().prime();
      const body = {
        firstName: "Reg",
        lastName: "Istered",
        email: "off@example.org",
        password: "register12",
      };
      expect((await client.post("/api/auth/register", body)).status).toBe(404);
      expect((await client.trpc("mutation", "auth.register", body)).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
