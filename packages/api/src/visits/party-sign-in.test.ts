import { randomUUID } from "node:crypto";
import { sql } from "@vsi/db";
import { describeOnPostgres } from "@vsi/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { statementsOf } from "../../test/statements.ts";
import type { Client } from "../../test/world.ts";
import type { HouseholdShape } from "../households/schema.ts";

/**
 * Signing in a party: how many came (any program), and for a program that signs in households,
 * the visitor's household, made at their first visit and found by any member's phone after.
 */

const site = useCatalogWorld();
let staff: Client;
let tablet: Client;
/** A program at Main Street that signs in households. */
let pantry: number;
/** A second one there, so one phone can be signed in twice at once. */
let clothes: number;

const db = () => site.world.services.db.kysely;
const count = async (table: "visits" | "households" | "household_members") =>
  Number(
    (
      await db()
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const fieldErrors = (json: { errors?: Array<{ path: string; key: string }> }) =>
  (json.errors ?? []).map((error) => [error.path, error.key]);

async function householdProgram(Name: string) {
  const res = await site.admin.call((api) =>
    api.programs.create({ Name, LocationIds: [site.catalog.main.id], SignsInHousehold: true }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  expect(res.json.SignsInHousehold).toBe(true);
  return res.json.id as number;
}

const signIn = (client: Client, ProgramId: number, fields: Record<string, unknown> = {}) =>
  client.call((api) =>
    api.visits.create(visitor(site.catalog.main.id, ProgramId, fields) as never),
  );

beforeAll(async () => {
  staff = await staffClient(site.world);
  tablet = await tabletClient(site.world, site.catalog.main.id);
  pantry = await householdProgram("Household Pantry");
  clothes = await householdProgram("Household Closet");
});

describe("a party's size", () => {
  it("is 1 when not said, and what was said for any program, with no household where the program signs in one person", async () => {
    const one = await signIn(tablet, site.catalog.tutoring.id);
    expect(one.status).toBe(201);
    expect(one.json).toMatchObject({ PartySize: 1, HouseholdId: null, HouseholdMemberIds: null });
    const three = await signIn(tablet, site.catalog.tutoring.id, { PartySize: 3 });
    expect(three.json).toMatchObject({ PartySize: 3, HouseholdId: null });
    // A program made without saying signs in one person.
    const program = await site.admin.call((api) =>
      api.programs.get({ id: site.catalog.tutoring.id }),
    );
    expect(program.json.SignsInHousehold).toBe(false);
  });

  it("refuses 0, a negative number, more than 50 or a fraction, at PartySize, writing nothing", async () => {
    const before = { visits: await count("visits"), households: await count("households") };
    for (const PartySize of [0, -2, 51, 1.5]) {
      for (const client of [tablet, staff]) {
        const res = await signIn(client, pantry, { PartySize });
        expect(res.status, String(PartySize)).toBe(422);
        expect(fieldErrors(res.json), String(PartySize)).toEqual([["PartySize", "partySize"]]);
      }
    }
    expect({ visits: await count("visits"), households: await count("households") }).toEqual(
      before,
    );
  });

  it("staff correct it, within 1 to 50, and a correction that leaves it out keeps it", async () => {
    const party = await signIn(tablet, site.catalog.tutoring.id, { PartySize: 2 });
    const corrected = await staff.call((api) =>
      api.visits.update({ id: party.json.id, PartySize: 3 }),
    );
    expect(corrected.json.PartySize).toBe(3);
    const refused = await staff.call((api) =>
      api.visits.update({ id: party.json.id, PartySize: 0 }),
    );
    expect(fieldErrors(refused.json)).toEqual([["PartySize", "partySize"]]);
    const other = await staff.call((api) =>
      api.visits.update({ id: party.json.id, FirstName: "Renamed" }),
    );
    expect(other.json).toMatchObject({ FirstName: "Renamed", PartySize: 3 });
    const logged = await db()
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "visit.update")
      .where("subject_id", "=", party.json.id)
      .orderBy("id")
      .execute();
    expect(logged.map((row) => row.details)).toEqual([
      { fields: ["PartySize"] },
      { fields: ["FirstName"] },
    ]);
  });

  it("reaches the tablet's sheet with the visit", async () => {
    const party = await signIn(tablet, site.catalog.tutoring.id, { PartySize: 6 });
    const sheet = await tablet.call((api) =>
      api.visits.list({ locationId: site.catalog.main.id, programId: site.catalog.tutoring.id }),
    );
    expect(sheet.json.find((v: { id: number }) => v.id === party.json.id)).toMatchObject({
      PartySize: 6,
    });
  });
});

describe("a household's sign-in", () => {
  it("makes the household at the first visit, the visitor its member, and finds it by their phone at the next; the visit's events carry its party's size and household", async () => {
    const before = await count("households");
    const sent = visitor(site.catalog.main.id, pantry, { PartySize: 5 });
    const first = await tablet.call((api) => api.visits.create(sent));
    expect(first.status).toBe(201);
    expect(first.json.PartySize).toBe(5);
    const householdId = first.json.HouseholdId as number;
    expect(householdId).toEqual(expect.any(Number));
    expect(await count("households")).toBe(before + 1);
    // What webhooks and staff alerts are sent of the visit.
    const event = await sql<{ data: Record<string, unknown> }>`
      select webhook_visit_data(v, '', '') as data from visits v where v.id = ${first.json.id}`.execute(
      db(),
    );
    expect(event.rows[0]!.data).toMatchObject({ partySize: 5, householdId });

    const household = (await staff.call((api) => api.households.get({ id: householdId })))
      .json as HouseholdShape;
    expect(household).toMatchObject({ Size: 5, AddressLine1: "", Zip: "" });
    expect(household.Members.map(({ id: _, ...member }) => member)).toEqual([
      {
        FirstName: sent.FirstName,
        LastName: sent.LastName,
        PhoneNumber: sent.PhoneNumber.replace(/\D/g, ""),
        BirthDate: null,
        Relationship: null,
      },
    ]);

    await tablet.call((api) => api.visits.signOut({ id: first.json.id }));
    const again = await tablet.call((api) => api.visits.create({ ...sent, PartySize: 2 }));
    expect(again.json).toMatchObject({ HouseholdId: householdId, PartySize: 2 });
    expect(await count("households")).toBe(before + 1);
  });

  it("finds the household by any member's phone, and keeps who of it came", async () => {
    const [parentPhone, teenPhone] = [visitor(0, 0).PhoneNumber, visitor(0, 0).PhoneNumber].map(
      (phone) => phone.replace(/\D/g, ""),
    );
    const made = await staff.call((api) =>
      api.households.create({
        Members: [
          { FirstName: "Marta", LastName: "Ruiz", PhoneNumber: parentPhone },
          { FirstName: "Leo", LastName: "Ruiz", PhoneNumber: teenPhone },
          { FirstName: "Ana", LastName: "Ruiz", BirthDate: "2019-08-01" },
        ],
      }),
    );
    const household = made.json as HouseholdShape;
    const [, leo, ana] = household.Members as [
      HouseholdShape["Members"][number],
      HouseholdShape["Members"][number],
      HouseholdShape["Members"][number],
    ];
    const res = await signIn(tablet, pantry, {
      FirstName: "Leo",
      LastName: "Ruiz",
      PhoneNumber: teenPhone,
      HouseholdMemberIds: [leo.id, ana.id, ana.id],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    // Left out, the party is the members who came.
    expect(res.json).toMatchObject({
      HouseholdId: household.id,
      PartySize: 2,
      HouseholdMemberIds: [leo.id, ana.id],
    });
    const row = await db()
      .selectFrom("visits")
      .select(["household_id", "party_size", "household_member_ids"])
      .where("id", "=", res.json.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      household_id: household.id,
      party_size: 2,
      household_member_ids: [leo.id, ana.id],
    });
  });

  it("the returning-visitor lookup names the phone's household and its members, to a tablet by first names and initials", async () => {
    const phone = visitor(0, 0).PhoneNumber.replace(/\D/g, "");
    const household = (
      await staff.call((api) =>
        api.households.create({
          Members: [
            { FirstName: "Olga", LastName: "Petrov", PhoneNumber: phone },
            { FirstName: "Ivan", LastName: "Petrov" },
          ],
        }),
      )
    ).json as HouseholdShape;
    // A lookup finds a visitor by their visits: this one came once.
    const first = await signIn(tablet, pantry, {
      PhoneNumber: phone,
      FirstName: "Olga",
      LastName: "Petrov",
    });
    expect(first.json.HouseholdId).toBe(household.id);
    const [olga, ivan] = household.Members.map((member) => member.id);
    const byTablet = await tablet.call((api) => api.visits.search({ phoneNumber: phone }));
    expect(byTablet.json.Household).toEqual({
      id: household.id,
      Members: [
        { id: olga, FirstName: "Olga", LastName: "P", ThisPhone: true },
        { id: ivan, FirstName: "Ivan", LastName: "P", ThisPhone: false },
      ],
    });
    const byStaff = await staff.call((api) => api.visits.search({ phoneNumber: phone }));
    expect(byStaff.json.Household.Members[1]).toEqual({
      id: ivan,
      FirstName: "Ivan",
      LastName: "Petrov",
      ThisPhone: false,
    });
  });

  it("refuses members of another household, or a party smaller than the members who came, writing nothing", async () => {
    const other = (
      await staff.call((api) =>
        api.households.create({ Members: [{ FirstName: "Other", LastName: "Family" }] }),
      )
    ).json as HouseholdShape;
    const mine = visitor(site.catalog.main.id, pantry);
    const before = {
      visits: await count("visits"),
      households: await count("households"),
      members: await count("household_members"),
    };
    const now = async () => ({
      visits: await count("visits"),
      households: await count("households"),
      members: await count("household_members"),
    });

    // A first visit: the household does not exist yet, so it has no members to list.
    for (const client of [tablet, staff]) {
      const foreign = await client.call((api) =>
        api.visits.create({ ...mine, HouseholdMemberIds: [other.Members[0]!.id] }),
      );
      expect(foreign.status).toBe(422);
      expect(fieldErrors(foreign.json)).toEqual([["HouseholdMemberIds", "notHouseholdMembers"]]);
      const keyed = await client.call(
        (api) => api.visits.create({ ...mine, HouseholdMemberIds: [other.Members[0]!.id] }),
        { headers: { "idempotency-key": randomUUID() } },
      );
      expect(fieldErrors(keyed.json)).toEqual([["HouseholdMemberIds", "notHouseholdMembers"]]);
    }
    // A program that signs in one person has no household to list members of.
    const noHousehold = await signIn(tablet, site.catalog.tutoring.id, {
      HouseholdMemberIds: [other.Members[0]!.id],
    });
    expect(fieldErrors(noHousehold.json)).toEqual([["HouseholdMemberIds", "notHouseholdMembers"]]);

    const tooSmall = await signIn(tablet, pantry, { PartySize: 1, HouseholdMemberIds: [1, 2] });
    expect(tooSmall.status).toBe(422);
    expect(fieldErrors(tooSmall.json)).toEqual([["PartySize", "partyBelowMembers"]]);
    expect(await now()).toEqual(before);
  });

  it("two tablets signing in one new phone at once make one household", async () => {
    const second = await tabletClient(site.world, site.catalog.main.id);
    const before = await count("households");
    const phone = visitor(0, 0).PhoneNumber;
    const [a, b] = await Promise.all([
      signIn(tablet, pantry, { PhoneNumber: phone }),
      signIn(second, clothes, { PhoneNumber: phone }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.json.HouseholdId).toBe(b.json.HouseholdId);
    expect(await count("households")).toBe(before + 1);
  });

  it("at the door, takes the party's size, and a new number's first visit makes its household", async () => {
    await db()
      .updateTable("locations")
      .set({ self_sign_in: true })
      .where("id", "=", site.catalog.main.id)
      .execute();
    const code = (await staff.call((api) => api.door.newCode({ id: site.catalog.main.id }))).json
      .code as string;
    const { LocationId: _, ...fields } = visitor(site.catalog.main.id, pantry, { PartySize: 3 });
    const res = await site.world.client().call((api) => api.door.signIn({ ...fields, code }));
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.PartySize).toBe(3);
    const row = await db()
      .selectFrom("visits")
      .innerJoin("door_visits", "door_visits.visit_id", "visits.id")
      .select(["visits.household_id", "visits.party_size"])
      .orderBy("visits.id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.party_size).toBe(3);
    expect(row.household_id).toEqual(expect.any(Number));
  });
});

describeOnPostgres("a first visit racing another on PostgreSQL", () => {
  it("joins the household the other made when that one took the number between its look and its write", async () => {
    const phone = visitor(0, 0).PhoneNumber.replace(/\D/g, "");
    const { racing, heldId } = await db()
      .transaction()
      .execute(async (trx) => {
        // Another first visit's household, written and not committed yet: its member holds the number.
        const held = await trx
          .insertInto("households")
          .values({ size: 1 })
          .returning("id")
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("household_members")
          .values({
            household_id: held.id,
            first_name: "Held",
            last_name: "First",
            phone_number: phone,
          })
          .execute();
        const racing = signIn(tablet, pantry, { PhoneNumber: phone });
        // The sign-in found no household, made its own, and waits on the number's index entry.
        for (;;) {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
          if (rows[0]!.n >= 1) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return { racing, heldId: held.id };
      });
    const res = await racing;
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.HouseholdId).toBe(heldId);
    const members = await db()
      .selectFrom("household_members")
      .select("household_id")
      .where("phone_number", "=", phone)
      .execute();
    expect(members).toEqual([{ household_id: heldId }]);
  });
});

describe("round trips", () => {
  it("a household's sign-in is one statement with the tablet's check: a first visit, a member's, and with an Idempotency-Key", async () => {
    const expectOne = (statements: string[]) => {
      expect(statements).toHaveLength(1);
      expect(statements[0]).toMatch(/from "tablets"/);
      expect(statements[0]).toMatch(/"households"/);
    };
    const sent = visitor(site.catalog.main.id, pantry, { PartySize: 4 });
    let first: { json: { id: number; HouseholdId: number } } | undefined;
    expectOne(
      await statementsOf(
        site.world,
        async () => (first = await tablet.call((api) => api.visits.create(sent))),
        201,
      ),
    );
    await tablet.call((api) => api.visits.signOut({ id: first!.json.id }));
    const household = (
      await staff.call((api) => api.households.get({ id: first!.json.HouseholdId }))
    ).json as HouseholdShape;
    expectOne(
      await statementsOf(
        site.world,
        () =>
          tablet.call(
            (api) => api.visits.create({ ...sent, HouseholdMemberIds: [household.Members[0]!.id] }),
            { headers: { "idempotency-key": randomUUID() } },
          ),
        201,
      ),
    );
  });
});
