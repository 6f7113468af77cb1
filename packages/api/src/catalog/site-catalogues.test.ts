import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";

const site = useCatalogWorld();

type Access = Array<{ locationId: number; role: "staff" | "admin" }>;

async function userClient(access: Access) {
  const user = await site.world.createUser({ access });
  const client = site.world.client();
  await client.login(user.email, user.password);
  return client;
}

const db = () => site.world.services.db.kysely;
const auditRows = async () =>
  Number(
    (
      await db()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a site admin's own locations", () => {
  it("edits their own location's settings; another's is 404, network-wide settings and new locations 403, and a refusal writes nothing", async () => {
    const { main, east } = site.catalog;
    const mainAdmin = await userClient([
      { locationId: main.id, role: "admin" },
      { locationId: east.id, role: "staff" },
    ]);
    const own = await mainAdmin.call((api) =>
      api.locations.update({ id: main.id, Address: "3 Main St", SelfSignIn: true }),
    );
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ Address: "3 Main St", SelfSignIn: true });

    const before = await auditRows();
    const locations = await db().selectFrom("locations").selectAll().orderBy("id").execute();
    const outsider = await userClient([{ locationId: main.id, role: "admin" }]);
    expect(
      (await outsider.call((api) => api.locations.update({ id: east.id, Name: "Taken" }))).status,
    ).toBe(404);
    // Staff there, not its admin.
    expect(
      (await mainAdmin.call((api) => api.locations.update({ id: east.id, Name: "Taken" }))).status,
    ).toBe(403);
    expect((await mainAdmin.call((api) => api.locations.create({ Name: "Mine too" }))).status).toBe(
      403,
    );
    expect(
      (await mainAdmin.call((api) => api.settings.update({ eraseAfterDays: 400 }))).status,
    ).toBe(403);
    expect(await db().selectFrom("locations").selectAll().orderBy("id").execute()).toEqual(
      locations,
    );
    expect(await auditRows()).toBe(before);
  });
});

describe("a location's own programs", () => {
  it("are made by its admin, offered there alone (never at another location, by any writer) and changed by its admins alone; the network's stay the network admins'", async () => {
    const { main, east, pantry, jobs } = site.catalog;
    const mainAdmin = await userClient([{ locationId: main.id, role: "admin" }]);
    const eastAdmin = await userClient([{ locationId: east.id, role: "admin" }]);
    const made = await mainAdmin.call((api) =>
      api.programs.create({ Name: "Diapers", LocationId: main.id, LocationIds: [east.id] }),
    );
    expect(made.status).toBe(201);
    const own = made.json.id as number;
    expect(made.json).toMatchObject({
      LocationId: main.id,
      Locations: [expect.objectContaining({ id: main.id })],
    });

    // Offered at another location: dropped as an unknown program, and refused by the database.
    const east2 = await site.admin.call((api) =>
      api.locations.update({ id: east.id, ProgramIds: [own, jobs.id] }),
    );
    expect(east2.json.Programs.map((p: { id: number }) => p.id)).toEqual([jobs.id]);
    await expect(
      db()
        .insertInto("location_programs")
        .values({ location_id: east.id, program_id: own, position: 9 })
        .execute(),
    ).rejects.toThrow(/own program/);
    const tablet = await tabletClient(site.world, east.id);
    expect((await tablet.call((api) => api.visits.create(visitor(east.id, own)))).status).toBe(422);

    // Lists: the network's and the caller's locations' own.
    const listed = async (client: typeof mainAdmin) =>
      ((await client.call((api) => api.programs.list())).json as Array<{ id: number }>).map(
        (p) => p.id,
      );
    expect(await listed(mainAdmin)).toContain(own);
    expect(await listed(eastAdmin)).not.toContain(own);
    expect(await listed(eastAdmin)).toContain(pantry.id);

    const before = await auditRows();
    const programs = await db().selectFrom("programs").selectAll().orderBy("id").execute();
    expect(
      (await eastAdmin.call((api) => api.programs.update({ id: own, Name: "Mine" }))).status,
    ).toBe(404);
    expect((await eastAdmin.call((api) => api.programs.remove({ id: own }))).status).toBe(404);
    expect(
      (await mainAdmin.call((api) => api.programs.update({ id: pantry.id, Name: "Ours" }))).status,
    ).toBe(403);
    expect((await mainAdmin.call((api) => api.programs.create({ Name: "For all" }))).status).toBe(
      403,
    );
    expect(
      (
        await eastAdmin.call((api) =>
          api.programs.create({ Name: "Not mine", LocationId: main.id }),
        )
      ).status,
    ).toBe(404);
    expect(await db().selectFrom("programs").selectAll().orderBy("id").execute()).toEqual(programs);
    expect(await auditRows()).toBe(before);

    const renamed = await mainAdmin.call((api) =>
      api.programs.update({ id: own, Name: "Diapers and wipes" }),
    );
    expect(renamed.status).toBe(200);
  });
});

describe("a location's own intake questions", () => {
  it("are made and changed by its admins alone, asked there alone (the network's everywhere), and left out of another location's lists, lookup and summary", async () => {
    const { main, east, pantry, jobs } = site.catalog;
    const mainAdmin = await userClient([{ locationId: main.id, role: "admin" }]);
    const eastAdmin = await userClient([{ locationId: east.id, role: "admin" }]);
    const made = await mainAdmin.call((api) =>
      api.questions.create({
        Kind: "text",
        Label: { en: "Locker number" },
        Required: true,
        LocationId: main.id,
      }),
    );
    expect(made.status).toBe(201);
    const own = made.json.id as number;
    expect(made.json).toMatchObject({ LocationId: main.id });
    const network = await site.admin.call((api) =>
      api.questions.create({ Kind: "yesno", Label: { en: "First visit?" } }),
    );
    expect(network.json).toMatchObject({ LocationId: null });

    const listed = async (client: typeof mainAdmin, locationId?: number) =>
      (
        (await client.call((api) => api.questions.list({ locationId }))).json as Array<{
          id: number;
        }>
      ).map((q) => q.id);
    const eastTablet = await tabletClient(site.world, east.id);
    expect(await listed(mainAdmin)).toEqual(expect.arrayContaining([own, network.json.id]));
    expect(await listed(eastAdmin)).not.toContain(own);
    expect(await listed(eastTablet)).toEqual([network.json.id]);
    expect(await listed(await tabletClient(site.world, main.id))).toContain(own);

    // Required at its location alone; an answer to it elsewhere is a question not asked there.
    expect(
      (await eastTablet.call((api) => api.visits.create(visitor(east.id, jobs.id)))).status,
    ).toBe(201);
    const elsewhere = await eastTablet.call((api) =>
      api.visits.create(visitor(east.id, jobs.id, { Answers: { [own]: "12" } })),
    );
    expect(elsewhere.json.errors).toEqual([expect.objectContaining({ path: `Answers.${own}` })]);
    const unanswered = await site.admin.call((api) =>
      api.visits.create(visitor(main.id, pantry.id)),
    );
    expect(unanswered.json.errors).toEqual([expect.objectContaining({ path: `Answers.${own}` })]);

    // Remembered per visitor, its answer is never handed to another location's lookup.
    expect(
      (await mainAdmin.call((api) => api.questions.update({ id: own, AskEvery: "visitor" })))
        .status,
    ).toBe(200);
    const visit = visitor(main.id, pantry.id, { Answers: { [own]: "12" } });
    const answered = await site.admin.call((api) => api.visits.create(visit));
    expect(answered.status).toBe(201);
    await site.admin.call((api) => api.visits.signOut({ id: answered.json.id }));
    await site.admin.call((api) =>
      api.visits.create({ ...visitor(east.id, jobs.id), PhoneNumber: visit.PhoneNumber }),
    );
    const found = await eastTablet.call((api) =>
      api.visits.search({ phoneNumber: visit.PhoneNumber }),
    );
    expect(found.json.FirstName).toBe("Grace");
    expect(found.json.Answers).toEqual({});

    const summary = await eastAdmin.call((api) =>
      api.reports.summary({ from: "2026-01-01", to: "2026-01-31", programId: pantry.id }),
    );
    const summarised = (summary.json.questions as Array<{ questionId: number }>).map(
      (q) => q.questionId,
    );
    expect(summarised).toEqual([network.json.id]);

    const before = await auditRows();
    const questions = await db().selectFrom("questions").selectAll().orderBy("id").execute();
    expect(
      (await eastAdmin.call((api) => api.questions.update({ id: own, Required: false }))).status,
    ).toBe(404);
    expect((await eastAdmin.call((api) => api.questions.retire({ id: own }))).status).toBe(404);
    expect(
      (await mainAdmin.call((api) => api.questions.retire({ id: network.json.id }))).status,
    ).toBe(403);
    expect(
      (await mainAdmin.call((api) => api.questions.create({ Kind: "text", Label: { en: "All" } })))
        .status,
    ).toBe(403);
    expect(await db().selectFrom("questions").selectAll().orderBy("id").execute()).toEqual(
      questions,
    );
    expect(await auditRows()).toBe(before);

    expect(
      (await mainAdmin.call((api) => api.questions.update({ id: own, Required: false }))).status,
    ).toBe(200);
    expect((await mainAdmin.call((api) => api.questions.retire({ id: own }))).status).toBe(200);
    await site.admin.call((api) => api.questions.retire({ id: network.json.id }));
  });
});
