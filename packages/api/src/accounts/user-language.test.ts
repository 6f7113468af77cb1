import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAddress } from "../../test/addresses.ts";
import { linkIn, mailsTo } from "../../test/mail.ts";
import { startWorld, type Client, type World } from "../../test/world.ts";

let world: World;
let counter = 0;
const newEmail = (name: string) => `${name}${++counter}-lang@example.org`;

beforeAll(async () => {
  world = await startWorld();
});
afterAll(() => world.close());

/** A new user, logged in, and their browser. */
async function member(fields: Parameters<World["createUser"]>[0] = {}) {
  const user = await world.createUser({ email: newEmail("member"), ...fields });
  const client = world.client();
  await client.login(user.email, user.password);
  return { ...user, client };
}

const me = async (client: Client) =>
  (await client.call((api) => api.users.me())).json as { language: string | null };

describe("a user's language", () => {
  it("starts as null (follow the browser), is chosen and cleared with PATCH, and /me says it", async () => {
    const ana = await member();
    expect((await me(ana.client)).language).toBeNull();

    const chosen = await ana.client.call((api) => api.users.update({ id: ana.id, language: "es" }));
    expect(chosen.status).toBe(200);
    expect(chosen.json).toMatchObject({ id: ana.id, language: "es" });
    expect((await me(ana.client)).language).toBe("es");

    // A PATCH that leaves it out keeps it.
    await ana.client.call((api) => api.users.update({ id: ana.id, firstName: "Ana" }));
    expect((await me(ana.client)).language).toBe("es");

    const cleared = await ana.client.call((api) =>
      api.users.update({ id: ana.id, language: null }),
    );
    expect(cleared.json).toMatchObject({ language: null });
    expect((await me(ana.client)).language).toBeNull();
  });

  it("answers 422 on language for anything but en, es or null, changing nothing", async () => {
    const ben = await member();
    await ben.client.call((api) => api.users.update({ id: ben.id, language: "en" }));
    for (const language of ["fr", "ES", "es-MX", "", 5, true]) {
      const res = await ben.client.call((api) =>
        api.users.update({ id: ben.id, language: language as "es" }),
      );
      expect(res.status, String(language)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual(["language"]);
    }
    expect((await me(ben.client)).language).toBe("en");
  });
});

describe("e-mails in the recipient's language", () => {
  it("sends a password reset in the user's language, English when they follow the browser", async () => {
    const spanish = await world.createUser({ email: newEmail("es"), firstName: "Lucía" });
    const english = await world.createUser({ email: newEmail("en"), firstName: "Lou" });
    await world.services.db.kysely
      .updateTable("users")
      .set({ language: "es" })
      .where("id", "=", spanish.id)
      .execute();
    for (const { email } of [spanish, english])
      await world.client(newAddress()).call((api) => api.passwords.request({ email }));

    const [toSpanish] = mailsTo(world, spanish.email);
    expect(toSpanish!.subject).toBe("Restablezca su contraseña de Visitor Sign-In");
    expect(toSpanish!.text).toContain("Hola, Lucía:");
    expect(toSpanish!.text).toMatch(/durante \d+ horas/);
    expect(linkIn(toSpanish!, "http://signin.test/passwords/reset/")).toBeTruthy();
    expect(toSpanish!.html).toContain("Elegir una contraseña nueva");

    const [toEnglish] = mailsTo(world, english.email);
    expect(toEnglish!.subject).toBe("Reset your Visitor Sign-In password");
    expect(toEnglish!.text).toContain("Hello Lou,");
  });

  it("writes an invite in the language picked on the form, else the admin's, and the new account starts in it", async () => {
    const admin = await member({ firstName: "Rosa", lastName: "Díaz", isAdmin: true });
    await admin.client.call((api) => api.users.update({ id: admin.id, language: "es" }));

    // Unsaid: the admin's own language.
    const byAdmin = newEmail("invitee");
    const res = await admin.client.call((api) =>
      api.invites.create({ firstName: "Iván", email: byAdmin }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ language: "es" });
    const [invite] = mailsTo(world, byAdmin);
    expect(invite!.subject).toBe("Tiene una invitación a Visitor Sign-In");
    expect(invite!.text).toContain("Rosa Díaz le envió una invitación a Visitor Sign-In");
    expect(invite!.html).toContain("Aceptar la invitación");

    // The resend says the same, in the same language.
    const { id } = res.json as { id: string };
    await admin.client.call((api) => api.invites.resend({ id }));
    expect(mailsTo(world, byAdmin).map((m) => m.subject)).toEqual([
      invite!.subject,
      invite!.subject,
    ]);

    // The invitee's account reads on in Spanish.
    const invitee = world.client(newAddress());
    const accepted = await invitee.call((api) =>
      api.invites.accept({
        id,
        firstName: "Iván",
        lastName: "",
        email: byAdmin,
        password: "welcome123",
      }),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.json).toMatchObject({ language: "es" });

    // Picked on the form: English, whatever the admin reads.
    const picked = newEmail("picked");
    await admin.client.call((api) =>
      api.invites.create({ firstName: "Pat", email: picked, language: "en" }),
    );
    expect(mailsTo(world, picked)[0]!.subject).toBe("You're invited to Visitor Sign-In");
  });
});
