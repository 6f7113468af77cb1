import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailTaken, staffUserAnswer } from "../../test/answers.ts";
import { startWorld, type Client, type World } from "../../test/world.ts";
import { linkIn, mailsTo } from "../../test/mail.ts";

let world: World;
let admin: Client;
let adminId: number;
let staff: Client;
let counter = 0;

const newEmail = (name = "invitee") => `${name}${++counter}@example.org`;
const minutes = (n: number) => n * 60_000;

beforeAll(async () => {
  world = await startWorld();
  const adminUser = await world.createUser({
    firstName: "Alan",
    lastName: "Admin",
    isAdmin: true,
  });
  adminId = adminUser.id;
  admin = world.client();
  await admin.login(adminUser.email, adminUser.password);
  const staffUser = await world.createUser();
  staff = world.client();
  await staff.login(staffUser.email, staffUser.password);
});
afterAll(() => world.close());
beforeEach(() => {
  world.clock.offsetMs = 0;
});

async function invite(fields: Record<string, unknown> = {}) {
  const res = await admin.call((api) =>
    api.invites.create({
      firstName: "Ivy",
      lastName: "Invitee",
      email: newEmail(),
      message: "",
      ...fields,
    }),
  );
  expect(res.status).toBe(201);
  return res.json as { id: string; email: string; updatedAt: string };
}

const countInvites = async () =>
  (
    await world.services.db.kysely
      .selectFrom("invites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const countUsers = async () =>
  (
    await world.services.db.kysely
      .selectFrom("users")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;
const acceptBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: "Ivy",
  lastName: "Invitee",
  email,
  password: "welcome123",
  ...overrides,
});

describe("inviting someone", () => {
  it("creates a pending invite (201) and emails the invitee a link to the invite page", async () => {
    const email = newEmail();
    const res = await admin.call((api) =>
      api.invites.create({
        firstName: "Ivy",
        lastName: "Invitee",
        email,
        message: "Welcome to the team!",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/),
      firstName: "Ivy",
      lastName: "Invitee",
      email,
      message: "Welcome to the team!",
      language: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      acceptedAt: null,
      revokedAt: null,
      // Said by no one: staff of every location, as before.
      access: null,
      CreatedByUserId: adminId,
      AcceptedByUserId: null,
      RevokedByUserId: null,
      // This world's mail is delivered: no link to pass on by hand.
      emailSent: true,
    });

    const mails = mailsTo(world, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/invited/i);
    expect(mails[0]!.text).toContain("Welcome to the team!");
    expect(mails[0]!.text).toContain("Alan Admin");
    expect(linkIn(mails[0]!, "http://signin.test/invites/")).toBe(
      `http://signin.test/invites/${res.json.id}`,
    );
  });

  it("needs only firstName and email", async () => {
    const email = newEmail();
    const res = await admin.call((api) => api.invites.create({ firstName: "Min", email }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: "Min", lastName: "", email, message: "" });
  });

  it("escapes what people typed in the HTML body", async () => {
    const email = newEmail();
    await invite({ email, firstName: "<b>Bo</b>", message: `<script>alert("x")</script> & more` });
    const [mail] = mailsTo(world, email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain("<b>Bo</b>");
    expect(mail!.html).toContain("&lt;b&gt;Bo&lt;/b&gt;");
    expect(mail!.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(mail!.text).toContain(`<script>alert("x")</script> & more`);
  });

  it("answers 422 with field errors for missing, mistyped or oversized fields, and writes and sends nothing", async () => {
    const before = await countInvites();
    const mailsBefore = world.mails.length;
    const cases: Array<[unknown, string[]]> = [
      [{}, ["email", "firstName"]],
      [{ firstName: "  ", email: "not-an-email" }, ["email", "firstName"]],
      [{ firstName: 5, email: ["a@example.org"] }, ["email", "firstName"]],
      [{ firstName: "x".repeat(101), email: newEmail() }, ["firstName"]],
      [{ firstName: "Ok", email: newEmail(), message: "x".repeat(5001) }, ["message"]],
      [{ firstName: "Ok", email: `${"x".repeat(250)}@example.org` }, ["email"]],
    ];
    for (const [body, paths] of cases) {
      const res = await admin.call((api) => api.invites.create(body as never));
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json.status).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(paths);
    }
    expect(await countInvites()).toBe(before);
    expect(world.mails.length).toBe(mailsBefore);
  });

  it("answers 422 'Email already registered' when a user has that email, whatever its case", async () => {
    const existing = await world.createUser({ email: newEmail("Taken") });
    const before = await countInvites();
    const res = await admin.call((api) =>
      api.invites.create({ firstName: "Dup", email: existing.email.toUpperCase() }),
    );
    expect(res.status).toBe(422);
    expect(res.json).toEqual(emailTaken);
    expect(await countInvites()).toBe(before);
  });

  it("is for admins only: 401 anonymous, 403 staff, nothing written", async () => {
    const before = await countInvites();
    const email = newEmail();
    expect(
      (await world.client().call((api) => api.invites.create({ firstName: "A", email }))).status,
    ).toBe(401);
    const res = await staff.call((api) => api.invites.create({ firstName: "A", email }));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      status: 403,
      message: expect.any(String),
      key: expect.any(String),
      values: expect.any(Object),
    });
    expect(await countInvites()).toBe(before);
    expect(mailsTo(world, email)).toEqual([]);
  });
});

describe("listing invites", () => {
  it("lists pending invites only, most recently sent first", async () => {
    world.clock.offsetMs = minutes(10);
    const first = await invite();
    world.clock.offsetMs = minutes(11);
    const second = await invite();
    world.clock.offsetMs = minutes(12);
    const revoked = await invite();
    const accepted = await invite();
    expect((await admin.call((api) => api.invites.revoke({ id: revoked.id }))).status).toBe(200);
    expect(
      (
        await world
          .client()
          .call((api) => api.invites.accept({ id: accepted.id, ...acceptBody(accepted.email) }))
      ).status,
    ).toBe(201);

    let res = await admin.call((api) => api.invites.list());
    expect(res.status).toBe(200);
    let ids = (res.json as Array<{ id: string }>).map((i) => i.id);
    expect(ids).not.toContain(revoked.id);
    expect(ids).not.toContain(accepted.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids[0]).toBe(second.id);

    // A resend makes it the most recent again.
    world.clock.offsetMs = minutes(13);
    expect((await admin.call((api) => api.invites.resend({ id: first.id }))).status).toBe(200);
    res = await admin.call((api) => api.invites.list());
    ids = (res.json as Array<{ id: string }>).map((i) => i.id);
    expect(ids[0]).toBe(first.id);
    for (const item of res.json) expect(item).toMatchObject({ acceptedAt: null, revokedAt: null });
  });

  it("is for admins only", async () => {
    expect((await world.client().call((api) => api.invites.list())).status).toBe(401);
    expect((await staff.call((api) => api.invites.list())).status).toBe(403);
  });
});

describe("opening an invite", () => {
  it("returns the invite to anyone, found through the emailed link", async () => {
    const created = await invite({ message: "Hi" });
    const link = linkIn(mailsTo(world, created.email)[0]!, "http://signin.test/invites/");
    const id = link.split("/").pop()!;
    const res = await world.client().call((api) => api.invites.get({ id }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: created.id,
      email: created.email,
      message: "Hi",
      acceptedAt: null,
      revokedAt: null,
    });
  });

  it("ends the session of whoever is logged in on that browser", async () => {
    const created = await invite();
    const user = await world.createUser();
    const client = world.client();
    await client.login(user.email, user.password);
    const sessionsBefore = await world.services.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(sessionsBefore).toHaveLength(1);

    const res = await client.call((api) => api.invites.get({ id: created.id }));
    expect(res.status).toBe(200);
    const cleared = res.cookies.find((c) => c.name === "session");
    expect(cleared?.value).toBe("");
    expect(client.jar.has("session")).toBe(false);
    const sessionsAfter = await world.services.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", user.id)
      .execute();
    expect(sessionsAfter).toEqual([]);
    expect((await client.call((api) => api.users.me())).status).toBe(204);
  });

  it("still shows accepted and revoked invites, so the page can say which", async () => {
    const revoked = await invite();
    await admin.call((api) => api.invites.revoke({ id: revoked.id }));
    const res = await world.client().call((api) => api.invites.get({ id: revoked.id }));
    expect(res.status).toBe(200);
    expect(res.json.revokedAt).toEqual(expect.any(String));
  });

  it("answers 404 for unknown and malformed ids, never 422 or 500", async () => {
    for (const id of [
      "3f1e2d4c-0000-4000-8000-000000000000",
      "abc",
      "1",
      "not-a-uuid-at-all-but-long-enough-to-look-like-one",
      "x".repeat(2000),
      "'; drop table invites",
    ]) {
      const res = await world.client().call((api) => api.invites.get({ id }));
      expect(res.status, id.slice(0, 40)).toBe(404);
      expect(res.json).toEqual({
        status: 404,
        message: "Invite not found",
        key: "notFound",
        values: { thing: "Invite" },
      });
    }
  });
});

describe("accepting an invite", () => {
  it("creates the user (201), logs them in and marks the invite accepted", async () => {
    const created = await invite();
    const id = linkIn(mailsTo(world, created.email)[0]!, "http://signin.test/invites/")
      .split("/")
      .pop()!;
    const client = world.client();
    const res = await client.call((api) =>
      api.invites.accept({
        id,
        ...acceptBody(created.email),
        confirmPassword: "welcome123",
        username: "ivy",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toEqual(
      staffUserAnswer({
        firstName: "Ivy",
        lastName: "Invitee",
        email: created.email,
      }),
    );
    expect(res.cookies.find((c) => c.name === "session")).toMatchObject({ httpOnly: true });

    const me = await client.call((api) => api.users.me());
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.id);

    const shown = await world.client().call((api) => api.invites.get({ id: created.id }));
    expect(shown.json).toMatchObject({
      acceptedAt: expect.any(String),
      AcceptedByUserId: res.json.id,
      revokedAt: null,
    });
    // The chosen password works for a later login.
    await world.client().login(created.email, "welcome123");
  });

  it("accepts the old web client's body, whose form has no username or confirmation and sends both empty", async () => {
    const created = await invite();
    const res = await world.client().call((api) =>
      api.invites.accept({
        id: created.id,
        firstName: "Ivy",
        lastName: "Invitee",
        email: created.email,
        password: "welcome123",
        username: "",
        confirmPassword: "",
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ firstName: "Ivy", lastName: "Invitee", email: created.email });
    await world.client().login(created.email, "welcome123");
  });

  it("replaces the session of whoever was logged in on that browser", async () => {
    const created = await invite();
    const other = await world.createUser();
    const client = world.client();
    await client.login(other.email, other.password);
    const res = await client.call((api) =>
      api.invites.accept({ id: created.id, ...acceptBody(created.email) }),
    );
    expect(res.status).toBe(201);
    expect((await client.call((api) => api.users.me())).json.id).toBe(res.json.id);
    const otherSessions = await world.services.db.kysely
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", other.id)
      .execute();
    expect(otherSessions).toEqual([]);
  });

  it("answers 403 once the invite was accepted or revoked, creating nobody", async () => {
    const accepted = await invite();
    expect(
      (
        await world
          .client()
          .call((api) => api.invites.accept({ id: accepted.id, ...acceptBody(accepted.email) }))
      ).status,
    ).toBe(201);
    const revoked = await invite();
    expect((await admin.call((api) => api.invites.revoke({ id: revoked.id }))).status).toBe(200);

    const users = await countUsers();
    const again = await world
      .client()
      .call((api) => api.invites.accept({ id: accepted.id, ...acceptBody(newEmail()) }));
    expect(again.status).toBe(403);
    expect(again.json).toEqual({
      status: 403,
      message: "This invite has already been accepted",
      key: "inviteAccepted",
      values: {},
    });
    const late = await world
      .client()
      .call((api) => api.invites.accept({ id: revoked.id, ...acceptBody(revoked.email) }));
    expect(late.status).toBe(403);
    expect(late.json).toEqual({
      status: 403,
      message: "This invite is no longer available",
      key: "inviteRevoked",
      values: {},
    });
    expect(late.cookies.find((c) => c.name === "session" && c.value)).toBeUndefined();
    expect(await countUsers()).toBe(users);
  });

  it("accepts an invite once when two acceptances race", async () => {
    const created = await invite();
    const users = await countUsers();
    const [a, b] = await Promise.all([
      world
        .client()
        .call((api) => api.invites.accept({ id: created.id, ...acceptBody(newEmail("racer")) })),
      world
        .client()
        .call((api) => api.invites.accept({ id: created.id, ...acceptBody(newEmail("racer")) })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 403]);
    expect(await countUsers()).toBe(users + 1);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const id of ["3f1e2d4c-0000-4000-8000-000000000000", "nope", "x".repeat(300)]) {
      const res = await world
        .client()
        .call((api) => api.invites.accept({ id, ...acceptBody(newEmail()) }));
      expect(res.status).toBe(404);
      expect(res.json).toEqual({
        status: 404,
        message: "Invite not found",
        key: "notFound",
        values: { thing: "Invite" },
      });
    }
  });

  it("answers 422 per field for a weak password, a mismatched confirmation or bad fields; the invite stays pending", async () => {
    const created = await invite();
    const users = await countUsers();
    const cases: Array<
      [Record<string, unknown>, { path: string; message?: string; key?: string; values?: object }]
    > = [
      [
        { password: "short1" },
        {
          path: "password",
          message: "Minimum eight characters, at least one letter and one number",
          key: "password",
          values: {},
        },
      ],
      [
        { password: "onlyletters" },
        {
          path: "password",
          message: "Minimum eight characters, at least one letter and one number",
          key: "password",
          values: {},
        },
      ],
      [
        { password: "1234567890" },
        {
          path: "password",
          message: "Minimum eight characters, at least one letter and one number",
          key: "password",
          values: {},
        },
      ],
      [
        { confirmPassword: "welcome124" },
        {
          path: "confirmPassword",
          message: "Passwords do not match",
          key: "passwordsDiffer",
          values: {},
        },
      ],
      [{ firstName: "" }, { path: "firstName" }],
      [{ email: "nope" }, { path: "email" }],
      [{ password: 12345678 }, { path: "password" }],
      [{ lastName: "x".repeat(10_000) }, { path: "lastName" }],
    ];
    for (const [override, error] of cases) {
      const res = await world
        .client()
        .call((api) =>
          api.invites.accept({ id: created.id, ...acceptBody(created.email, override) }),
        );
      expect(res.status, JSON.stringify(override).slice(0, 60)).toBe(422);
      expect(res.json.errors).toEqual([
        error.message ? error : expect.objectContaining({ path: error.path }),
      ]);
    }
    expect(await countUsers()).toBe(users);
    expect(
      (await world.client().call((api) => api.invites.get({ id: created.id }))).json.acceptedAt,
    ).toBeNull();
  });

  it("answers 422 'Email already registered' for a taken email, and the invite stays pending", async () => {
    const created = await invite();
    const existing = await world.createUser({ email: newEmail("Existing") });
    const res = await world
      .client()
      .call((api) =>
        api.invites.accept({ id: created.id, ...acceptBody(existing.email.toUpperCase()) }),
      );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(emailTaken.errors);
    expect(
      (await world.client().call((api) => api.invites.get({ id: created.id }))).json.acceptedAt,
    ).toBeNull();
    expect(
      (
        await world
          .client()
          .call((api) => api.invites.accept({ id: created.id, ...acceptBody(created.email) }))
      ).status,
    ).toBe(201);
  });
});

describe("resending an invite", () => {
  it("refreshes updatedAt (200) and emails the same link again", async () => {
    const created = await invite();
    world.clock.offsetMs = minutes(30);
    const res = await admin.call((api) => api.invites.resend({ id: created.id }));
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(created.id);
    expect(new Date(res.json.updatedAt).getTime()).toBeGreaterThan(
      new Date(created.updatedAt).getTime() + minutes(29),
    );

    const mails = mailsTo(world, created.email);
    expect(mails).toHaveLength(2);
    const link = linkIn(mails[1]!, "http://signin.test/invites/");
    expect(link).toBe(`http://signin.test/invites/${created.id}`);
    // The resent link still leads to a working acceptance.
    expect(
      (
        await world
          .client()
          .call((api) =>
            api.invites.accept({ id: link.split("/").pop()!, ...acceptBody(created.email) }),
          )
      ).status,
    ).toBe(201);
  });

  it("answers 403 for accepted or revoked invites and sends nothing", async () => {
    const accepted = await invite();
    await world
      .client()
      .call((api) => api.invites.accept({ id: accepted.id, ...acceptBody(accepted.email) }));
    const revoked = await invite();
    await admin.call((api) => api.invites.revoke({ id: revoked.id }));
    for (const target of [accepted, revoked]) {
      const res = await admin.call((api) => api.invites.resend({ id: target.id }));
      expect(res.status).toBe(403);
      expect(mailsTo(world, target.email)).toHaveLength(1);
    }
  });

  it("answers 404 for unknown ids, 401 anonymous, 403 staff", async () => {
    expect(
      (
        await admin.call((api) =>
          api.invites.resend({ id: "3f1e2d4c-0000-4000-8000-000000000000" }),
        )
      ).status,
    ).toBe(404);
    expect((await admin.call((api) => api.invites.resend({ id: "bogus" }))).status).toBe(404);
    const created = await invite();
    expect(
      (await world.client().call((api) => api.invites.resend({ id: created.id }))).status,
    ).toBe(401);
    expect((await staff.call((api) => api.invites.resend({ id: created.id }))).status).toBe(403);
    expect(mailsTo(world, created.email)).toHaveLength(1);
  });
});

describe("revoking an invite", () => {
  it("revokes (200): sets revokedAt and RevokedByUserId; a second revoke keeps the first", async () => {
    const created = await invite();
    world.clock.offsetMs = minutes(5);
    const res = await admin.call((api) => api.invites.revoke({ id: created.id }));
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: created.id,
      revokedAt: expect.any(String),
      RevokedByUserId: adminId,
      acceptedAt: null,
    });

    world.clock.offsetMs = minutes(50);
    const again = await admin.call((api) => api.invites.revoke({ id: created.id }));
    expect(again.status).toBe(200);
    expect(again.json.revokedAt).toBe(res.json.revokedAt);
  });

  it("answers 403 for an accepted invite and leaves it accepted", async () => {
    const created = await invite();
    await world
      .client()
      .call((api) => api.invites.accept({ id: created.id, ...acceptBody(created.email) }));
    const res = await admin.call((api) => api.invites.revoke({ id: created.id }));
    expect(res.status).toBe(403);
    expect(
      (await world.client().call((api) => api.invites.get({ id: created.id }))).json,
    ).toMatchObject({
      revokedAt: null,
      acceptedAt: expect.any(String),
    });
  });

  it("answers 404 for unknown ids, 401 anonymous, 403 staff; the invite stays pending", async () => {
    expect(
      (
        await admin.call((api) =>
          api.invites.revoke({ id: "3f1e2d4c-0000-4000-8000-000000000000" }),
        )
      ).status,
    ).toBe(404);
    expect((await admin.call((api) => api.invites.revoke({ id: "12" }))).status).toBe(404);
    const created = await invite();
    expect(
      (await world.client().call((api) => api.invites.revoke({ id: created.id }))).status,
    ).toBe(401);
    expect((await staff.call((api) => api.invites.revoke({ id: created.id }))).status).toBe(403);
    expect(
      (await world.client().call((api) => api.invites.get({ id: created.id }))).json.revokedAt,
    ).toBeNull();
  });
});
