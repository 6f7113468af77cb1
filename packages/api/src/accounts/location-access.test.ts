import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { generateToken, hashToken } from "../kernel/tokens.ts";

const site = useCatalogWorld();

type Access = Array<{ locationId: number; role: "staff" | "admin" }>;

/** A client logged in as a new user holding these roles (every location as staff when left out). */
async function userClient(access?: Access) {
  const user = await site.world.createUser(access ? { access } : {});
  const client = site.world.client();
  await client.login(user.email, user.password);
  return { client, id: user.id, email: user.email };
}

const ids = (json: Array<{ id: number }>) => json.map((row) => row.id).sort((a, b) => a - b);

/** A visit signed in at a location by its own tablet. */
async function signIn(locationId: number, programId: number) {
  const tablet = await tabletClient(site.world, locationId);
  const res = await tablet.call((api) => api.visits.create(visitor(locationId, programId)));
  expect(res.status).toBe(201);
  return res.json.id as number;
}

async function locationIds(client: Client) {
  return ids((await client.call((api) => api.locations.list())).json);
}

describe("access per location", () => {
  it("keeps a user written without access (as every user from before) staff of every location, one made later too, until narrowed", async () => {
    const { client, id } = await userClient();
    const later = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Later", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json.id as number;
    const { main, east } = site.catalog;
    expect(await locationIds(client)).toEqual(expect.arrayContaining([main.id, east.id, later]));
    const me = await client.call((api) => api.users.me());
    expect(me.json.access).toEqual(
      expect.arrayContaining([
        { locationId: main.id, role: "staff" },
        { locationId: later, role: "staff" },
      ]),
    );

    const narrowed = await site.admin.call((api) =>
      api.users.update({ id, access: [{ locationId: main.id, role: "staff" }] }),
    );
    expect(narrowed.status).toBe(200);
    expect(narrowed.json.access).toEqual([{ locationId: main.id, role: "staff" }]);
    expect(await locationIds(client)).toEqual([main.id]);
    const log = await site.admin.call((api) => api.audit.page({ action: "user.change_access" }));
    expect(log.json.entries[0]).toMatchObject({
      action: "user.change_access",
      subject: { type: "user", id },
    });
  });

  it("answers a staff member of one location for it alone: another's records and filters are 404, unfiltered lists theirs", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    const mine = await signIn(main.id, tutoring.id);
    const theirs = await signIn(east.id, jobs.id);
    const { client } = await userClient([{ locationId: main.id, role: "staff" }]);

    const report = await client.call((api) => api.visits.report({}));
    expect(report.status).toBe(200);
    const reported = report.json.visits.map((v: { id: number }) => v.id);
    expect(reported).toContain(mine);
    expect(reported).not.toContain(theirs);
    expect(
      report.json.visits.every((v: { Location: { id: number } }) => v.Location.id === main.id),
    ).toBe(true);
    expect((await client.call((api) => api.visits.report({ locationId: east.id }))).status).toBe(
      404,
    );

    const open = await client.call((api) => api.visits.open({}));
    expect(open.json.map((v: { id: number }) => v.id)).toContain(mine);
    expect(open.json.map((v: { id: number }) => v.id)).not.toContain(theirs);
    expect((await client.call((api) => api.visits.open({ locationId: east.id }))).status).toBe(404);

    const summary = await client.call((api) => api.visits.summaryReport({ groupBy: "location" }));
    expect(summary.json.groups.map((g: { key: string }) => g.key)).toEqual([String(main.id)]);
    expect(
      (
        await client.call((api) =>
          api.visits.summaryReport({ groupBy: "program", locationId: east.id }),
        )
      ).status,
    ).toBe(404);

    // A record of another location is as if it did not exist.
    const other = await client.call((api) => api.visits.get({ id: theirs }));
    expect(other.status).toBe(404);
    expect(other.json.message).toBe("Visit not found");
    expect((await client.call((api) => api.visits.get({ id: mine }))).status).toBe(200);
    expect(
      (await client.call((api) => api.visits.update({ id: theirs, FirstName: "X" }))).status,
    ).toBe(404);
    expect((await client.call((api) => api.visits.signOut({ id: theirs }))).status).toBe(404);
    expect((await client.call((api) => api.visits.create(visitor(east.id, jobs.id)))).status).toBe(
      404,
    );
    // Nothing of theirs changed.
    const untouched = await site.admin.call((api) => api.visits.get({ id: theirs }));
    expect(untouched.json).toMatchObject({ FirstName: "Grace", TimeOut: null });

    expect((await client.call((api) => api.locations.get({ id: east.id }))).status).toBe(404);
    expect((await client.call((api) => api.tablets.list({ id: east.id }))).status).toBe(404);
    expect((await client.call((api) => api.door.newCode({ id: east.id }))).status).toBe(404);
    expect((await client.call((api) => api.questions.list({ locationId: east.id }))).status).toBe(
      404,
    );
    expect((await client.call((api) => api.reports.today({ locationId: east.id }))).status).toBe(
      404,
    );
    // The network's programs are everyone's catalogue; where each is offered, their locations alone.
    const programs = await client.call((api) => api.programs.list());
    expect(
      (programs.json as Array<{ Name: string; Locations: Array<{ id: number }> }>)
        .map((p) => [p.Name, p.Locations.map((l) => l.id)])
        .sort(),
    ).toEqual([
      ["Food Pantry", [main.id]],
      ["Job Help", []],
      ["Tutoring", [main.id]],
    ]);
    expect((await client.call((api) => api.programs.get({ id: jobs.id }))).json.Locations).toEqual(
      [],
    );
  });

  it("keeps roll calls, tablets and the funder summary to the caller's locations", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    await signIn(main.id, tutoring.id);
    await signIn(east.id, jobs.id);
    const eastTablet = (
      await site.world.services.db.kysely
        .selectFrom("tablets")
        .select("id")
        .where("location_id", "=", east.id)
        .executeTakeFirstOrThrow()
    ).id;
    const { client } = await userClient([{ locationId: main.id, role: "staff" }]);

    const eastRollCall = await site.admin.call((api) =>
      api.rollCalls.start({ id: east.id, drill: true }),
    );
    expect(eastRollCall.status).toBe(201);
    const rollCallId = eastRollCall.json.id as number;
    expect(
      (await client.call((api) => api.rollCalls.start({ id: east.id, drill: true }))).status,
    ).toBe(404);
    expect((await client.call((api) => api.rollCalls.get({ id: rollCallId }))).status).toBe(404);
    expect((await client.call((api) => api.rollCalls.end({ id: rollCallId }))).status).toBe(404);
    expect(
      (await client.call((api) => api.rollCalls.addPerson({ id: rollCallId, name: "Walk In" })))
        .status,
    ).toBe(404);
    expect((await client.call((api) => api.rollCalls.list({ locationId: east.id }))).status).toBe(
      404,
    );
    const listed = await client.call((api) => api.rollCalls.list({}));
    expect(listed.json.map((r: { id: number }) => r.id)).not.toContain(rollCallId);
    await site.admin.call((api) => api.rollCalls.end({ id: rollCallId }));

    expect((await client.call((api) => api.tablets.revoke({ id: eastTablet }))).status).toBe(404);
    const tablet = await site.admin.call((api) => api.tablets.list({ id: east.id }));
    expect(tablet.json.find((t: { id: number }) => t.id === eastTablet).revokedAt).toBeNull();

    // The days around the visits just signed in, whatever day the test runs.
    const day = (offset: number) =>
      new Date(site.world.services.now().getTime() + offset * 86_400_000)
        .toISOString()
        .slice(0, 10);
    const period = { from: day(-1), to: day(1), timeZone: "UTC" };
    const everyone = await site.admin.call((api) => api.reports.summary(period));
    const theirs = await client.call((api) => api.reports.summary(period));
    const mainOnly = await site.admin.call((api) =>
      api.reports.summary({ ...period, locationId: main.id }),
    );
    expect(theirs.status).toBe(200);
    const totals = ({ visits, people, newPeople, returningPeople }: Record<string, number>) => ({
      visits,
      people,
      newPeople,
      returningPeople,
    });
    expect(totals(theirs.json)).toEqual(totals(mainOnly.json));
    expect(theirs.json.visits).toBeLessThan(everyone.json.visits);
    expect(
      (await client.call((api) => api.reports.summary({ ...period, locationId: east.id }))).status,
    ).toBe(404);
  });

  it("leaves a user whose last location is removed seeing no visit, not every one", async () => {
    const { main, tutoring } = site.catalog;
    await signIn(main.id, tutoring.id);
    const { client, id } = await userClient([{ locationId: main.id, role: "staff" }]);
    expect((await client.call((api) => api.visits.report({}))).json.total).toBeGreaterThan(0);
    const removed = await site.admin.call((api) => api.users.update({ id, access: [] }));
    expect(removed.status).toBe(200);
    expect(removed.json.access).toEqual([]);
    const report = await client.call((api) => api.visits.report({}));
    expect(report.status).toBe(200);
    expect(report.json.total).toBe(0);
    expect(await locationIds(client)).toEqual([]);
    expect((await client.call((api) => api.visits.open({}))).json).toEqual([]);
    expect((await client.call((api) => api.reports.today({}))).json.signedInNow).toBe(0);
  });

  it("lets an API token act with its owner's locations", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    const mine = await signIn(main.id, tutoring.id);
    const theirs = await signIn(east.id, jobs.id);
    const owner = await site.world.createUser({ access: [{ locationId: main.id, role: "staff" }] });
    const token = generateToken();
    await site.world.services.db.kysely
      .insertInto("api_tokens")
      .values({ user_id: owner.id, name: "script", token_hash: hashToken(token) })
      .execute();
    const script = site.world.client();
    script.bearer = token;
    expect((await script.call((api) => api.visits.get({ id: mine }))).status).toBe(200);
    expect((await script.call((api) => api.visits.get({ id: theirs }))).status).toBe(404);
    expect(await locationIds(script)).toEqual([main.id]);
  });

  it("shows a site admin their locations' audit entries alone", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    await signIn(main.id, tutoring.id);
    await signIn(east.id, jobs.id);
    const { client } = await userClient([{ locationId: main.id, role: "admin" }]);
    const page = await client.call((api) => api.audit.page({ action: "visit.sign_in" }));
    expect(page.status).toBe(200);
    expect(page.json.entries.length).toBeGreaterThan(0);
    expect(
      page.json.entries.every((e: { location: { id: number } }) => e.location.id === main.id),
    ).toBe(true);
    expect((await client.call((api) => api.audit.page({ locationId: east.id }))).status).toBe(404);
    // Staff of a location read no log.
    const staff = await userClient([{ locationId: main.id, role: "staff" }]);
    expect((await staff.client.call((api) => api.audit.page({}))).status).toBe(403);
  });
});

describe("users and invites with access", () => {
  it("makes a network admin's invite without access staff of every location, as before", async () => {
    const { main, east } = site.catalog;
    const sent = await site.admin.call((api) =>
      api.invites.create({ firstName: "Old", email: "old-client@example.org" }),
    );
    expect(sent.status).toBe(201);
    expect(sent.json.access).toBeNull();
    const invitee = site.world.client();
    const accepted = await invitee.call((api) =>
      api.invites.accept({
        id: sent.json.id,
        firstName: "Old",
        email: "old-client@example.org",
        password: "password123",
      }),
    );
    expect(accepted.status).toBe(201);
    expect(accepted.json.access).toEqual(
      expect.arrayContaining([
        { locationId: main.id, role: "staff" },
        { locationId: east.id, role: "staff" },
      ]),
    );
    const flag = await site.world.services.db.kysely
      .selectFrom("users")
      .select("staff_of_every_location")
      .where("id", "=", accepted.json.id)
      .executeTakeFirstOrThrow();
    expect(flag.staff_of_every_location).toBe(true);
  });

  it("gives a site admin's invite without access their own locations, and one with access those roles", async () => {
    const { main, east } = site.catalog;
    const admin = await userClient([{ locationId: main.id, role: "admin" }]);
    const plain = await admin.client.call((api) =>
      api.invites.create({ firstName: "New", email: "new-staff@example.org" }),
    );
    expect(plain.status).toBe(201);
    expect(plain.json.access).toEqual([{ locationId: main.id, role: "staff" }]);
    const listed = await admin.client.call((api) => api.invites.list());
    expect(listed.json.map((i: { id: string }) => i.id)).toContain(plain.json.id);
    // Network admins' invites name no location of theirs: not listed to them.
    expect(listed.json.every((i: { access: Access | null }) => i.access !== null)).toBe(true);

    const invitee = site.world.client();
    const accepted = await invitee.call((api) =>
      api.invites.accept({
        id: plain.json.id,
        firstName: "New",
        email: "new-staff@example.org",
        password: "password123",
      }),
    );
    expect(accepted.json.access).toEqual([{ locationId: main.id, role: "staff" }]);
    expect(await locationIds(invitee)).toEqual([main.id]);

    const network = await site.admin.call((api) =>
      api.invites.create({
        firstName: "Two",
        email: "two-sites@example.org",
        access: [
          { locationId: main.id, role: "admin" },
          { locationId: east.id, role: "staff" },
        ],
      }),
    );
    expect(network.status).toBe(201);
    expect(network.json.access).toEqual([
      { locationId: main.id, role: "admin" },
      { locationId: east.id, role: "staff" },
    ]);
  });

  it("refuses a site admin's grant of network admin or of another location (403) and a role at no location (422), writing nothing", async () => {
    const { main, east } = site.catalog;
    const admin = await userClient([{ locationId: main.id, role: "admin" }]);
    const staff = await userClient([{ locationId: main.id, role: "staff" }]);
    const db = site.world.services.db.kysely;
    const invitesBefore = await db.selectFrom("invites").select("id").execute();
    const rowsBefore = await db.selectFrom("location_access").selectAll().execute();

    const toAdmin = await admin.client.call((api) =>
      api.users.update({ id: staff.id, isAdmin: true }),
    );
    expect(toAdmin.status).toBe(403);
    expect(toAdmin.json.message).toBe("Only network administrators can do this");
    const elsewhere = await admin.client.call((api) =>
      api.users.update({ id: staff.id, access: [{ locationId: east.id, role: "staff" }] }),
    );
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.json.message).toBe("You can only give access to the locations you administer");
    const inviteElsewhere = await admin.client.call((api) =>
      api.invites.create({
        firstName: "No",
        email: "no-east@example.org",
        access: [{ locationId: east.id, role: "staff" }],
      }),
    );
    expect(inviteElsewhere.status).toBe(403);
    // An id naming no location is not theirs either: a site admin learns nothing of what exists.
    const nowhere = await admin.client.call((api) =>
      api.users.update({ id: staff.id, access: [{ locationId: 999_999, role: "staff" }] }),
    );
    expect(nowhere.status).toBe(403);

    const unknown = await site.admin.call((api) =>
      api.users.update({
        id: staff.id,
        access: [
          { locationId: main.id, role: "staff" },
          { locationId: 999_999, role: "staff" },
        ],
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors).toEqual([
      expect.objectContaining({ path: "access.1.locationId", message: "No such location" }),
    ]);
    const inviteUnknown = await site.admin.call((api) =>
      api.invites.create({
        firstName: "No",
        email: "no-where@example.org",
        access: [{ locationId: 999_999, role: "admin" }],
      }),
    );
    expect(inviteUnknown.status).toBe(422);

    expect(await db.selectFrom("invites").select("id").execute()).toEqual(invitesBefore);
    expect(await db.selectFrom("location_access").selectAll().execute()).toEqual(rowsBefore);
    const target = await db
      .selectFrom("users")
      .select("is_admin")
      .where("id", "=", staff.id)
      .executeTakeFirstOrThrow();
    expect(target.is_admin).toBe(false);
  });

  it("lets a site admin manage the staff of their locations alone, at those locations alone", async () => {
    const { main, east } = site.catalog;
    const admin = await userClient([{ locationId: main.id, role: "admin" }]);
    const both = await userClient([
      { locationId: main.id, role: "staff" },
      { locationId: east.id, role: "staff" },
    ]);
    const eastOnly = await userClient([{ locationId: east.id, role: "staff" }]);

    const listed = await admin.client.call((api) => api.users.list());
    expect(listed.status).toBe(200);
    const listedIds = listed.json.map((u: { id: number }) => u.id);
    expect(listedIds).toEqual(expect.arrayContaining([admin.id, both.id]));
    expect(listedIds).not.toContain(eastOnly.id);
    // Their other locations are not shown to the site admin.
    expect(listed.json.find((u: { id: number }) => u.id === both.id).access).toEqual([
      { locationId: main.id, role: "staff" },
    ]);
    expect((await admin.client.call((api) => api.users.get({ id: eastOnly.id }))).status).toBe(403);
    expect(
      (await admin.client.call((api) => api.users.update({ id: eastOnly.id, access: [] }))).status,
    ).toBe(403);
    // Another's profile is not theirs to change.
    expect(
      (await admin.client.call((api) => api.users.update({ id: both.id, firstName: "X" }))).status,
    ).toBe(403);

    const promoted = await admin.client.call((api) =>
      api.users.update({ id: both.id, access: [{ locationId: main.id, role: "admin" }] }),
    );
    expect(promoted.status).toBe(200);
    expect(promoted.json.access).toEqual([{ locationId: main.id, role: "admin" }]);
    // Their role elsewhere stays as it was.
    const seen = await site.admin.call((api) => api.users.get({ id: both.id }));
    expect(seen.json.access).toEqual(
      expect.arrayContaining([
        { locationId: main.id, role: "admin" },
        { locationId: east.id, role: "staff" },
      ]),
    );
    expect(seen.json.access).toHaveLength(2);

    // Staff manage nobody.
    expect((await eastOnly.client.call((api) => api.users.list())).status).toBe(403);
    expect(
      (
        await eastOnly.client.call((api) =>
          api.users.update({ id: eastOnly.id, access: [{ locationId: main.id, role: "admin" }] }),
        )
      ).status,
    ).toBe(403);
  });

  it("answers another location's visit as if it did not exist when a staff member approves or declines it, writing nothing", async () => {
    const { main, east, tutoring } = site.catalog;
    const visitId = await signIn(main.id, tutoring.id);
    const { client } = await userClient([{ locationId: east.id, role: "staff" }]);
    for (const decide of ["approve", "decline"] as const) {
      const res = await client.call((api) => api.visits[decide]({ id: visitId, reason: "Known" }));
      expect(res.status).toBe(404);
    }
    const visit = await site.admin.call((api) => api.visits.get({ id: visitId }));
    expect(visit.json.Eligibility).toBe("ok");
  });
});
