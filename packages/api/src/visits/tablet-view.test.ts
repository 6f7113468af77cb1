import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { generateToken, hashToken } from "../kernel/tokens.ts";

/**
 * What a tablet may do with visits (list its open ones, sign in, sign out an open one of its
 * location, look a returning visitor up) and what it sees of them (the sheet's "Ada L." and
 * xxx-xxx-0101, nothing more); staff and scripts see and do everything as before. What live events
 * show each is tested in apps/server (live-tablet-view.test.ts).
 */

const site = useCatalogWorld();
const db = () => site.world.services.db.kysely;
const day = 24 * 3600_000;

/** A visit written straight to the table, ended `endedDaysAgo` days ago (open when undefined). */
async function insertVisit(phone: string, endedDaysAgo?: number) {
  const now = Date.now();
  return db()
    .insertInto("visits")
    .values({
      first_name: "Ada",
      last_name: "Lovelace",
      phone_number: phone,
      temperature: "98.6",
      location_id: site.catalog.main.id,
      program_id: site.catalog.tutoring.id,
      time_in: new Date(now - (endedDaysAgo ?? 0) * day - 3600_000),
      time_out: endedDaysAgo === undefined ? null : new Date(now - endedDaysAgo * day),
      signed_out_by: endedDaysAgo === undefined ? null : "visitor",
      updated_at: new Date(now - (endedDaysAgo ?? 0) * day),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const row = (id: number) =>
  db().selectFrom("visits").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A script's client: a staff member's API token. */
async function bearerClient(): Promise<Client> {
  const user = await site.world.createUser();
  const token = generateToken();
  await db()
    .insertInto("api_tokens")
    .values({ user_id: user.id, name: "script", token_hash: hashToken(token) })
    .execute();
  const client = site.world.client();
  client.bearer = token;
  return client;
}

const tabletView = { FirstName: "Ada", LastName: "L", PhoneNumber: "xxxxxx0101" };
const fullView = { FirstName: "Ada", LastName: "Lovelace", PhoneNumber: "4155550101" };
const adaAt = (LocationId: number, ProgramId: number) =>
  visitor(LocationId, ProgramId, {
    FirstName: "Ada",
    LastName: "Lovelace",
    PhoneNumber: "415-555-0101",
  });

describe("what a tablet may do", () => {
  let tablet: Client;
  beforeAll(async () => {
    tablet = await tabletClient(site.world, site.catalog.main.id);
  });

  it("reads no visit and rewrites none, even of its own location (visits.get and visits.update: 403); staff still do", async () => {
    for (const visit of [await insertVisit("4155550001", 3), await insertVisit("4155550002")]) {
      expect((await tablet.call((api) => api.visits.get({ id: visit.id }))).status).toBe(403);
      const tampered = await tablet.call((api) =>
        api.visits.update({ id: visit.id, LastName: "Tampered", Temperature: "104" }),
      );
      expect(tampered.status).toBe(403);
      expect(
        (await tablet.call((api) => api.visits.update({ id: visit.id, LastName: "Tampered" })))
          .status,
      ).toBe(403);
      expect(await row(visit.id)).toEqual(visit);

      const staff = await staffClient(site.world);
      expect((await staff.call((api) => api.visits.get({ id: visit.id }))).json).toMatchObject({
        LastName: "Lovelace",
        PhoneNumber: visit.phone_number,
      });
      expect(
        (await staff.call((api) => api.visits.update({ id: visit.id, Temperature: "97" }))).status,
      ).toBe(200);
    }
  });

  it("signs out an open visit of its location; an ended one only again within a day (a retry), never an older one", async () => {
    const open = await insertVisit("4155550003");
    const out = await tablet.call((api) => api.visits.signOut({ id: open.id }));
    expect(out.status).toBe(200);
    expect((await tablet.call((api) => api.visits.signOut({ id: open.id }))).json.TimeOut).toBe(
      out.json.TimeOut,
    );

    const old = await insertVisit("4155550004", 2);
    const again = await tablet.call((api) => api.visits.signOut({ id: old.id }));
    expect(again.status).toBe(404);
    expect(again.json).toEqual({
      status: 404,
      message: "Visit not found",
      key: "notFound",
      values: { thing: "Visit" },
    });
    expect(await row(old.id)).toEqual(old);
    // Staff may still sign out (and so read) any visit.
    expect((await site.admin.call((api) => api.visits.signOut({ id: old.id }))).json).toMatchObject(
      {
        LastName: "Lovelace",
        PhoneNumber: old.phone_number,
      },
    );
  });
});

describe("a visit as a tablet sees it", () => {
  it("is the first name, the last name's initial and the phone's last four digits: in the sheet, a sign-in's answer, a 409's open visit and a sign-out's answer", async () => {
    const { main, tutoring, pantry } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    const bodies: string[] = [];
    const seen = <R extends { json: unknown }>(reply: R) => (
      bodies.push(JSON.stringify(reply.json)),
      reply
    );

    const signedIn = seen(
      await tablet.call((api) => api.visits.create(adaAt(main.id, tutoring.id)), {
        headers: {
          "idempotency-key": "view-1",
        },
      }),
    );
    expect(signedIn.status).toBe(201);
    expect(signedIn.json).toMatchObject({ ...tabletView, Temperature: "98.6", TimeOut: null });
    const retried = seen(
      await tablet.call((api) => api.visits.create(adaAt(main.id, tutoring.id)), {
        headers: {
          "idempotency-key": "view-1",
        },
      }),
    );
    expect(retried.json).toMatchObject({ id: signedIn.json.id, ...tabletView });
    const twice = seen(await tablet.call((api) => api.visits.create(adaAt(main.id, tutoring.id))));
    expect(twice.status).toBe(409);
    expect(twice.json.visit).toMatchObject({ id: signedIn.json.id, ...tabletView });

    const sheets = [
      // The kiosk's sheet (from today in its zone), the web app's, without a day, and with an end day.
      {
        locationId: main.id,
        programId: tutoring.id,
        from: "2000-01-01",
        timeZone: "America/Los_Angeles",
      },
      { locationId: main.id, programId: tutoring.id },
      { locationId: main.id },
      { locationId: main.id, from: "2000-01-01", to: "2999-12-31" },
    ];
    for (const input of sheets) {
      const sheet = seen(await tablet.call((api) => api.visits.list(input)));
      expect(sheet.status, JSON.stringify(input)).toBe(200);
      expect(
        sheet.json.find((v: { id: number }) => v.id === signedIn.json.id),
        JSON.stringify(input),
      ).toMatchObject(tabletView);
    }
    // The key in the input, as the web app sends it.
    const keyedIn = seen(
      await tablet.call((api) =>
        api.visits.create({ ...adaAt(main.id, pantry.id), idempotencyKey: "view-2" }),
      ),
    );
    expect(keyedIn.json).toMatchObject(tabletView);
    const keyedTwice = seen(
      await tablet.call((api) => api.visits.create(adaAt(main.id, pantry.id))),
    );
    expect(keyedTwice.json.visit).toMatchObject(tabletView);
    const keyedOut = seen(await tablet.call((api) => api.visits.signOut({ id: keyedIn.json.id })));
    expect(keyedOut.json).toMatchObject(tabletView);

    const out = seen(await tablet.call((api) => api.visits.signOut({ id: signedIn.json.id })));
    expect(out.json).toMatchObject({ ...tabletView, SignedOutBy: "visitor" });

    for (const body of bodies) {
      expect(body).not.toContain("Lovelace");
      expect(body).not.toContain("4155550101");
    }
  });

  it("is the whole visit to staff and scripts, on the same calls", async () => {
    const { jobs } = site.catalog;
    const location = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Full view", ProgramIds: [jobs.id] }),
      )
    ).json as { id: number };
    for (const client of [await staffClient(site.world), await bearerClient()]) {
      const signedIn = await client.call((api) => api.visits.create(adaAt(location.id, jobs.id)));
      expect(signedIn.json).toMatchObject(fullView);
      expect(
        (await client.call((api) => api.visits.create(adaAt(location.id, jobs.id)))).json.visit,
      ).toMatchObject(fullView);
      const report = await client.call((api) => api.visits.list({ locationId: location.id }));
      expect(report.json[0]).toMatchObject(fullView);
      const out = await client.call((api) => api.visits.signOut({ id: signedIn.json.id }));
      expect(out.json).toMatchObject(fullView);
    }
  });
});
