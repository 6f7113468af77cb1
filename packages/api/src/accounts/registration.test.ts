import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailTaken, staffUserAnswer } from "../../test/answers.ts";
import { startWorld, type World } from "../../test/world.ts";

const body = (email: string, overrides: Record<string, unknown> = {}) => ({
  firstName: "Reg",
  lastName: "Istered",
  email,
  password: "register12",
  ...overrides,
});

async function countUsersWith(world: World, email: string) {
  const rows = await world.services.db.kysely
    .selectFrom("users")
    .select("id")
    .where("email", "=", email)
    .execute();
  return rows.length;
}

describe("registration switched off (the default)", () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld();
  });
  afterAll(() => world.close());

  it("answers 404 and creates nobody", async () => {
    const client = world.client();
    const res = await client.call((api) => api.auth.register(body("off@example.org")));
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      status: 404,
      message: expect.any(String),
      key: expect.any(String),
      values: expect.any(Object),
    });
    expect(res.cookies.find((c) => c.name === "session")).toBeUndefined();
    expect(await countUsersWith(world, "off@example.org")).toBe(0);
    // The call does not exist while switched off, so a bad body is a 404 too, not a 422.
    expect((await client.call((api) => api.auth.register({ email: 5 } as never))).status).toBe(404);
  });
});

describe("registration switched on", () => {
  let world: World;
  beforeAll(async () => {
    world = await startWorld({ registrationEnabled: true });
  });
  afterAll(() => world.close());

  it("creates the user (201) and logs them in", async () => {
    const client = world.client();
    const res = await client.call((api) => api.auth.register(body("new@example.org")));
    expect(res.status).toBe(201);
    expect(res.json).toEqual(
      staffUserAnswer({
        firstName: "Reg",
        lastName: "Istered",
        email: "new@example.org",
      }),
    );
    expect(res.cookies.find((c) => c.name === "session")).toMatchObject({
      httpOnly: true,
      sameSite: "lax",
    });
    const me = await client.call((api) => api.users.me());
    expect(me.status).toBe(200);
    expect(me.json.id).toBe(res.json.id);
    await world.client().login("new@example.org", "register12");
  });

  it("never makes an admin, whatever the body says", async () => {
    const res = await world
      .client()
      .call((api) => api.auth.register(body("sneaky@example.org", { isAdmin: true })));
    expect(res.status).toBe(201);
    expect(res.json.isAdmin).toBe(false);
  });

  it("answers 422 'Email already registered' for a taken email in any case", async () => {
    await world.createUser({ email: "Taken@example.org" });
    const res = await world.client().call((api) => api.auth.register(body("TAKEN@example.ORG")));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(emailTaken.errors);
    expect(await countUsersWith(world, "TAKEN@example.ORG")).toBe(0);
  });

  it("answers 422 per field for a weak password or bad fields, creating nobody", async () => {
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [
        { password: "password" },
        "password",
        "Minimum eight characters, at least one letter and one number",
      ],
      [{ firstName: "" }, "firstName"],
      [{ email: "not an email" }, "email"],
      [{ firstName: { name: "x" } }, "firstName"],
      [{ lastName: "x".repeat(1000) }, "lastName"],
    ];
    for (const [override, path, message] of cases) {
      const email = `bad-${path}@example.org`;
      const res = await world
        .client()
        .call((api) => api.auth.register(body(email, override) as never));
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        message ? expect.objectContaining({ path, message }) : expect.objectContaining({ path }),
      ]);
      expect(await countUsersWith(world, email)).toBe(0);
    }
  });
});
