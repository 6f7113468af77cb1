import { describe, expect, it } from "vitest";
import { adminClient, staffClient, tabletClient } from "../../test/fixtures.ts";
import { useWorld, type Client } from "../../test/world.ts";

/** The dashboard's "get set up" list as a caller gets it: null when not shown. */
async function checklist(client: Client) {
  const res = await client.call((api) => api.reports.today({}));
  expect(res.status).toBe(200);
  return res.json.setup as { steps: Array<{ step: string; done: boolean }> } | null;
}
const done = (list: Awaited<ReturnType<typeof checklist>>) =>
  Object.fromEntries((list?.steps ?? []).map((s) => [s.step, s.done]));

describe("a fresh install's set-up list, ticked from the data", () => {
  // A mail server and BASE_URL: e-mail is set up, the one step the data does not tick.
  const world = useWorld({ mailDelivers: true, publicUrl: "https://signin.example.org" });

  it("shows a fresh install's admin every step undone, in order; each step ticks when its data exists; once all are, it is gone", async () => {
    const person = await world.current.createUser({ isAdmin: true });
    const loggedIn = async () => {
      const client = world.current.client();
      await client.login(person.email, person.password);
      return client;
    };
    let admin = await loggedIn();
    // No demo data, so no demo password to change.
    expect((await checklist(admin))?.steps).toEqual([
      { step: "location", done: false },
      { step: "programs", done: false },
      { step: "questions", done: false },
      { step: "tablet", done: false },
      { step: "email", done: true },
      { step: "invite", done: false },
      { step: "retention", done: false },
    ]);

    const location = (
      await admin.call((api) => api.locations.create({ Name: "Main Street", ProgramIds: [] }))
    ).json as { id: number };
    expect(done(await checklist(admin))).toMatchObject({ location: true, programs: false });

    const pantry = (
      await admin.call((api) => api.programs.create({ Name: "Pantry", LocationIds: [location.id] }))
    ).json as { id: number };
    expect(done(await checklist(admin))).toMatchObject({ programs: true, questions: false });

    // A question counts even once retired: the step was done.
    const question = await admin.call((api) =>
      api.questions.create({
        Kind: "number",
        Label: { en: "Household size", es: "" },
        ProgramIds: [pantry.id],
      }),
    );
    expect(question.status).toBe(201);
    await admin.call((api) => api.questions.retire({ id: question.json.id }));
    expect(done(await checklist(admin))).toMatchObject({ questions: true, tablet: false });

    // The admin's own browser becomes the tablet (another account would tick the invite step).
    // A tablet set up once counts, even after it is disconnected: the step was done.
    expect((await admin.call((api) => api.locations.setup({ id: location.id }))).status).toBe(200);
    admin = await loggedIn();
    expect(done(await checklist(admin))).toMatchObject({ tablet: true });
    const [tablet] = (await admin.call((api) => api.tablets.list({ id: location.id }))).json;
    expect((await admin.call((api) => api.tablets.revoke({ id: tablet.id }))).status).toBe(200);
    expect(done(await checklist(admin))).toMatchObject({ tablet: true });

    // Saving the retention setting unchanged (keep details for good) is a choice too.
    expect((await admin.call((api) => api.settings.update({ eraseAfterDays: null }))).status).toBe(
      200,
    );
    expect(done(await checklist(admin))).toMatchObject({ retention: true, invite: false });

    expect(
      (
        await admin.call((api) =>
          api.invites.create({ firstName: "Col", lastName: "League", email: "col@example.org" }),
        )
      ).status,
    ).toBe(201);
    // Every step done: the list is gone, for good.
    expect(await checklist(admin)).toBeNull();
  });
});

describe("another account counts as a colleague; a retention period set counts as chosen", () => {
  const world = useWorld();

  it("ticks the invite step for a second account made without an invite, and retention for a period", async () => {
    const admin = await adminClient(world.current);
    expect(done(await checklist(admin))).toMatchObject({ invite: false, retention: false });
    await world.current.createUser();
    await admin.call((api) => api.settings.update({ eraseAfterDays: 365 }));
    expect(done(await checklist(admin))).toMatchObject({ invite: true, retention: true });
  });

  it("leaves e-mail to do without BASE_URL, though mail is delivered: anyone's reset link needs it", async () => {
    const admin = await adminClient(world.current);
    expect(done(await checklist(admin))).toMatchObject({ email: false });
  });

  it("asks for the demo password to be changed until no active account has the hash the demo data wrote", async () => {
    const person = await world.current.createUser({ isAdmin: true, password: "demo-pass-2026" });
    const db = world.current.services.db.kysely;
    const { password_hash } = await db
      .selectFrom("users")
      .select("password_hash")
      .where("id", "=", person.id)
      .executeTakeFirstOrThrow();
    // What the demo data writes beside its admin.
    await db.updateTable("settings").set({ demo_password_hash: password_hash }).execute();
    const admin = world.current.client();
    await admin.login(person.email, person.password);
    expect((await checklist(admin))?.steps[0]).toEqual({ step: "password", done: false });

    const changed = await admin.call((api) =>
      api.users.update({
        id: person.id,
        password: "my-own-pass-2027",
        currentPassword: person.password,
      }),
    );
    expect(changed.status).toBe(200);
    expect((await checklist(admin))?.steps[0]).toEqual({ step: "password", done: true });
  });
});

describe("dismissing the set-up list", () => {
  const world = useWorld();

  it("is an admin's: staff and tablets are refused and never see it; once dismissed it is gone for every admin, for good", async () => {
    const admin = await adminClient(world.current);
    const staff = await staffClient(world.current);
    expect(await checklist(staff)).toBeNull();
    expect(await checklist(admin)).not.toBeNull();

    const dismiss = (client: Client) => client.call((api) => api.settings.dismissSetup({}));
    expect((await dismiss(world.current.client())).status).toBe(401);
    expect((await dismiss(staff)).status).toBe(403);
    const location = (await admin.call((api) => api.locations.create({ Name: "Annex" }))).json;
    const tablet = await tabletClient(world.current, location.id);
    expect((await dismiss(tablet)).status).toBe(403);
    expect(await checklist(admin)).not.toBeNull();

    const first = await dismiss(admin);
    expect(first.status).toBe(200);
    expect(await checklist(admin)).toBeNull();
    const otherAdmin = await adminClient(world.current);
    expect(await checklist(otherAdmin)).toBeNull();

    // Dismissed again: still gone, the first dismissal's time kept.
    world.current.clock.offsetMs = 60_000;
    const again = await dismiss(otherAdmin);
    expect(again.status).toBe(200);
    expect(again.json.dismissedAt).toBe(first.json.dismissedAt);
    expect(await checklist(admin)).toBeNull();
  });
});
