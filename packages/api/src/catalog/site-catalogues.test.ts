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

describe("the order of intake questions", () => {
  it("is the network's first in the network's order, then a location's own in its own; a site admin reorders their own alone, never another location's", async () => {
    const { main, east } = site.catalog;
    const mainAdmin = await userClient([{ locationId: main.id, role: "admin" }]);
    const eastAdmin = await userClient([{ locationId: east.id, role: "admin" }]);
    const ask = async (client: typeof mainAdmin, en: string, more: object = {}) => {
      const res = await client.call((api) =>
        api.questions.create({ Kind: "text", Label: { en }, ...more }),
      );
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json as { id: number; Position: number };
    };
    // Made in an order that mixes owners; each owner's positions count from 0 apart.
    const mainFirst = await ask(mainAdmin, "Locker", { LocationId: main.id });
    const network = await ask(site.admin, "ZIP");
    const eastOwn = await ask(eastAdmin, "Bus pass", { LocationId: east.id });
    const mainSecond = await ask(mainAdmin, "Shoe size", { LocationId: main.id });
    const networkFirst = await ask(site.admin, "First visit?", { Position: 0 });
    expect([mainFirst, eastOwn, mainSecond].map((q) => q.Position)).toEqual([0, 0, 1]);

    const mine = [mainFirst, network, eastOwn, mainSecond, networkFirst].map((q) => q.id);
    const asked = async (locationId: number) =>
      (
        (await (await tabletClient(site.world, locationId)).call((api) => api.questions.list({})))
          .json as Array<{ id: number }>
      )
        .map((q) => q.id)
        .filter((id) => mine.includes(id));
    const networks = [networkFirst.id, network.id];
    expect(await asked(main.id)).toEqual([...networks, mainFirst.id, mainSecond.id]);
    expect(await asked(east.id)).toEqual([...networks, eastOwn.id]);

    const moved = await mainAdmin.call((api) =>
      api.questions.update({ id: mainSecond.id, Position: 0 }),
    );
    expect(moved.json).toMatchObject({ Position: 0 });
    expect(await asked(main.id)).toEqual([...networks, mainSecond.id, mainFirst.id]);
    expect(await asked(east.id)).toEqual([...networks, eastOwn.id]);

    const rows = () => db().selectFrom("questions").selectAll().orderBy("id").execute();
    const [before, audited] = [await rows(), await auditRows()];
    expect(
      (await eastAdmin.call((api) => api.questions.update({ id: mainFirst.id, Position: 0 })))
        .status,
    ).toBe(404);
    expect(
      (await mainAdmin.call((api) => api.questions.update({ id: network.id, Position: 0 }))).status,
    ).toBe(403);
    expect(await rows()).toEqual(before);
    expect(await auditRows()).toBe(audited);

    for (const id of mine) await site.admin.call((api) => api.questions.retire({ id }));
  });
});

describe("a question's and a webhook's owner", () => {
  it("is changed by a network admin alone: a site admin 403 and another location's 404, an unknown location 422, each writing nothing; a moved question keeps its answers", async () => {
    const { main, east, pantry } = site.catalog;
    const mainAdmin = await userClient([{ locationId: main.id, role: "admin" }]);
    const eastAdmin = await userClient([{ locationId: east.id, role: "admin" }]);
    const made = await mainAdmin.call((api) =>
      api.questions.create({ Kind: "text", Label: { en: "Locker" }, LocationId: main.id }),
    );
    const question = made.json.id as number;
    const answered = await site.admin.call((api) =>
      api.visits.create(visitor(main.id, pantry.id, { Answers: { [question]: "12" } })),
    );
    expect(answered.status, JSON.stringify(answered.json)).toBe(201);
    const hook = await mainAdmin.call((api) =>
      api.webhooks.create({
        url: "https://93.184.215.14/own",
        events: ["visit.signed_in"],
        locationId: main.id,
      }),
    );
    expect(hook.status, JSON.stringify(hook.json)).toBe(201);
    const webhook = hook.json.id as number;

    const rows = async () => [
      await db().selectFrom("questions").selectAll().orderBy("id").execute(),
      await db().selectFrom("webhook_endpoints").selectAll().orderBy("id").execute(),
    ];
    const [before, audited] = [await rows(), await auditRows()];
    const refusals = [
      [403, mainAdmin.call((api) => api.questions.update({ id: question, LocationId: null }))],
      [403, mainAdmin.call((api) => api.questions.update({ id: question, LocationId: east.id }))],
      [404, eastAdmin.call((api) => api.questions.update({ id: question, LocationId: east.id }))],
      [403, mainAdmin.call((api) => api.webhooks.update({ id: webhook, locationId: null }))],
      [404, eastAdmin.call((api) => api.webhooks.update({ id: webhook, locationId: east.id }))],
      [422, site.admin.call((api) => api.questions.update({ id: question, LocationId: 999_999 }))],
      [422, site.admin.call((api) => api.webhooks.update({ id: webhook, locationId: 999_999 }))],
    ] as const;
    for (const [status, call] of refusals) {
      const res = await call;
      expect(res.status, JSON.stringify(res.json)).toBe(status);
      if (status === 422)
        expect(res.json.errors).toEqual([
          expect.objectContaining({ path: expect.stringMatching(/^LocationId$|^locationId$/) }),
        ]);
    }
    expect(await rows()).toEqual(before);
    expect(await auditRows()).toBe(audited);

    // To the east location: asked there alone, last among its own; the main visit keeps its answer.
    const toEast = await site.admin.call((api) =>
      api.questions.update({ id: question, LocationId: east.id }),
    );
    expect(toEast.json).toMatchObject({ LocationId: east.id, Position: 0 });
    const eastTablet = await tabletClient(site.world, east.id);
    const eastAsks = (await eastTablet.call((api) => api.questions.list({}))).json as Array<{
      id: number;
    }>;
    expect(eastAsks.map((q) => q.id)).toContain(question);
    const visit = await site.admin.call((api) => api.visits.get({ id: answered.json.id }));
    expect(visit.json.Answers).toEqual({ [question]: "12" });
    // Now east's: its admin changes it, main's no longer.
    expect(
      (await eastAdmin.call((api) => api.questions.update({ id: question, Required: true })))
        .status,
    ).toBe(200);
    expect(
      (await mainAdmin.call((api) => api.questions.update({ id: question, Required: false })))
        .status,
    ).toBe(404);
    const toNetwork = await site.admin.call((api) =>
      api.questions.update({ id: question, LocationId: null }),
    );
    expect(toNetwork.json).toMatchObject({ LocationId: null });

    const hookToEast = await site.admin.call((api) =>
      api.webhooks.update({ id: webhook, locationId: east.id }),
    );
    expect(hookToEast.json).toMatchObject({ locationId: east.id, locationIds: [east.id] });
    // The network's now, hearing what it heard until told otherwise.
    const hookToNetwork = await site.admin.call((api) =>
      api.webhooks.update({ id: webhook, locationId: null }),
    );
    expect(hookToNetwork.json).toMatchObject({ locationId: null, locationIds: [east.id] });

    await site.admin.call((api) => api.questions.retire({ id: question }));
    await site.admin.call((api) => api.webhooks.remove({ id: webhook }));
  });
});
