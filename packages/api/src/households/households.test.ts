import { sql } from "@vsi/db";
import { defaultDatabaseKind } from "@vsi/db/testing";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { englishOf } from "../kernel/messages.ts";
import { runRetention } from "../admin/retention.ts";
import type { HouseholdShape } from "./schema.ts";

/** Households: staff add, find and change them; bad input is refused whole; erasure keeps counts. */

const site = useCatalogWorld();
let staff: Client;
const DAY = 24 * 60 * 60 * 1000;

let phones = 0;
/** A phone number no other test uses. */
const newPhone = () => String(4157300000 + ++phones);

const family = (overrides: Record<string, unknown> = {}) => ({
  AddressLine1: "12 Mission St",
  Zip: "94110",
  Members: [
    { FirstName: "Rosa", LastName: "Delgado", PhoneNumber: newPhone(), Relationship: "self" },
    { FirstName: "Tomas", LastName: "Delgado", BirthDate: "2015-04-30", Relationship: "son" },
  ],
  ...overrides,
});

async function create(body: Record<string, unknown>): Promise<HouseholdShape> {
  const res = await staff.call((api) => api.households.create(body as never));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

const db = () => site.world.services.db.kysely;
const counts = async () => ({
  households: Number(
    (
      await db()
        .selectFrom("households")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
  members: Number(
    (
      await db()
        .selectFrom("household_members")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  ),
});
/** Until `count` of this database's connections wait on a lock (a row's or an advisory one). */
async function waitingOnLocks(count: number) {
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(db());
    if (rows[0]!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const auditRows = (action: string) =>
  db().selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();

/** The field errors of a 422, as [path, key]. */
const fieldErrors = (json: { errors?: Array<{ path: string; key: string }> }) =>
  (json.errors ?? []).map((error) => [error.path, error.key]);

beforeAll(async () => {
  staff = await staffClient(site.world);
});

// First in the file: the pairs it expects are then the only ones there are.
describe("possible duplicates, merging and moving a member", () => {
  it("lists pairs where a member of each and the addresses agree on three of first name, last name, birth date and address line (however written), or sharing a phone one's visit was signed in with, newest first, with X-Total-Count", async () => {
    const person = { FirstName: "Ximena", LastName: "Quispe", BirthDate: "1980-01-02" };
    const first = await create({ AddressLine1: "77 Dup Lane", Zip: "94110", Members: [person] });
    const second = await create({
      AddressLine1: "77, dup  LANE",
      Zip: "94110",
      Members: [{ ...person, FirstName: " XIMENA", LastName: "quispe" }],
    });
    const phone = newPhone();
    const old = await create({ Members: [{ FirstName: "Old", PhoneNumber: phone }] });
    await db()
      .insertInto("visits")
      .values({
        first_name: "Old",
        last_name: "",
        phone_number: phone,
        location_id: site.catalog.main.id,
        program_id: site.catalog.tutoring.id,
        household_id: old.id,
      })
      .execute();
    // The number moves on; a later visit with it made a household of its own.
    await staff.call((api) =>
      api.households.update({
        id: old.id,
        Members: [{ id: old.Members[0]!.id, FirstName: "Old" }],
      }),
    );
    const later = await create({ Members: [{ FirstName: "Later", PhoneNumber: phone }] });

    const res = await staff.call((api) => api.households.duplicates({}));
    expect(res.status).toBe(200);
    expect(res.headers["X-Total-Count"]).toBe("2");
    expect(
      res.json.map((pair: { a: HouseholdShape; b: HouseholdShape; matched: string[] }) => [
        pair.a.id,
        pair.b.id,
        pair.matched,
      ]),
    ).toEqual([
      [old.id, later.id, ["PhoneNumber"]],
      [first.id, second.id, ["AddressLine1", "FirstName", "LastName", "BirthDate"]],
    ]);
    expect(res.json[1].a.Members[0].FirstName).toBe("Ximena");
  });

  it("compares names fuzzily: a misspelled last name with the birth date and address is a pair, as are names and address without birth dates; two families at one address are not", async () => {
    const before = (await staff.call((api) => api.households.duplicates({}))).json.length;
    const born = { BirthDate: "1975-03-09" };
    const home = { AddressLine1: "5 Fuzzy Ct", Zip: "94110" };
    const first = await create({
      ...home,
      Members: [{ FirstName: "Marisol", LastName: "Gutierrez", ...born }],
    });
    const misspelled = await create({
      ...home,
      Members: [{ FirstName: "Mari", LastName: "Gutierez", ...born }],
    });
    // The same address and last name, another person: two of four.
    await create({
      ...home,
      Members: [{ FirstName: "Ana", LastName: "Gutierrez", BirthDate: "2001-07-15" }],
    });
    await create({ ...home, Members: [{ FirstName: "Wei", LastName: "Chen", ...born }] });
    // No birth date on either: the names and the address are three.
    const unborn = {
      AddressLine1: "9 Undated Rd",
      Members: [{ FirstName: "Ines", LastName: "Vega" }],
    };
    const undated = [await create(unborn), await create(unborn)];

    const res = await staff.call((api) => api.households.duplicates({}));
    expect(res.json.length).toBe(before + 2);
    const pairs = res.json.map(
      (pair: { a: HouseholdShape; b: HouseholdShape; matched: string[] }) => [
        pair.a.id,
        pair.b.id,
        pair.matched,
      ],
    );
    expect(pairs.slice(0, 2)).toEqual([
      [undated[0]!.id, undated[1]!.id, ["AddressLine1", "FirstName", "LastName"]],
      [first.id, misspelled.id, ["AddressLine1", "LastName", "BirthDate"]],
    ]);
  });

  it("merges one household into another in one go, audited: members and visits move, the other goes, and the funder summary counts one", async () => {
    const { main } = site.catalog;
    const program = await site.admin.call((api) =>
      api.programs.create({ Name: "Merge pantry", LocationIds: [main.id], SignsInHousehold: true }),
    );
    const phones = [newPhone(), newPhone()];
    const kept = await create({ Members: [{ FirstName: "Kept", PhoneNumber: phones[0] }] });
    const other = await create({
      AddressLine1: "9 Other St",
      Size: 3,
      Members: [{ FirstName: "Other", PhoneNumber: phones[1] }],
    });
    site.world.clock.fixed = new Date("2026-10-05T18:00:00Z");
    onTestFinished(() => void (site.world.clock.fixed = undefined));
    for (const PhoneNumber of phones) {
      const visit = await staff.call((api) =>
        api.visits.create(visitor(main.id, program.json.id, { PhoneNumber }) as never),
      );
      expect(visit.status, JSON.stringify(visit.json)).toBe(201);
    }
    const households = async () =>
      (
        await site.admin.call((api) =>
          api.reports.summary({
            from: "2026-10-01",
            to: "2026-10-31",
            locationId: main.id,
            programId: program.json.id,
          }),
        )
      ).json.households;
    expect(await households()).toBe(2);

    const merged = await staff.call((api) =>
      api.households.merge({ id: kept.id, otherId: other.id }),
    );
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(merged.json).toMatchObject({ id: kept.id, AddressLine1: "9 Other St", Size: 3 });
    expect(merged.json.Members.map((m: { FirstName: string }) => m.FirstName)).toEqual([
      "Kept",
      "Other",
    ]);
    expect((await staff.call((api) => api.households.get({ id: other.id }))).status).toBe(404);
    expect(await households()).toBe(1);
    const [logged] = (await auditRows("household.merge")).filter(
      (row) => row.subject_id === kept.id,
    );
    expect(logged!.details).toEqual({ otherId: other.id, members: 1, visits: 1 });

    const itself = await staff.call((api) =>
      api.households.merge({ id: kept.id, otherId: kept.id }),
    );
    expect(fieldErrors(itself.json)).toEqual([["otherId", "mergeWithItself"]]);
    expect(
      (await staff.call((api) => api.households.merge({ id: kept.id, otherId: 999_999 }))).status,
    ).toBe(404);
  });

  it("signs a member in to the household theirs was merged into meanwhile: the sign-in waits for the merge, then is the kept household's visit, never a 500", async () => {
    const { main } = site.catalog;
    const program = await site.admin.call((api) =>
      api.programs.create({ Name: "Race pantry", LocationIds: [main.id], SignsInHousehold: true }),
    );
    const phone = newPhone();
    const other = await create({ Members: [{ FirstName: "Merged", PhoneNumber: phone }] });
    const kept = await create({ Members: [{ FirstName: "Kept" }] });
    const merge = () =>
      staff.call((api) => api.households.merge({ id: kept.id, otherId: other.id }));
    const signIn = () =>
      staff.call((api) =>
        api.visits.create(visitor(main.id, program.json.id, { PhoneNumber: phone }) as never),
      );
    // PGlite runs one statement at a time: the merge, then the sign-in. On the server the other
    // household's row is held here; the merge waits for it, then the sign-in (which found that
    // household by the phone) behind the merge, which has it gone when the sign-in writes.
    const [merged, signedIn] =
      defaultDatabaseKind() === "pglite"
        ? [await merge(), await signIn()]
        : await db()
            .transaction()
            .execute(async (trx) => {
              await sql`select 1 from households where id = ${other.id} for update`.execute(trx);
              const merging = merge();
              await waitingOnLocks(1);
              const signingIn = signIn();
              await waitingOnLocks(2);
              return [merging, signingIn] as const;
            })
            .then((racing) => Promise.all(racing));
    expect(merged.status, JSON.stringify(merged.json)).toBe(200);
    expect(signedIn.status, JSON.stringify(signedIn.json)).toBe(201);
    expect(signedIn.json).toMatchObject({ HouseholdId: kept.id, FirstName: expect.any(String) });
  });

  it("moves a member to another household, audited, found by their phone there; refuses the last member, the same or an unknown household (422) and another's member (404)", async () => {
    const phone = newPhone();
    const from = await create({
      Members: [{ FirstName: "Stays" }, { FirstName: "Moves", PhoneNumber: phone }],
    });
    const to = await create({ Members: [{ FirstName: "Host" }] });
    const [stays, moves] = from.Members;
    const moved = await staff.call((api) =>
      api.households.moveMember({ id: from.id, memberId: moves!.id, toHouseholdId: to.id }),
    );
    expect(moved.status, JSON.stringify(moved.json)).toBe(200);
    expect(moved.json).toMatchObject({ Size: 1, Members: [{ id: stays!.id }] });
    const there = await staff.call((api) => api.households.list({ search: phone }));
    expect(there.json).toMatchObject([{ id: to.id, Size: 2 }]);
    expect(there.json[0].Members.map((m: { FirstName: string }) => m.FirstName).sort()).toEqual([
      "Host",
      "Moves",
    ]);
    const [logged] = (await auditRows("household.member_move")).filter(
      (row) => row.subject_id === from.id,
    );
    expect(logged!.details).toEqual({ memberId: moves!.id, toHouseholdId: to.id });

    const move = (id: number, memberId: number, toHouseholdId: number) =>
      staff.call((api) => api.households.moveMember({ id, memberId, toHouseholdId }));
    expect(fieldErrors((await move(from.id, stays!.id, to.id)).json)).toEqual([
      ["memberId", "lastMember"],
    ]);
    expect(fieldErrors((await move(to.id, moves!.id, to.id)).json)).toEqual([
      ["toHouseholdId", "alreadyInHousehold"],
    ]);
    expect(fieldErrors((await move(to.id, moves!.id, 999_999)).json)).toEqual([
      ["toHouseholdId", "noSuchHousehold"],
    ]);
    expect((await move(from.id, moves!.id, to.id)).status).toBe(404);
  });
});

describe("adding and reading a household", () => {
  it("answers 201 with its members, its size as many as listed when not sent, and records who added how many", async () => {
    const sent = family();
    const household = await create(sent);
    expect(household).toMatchObject({
      AddressLine1: "12 Mission St",
      Zip: "94110",
      Size: 2,
      EligibilityBasisId: null,
      CertifiedAt: null,
    });
    expect(household.Members.map(({ id: _, ...member }) => member)).toEqual([
      {
        FirstName: "Rosa",
        LastName: "Delgado",
        PhoneNumber: (sent.Members as Array<{ PhoneNumber?: string }>)[0]!.PhoneNumber,
        BirthDate: null,
        Relationship: "self",
      },
      {
        FirstName: "Tomas",
        LastName: "Delgado",
        PhoneNumber: null,
        BirthDate: "2015-04-30",
        Relationship: "son",
      },
    ]);
    const got = await staff.call((api) => api.households.get({ id: household.id }));
    expect(got.json).toEqual(household);
    const [logged] = (await auditRows("household.create")).filter(
      (row) => row.subject_id === household.id,
    );
    expect(logged).toMatchObject({ subject_type: "household", details: { members: 2 } });
    expect(JSON.stringify(logged)).not.toContain("Delgado");
  });

  it("finds a household by any member's phone, however written, or by the start of a name or address, with X-Total-Count", async () => {
    const phone = newPhone();
    const household = await create({
      AddressLine1: "400 Valencia St",
      Members: [
        { FirstName: "Amara", LastName: "Okonkwo-Search" },
        { FirstName: "Chidi", LastName: "Okonkwo-Search", PhoneNumber: phone },
      ],
    });
    await create(family());
    const search = (text: string) =>
      staff.call((api) => api.households.list({ search: text, page: 1 }));

    const byPhone = await search(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
    expect(byPhone.json.map((h: HouseholdShape) => h.id)).toEqual([household.id]);
    expect(byPhone.headers["X-Total-Count"]).toBe("1");
    expect((await search("okonkwo-s")).json.map((h: HouseholdShape) => h.id)).toEqual([
      household.id,
    ]);
    expect((await search("400 val")).json.map((h: HouseholdShape) => h.id)).toEqual([household.id]);
    // A wildcard typed is a character like any other.
    expect((await search("%")).json).toEqual([]);
    expect((await search("%")).headers["X-Total-Count"]).toBe("0");

    const all = await staff.call((api) => api.households.list({ page: 1 }));
    expect(Number(all.headers["X-Total-Count"])).toBe((await counts()).households);
    // Newest first.
    expect(all.json[1].id).toBe(household.id);
  });

  it("answers 404 for a household that does not exist", async () => {
    const res = await staff.call((api) => api.households.get({ id: 999_999 }));
    expect(res.status).toBe(404);
  });
});

describe("changing a household", () => {
  it("keeps what is left out, and makes Members the list sent: changed by id, added without, removed when left out", async () => {
    const household = await create(
      family({
        Members: [
          { FirstName: "Ines", LastName: "Park", PhoneNumber: newPhone() },
          { FirstName: "Jae", LastName: "Park" },
          { FirstName: "Min", LastName: "Park" },
        ],
      }),
    );
    const [ines, jae] = household.Members as [
      HouseholdShape["Members"][number],
      HouseholdShape["Members"][number],
    ];
    const res = await staff.call((api) =>
      api.households.update({
        id: household.id,
        Size: 4,
        Members: [
          { id: ines.id, FirstName: "Inés", LastName: "Park", PhoneNumber: ines.PhoneNumber },
          { id: jae.id, FirstName: "Jae", LastName: "Park", BirthDate: "2010-01-02" },
          { FirstName: "Soo", LastName: "Park", Relationship: "grandmother" },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ AddressLine1: "12 Mission St", Zip: "94110", Size: 4 });
    expect(
      res.json.Members.map((m: HouseholdShape["Members"][number]) => [m.FirstName, m.BirthDate]),
    ).toEqual([
      ["Inés", null],
      ["Jae", "2010-01-02"],
      ["Soo", null],
    ]);
    expect(res.json.Members[0].id).toBe(ines.id);
    const logged = (await auditRows("household.update")).at(-1);
    expect(logged?.details).toEqual({ fields: ["Size", "Members"] });

    const address = await staff.call((api) =>
      api.households.update({ id: household.id, AddressLine1: "1 New Rd" }),
    );
    expect(address.json).toMatchObject({ AddressLine1: "1 New Rd", Size: 4 });
    expect(address.json.Members).toHaveLength(3);
  });

  it("lets two members of one household swap their phone numbers", async () => {
    const [a, b] = [newPhone(), newPhone()];
    const household = await create(
      family({
        Members: [
          { FirstName: "Ana", PhoneNumber: a },
          { FirstName: "Beto", PhoneNumber: b },
        ],
      }),
    );
    const [ana, beto] = household.Members as [
      HouseholdShape["Members"][number],
      HouseholdShape["Members"][number],
    ];
    const res = await staff.call((api) =>
      api.households.update({
        id: household.id,
        Members: [
          { id: ana.id, FirstName: "Ana", PhoneNumber: b },
          { id: beto.id, FirstName: "Beto", PhoneNumber: a },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.Members.map((m: HouseholdShape["Members"][number]) => m.PhoneNumber)).toEqual([
      b,
      a,
    ]);
  });
});

describe("bad input: 422 naming the field, and nothing written", () => {
  it("refuses a size below the members listed, on adding and on changing", async () => {
    const before = await counts();
    const res = await staff.call((api) => api.households.create(family({ Size: 1 }) as never));
    expect(res.status).toBe(422);
    expect(fieldErrors(res.json)).toEqual([["Size", "sizeBelowMembers"]]);
    expect(res.json.errors[0].message).toBe(englishOf("sizeBelowMembers", { count: 2 }));
    expect(await counts()).toEqual(before);

    const household = await create(family());
    const shrink = await staff.call((api) => api.households.update({ id: household.id, Size: 1 }));
    expect(shrink.status).toBe(422);
    expect(fieldErrors(shrink.json)).toEqual([["Size", "sizeBelowMembers"]]);
    const grow = await staff.call((api) =>
      api.households.update({
        id: household.id,
        Members: [
          ...household.Members.map(({ id, FirstName }) => ({ id, FirstName })),
          { FirstName: "Third" },
        ],
      }),
    );
    expect(grow.status).toBe(422);
    expect(fieldErrors(grow.json)).toEqual([["Size", "sizeBelowMembers"]]);
    expect((await staff.call((api) => api.households.get({ id: household.id }))).json).toEqual(
      household,
    );
  });

  it("refuses a size of 0, below or past 50", async () => {
    for (const Size of [0, -1, 51, 2.5]) {
      const res = await staff.call((api) => api.households.create(family({ Size }) as never));
      expect(res.status, String(Size)).toBe(422);
      expect(fieldErrors(res.json), String(Size)).toEqual([["Size", "householdSize"]]);
    }
  });

  it("refuses a birth date in the future (the latest day anywhere on Earth), and takes today's", async () => {
    // Noon UTC on some day ahead: at UTC+14 it is already the next day, the one after is nowhere yet.
    const noon = new Date(Date.now() + 10 * DAY);
    noon.setUTCHours(12, 0, 0, 0);
    const day = (after: number) =>
      new Date(noon.getTime() + after * DAY).toISOString().slice(0, 10);
    site.world.clock.fixed = noon;
    onTestFinished(() => void (site.world.clock.fixed = undefined));
    const before = await counts();
    const born = (BirthDate: string) =>
      staff.call((api) =>
        api.households.create(
          family({ Members: [{ FirstName: "Baby", LastName: "Nuevo", BirthDate }] }) as never,
        ),
      );
    const future = await born(day(2));
    expect(future.status).toBe(422);
    expect(fieldErrors(future.json)).toEqual([["Members.0.BirthDate", "birthDateFuture"]]);
    expect(await counts()).toEqual(before);
    expect((await born(day(1))).status).toBe(201);
    const impossible = await born("2026-02-30");
    expect(impossible.status).toBe(422);
    expect(fieldErrors(impossible.json)).toEqual([["Members.0.BirthDate", "date"]]);
  });

  it("refuses a member of another household, by id or by phone, naming the member's field, and leaves both households as they were", async () => {
    const first = await create(family());
    const second = await create(family());
    const before = await counts();
    const taken = first.Members[0]!;

    const byPhone = await staff.call((api) =>
      api.households.create(
        family({
          Members: [
            { FirstName: "New", PhoneNumber: newPhone() },
            { FirstName: "Dup", PhoneNumber: taken.PhoneNumber },
          ],
        }) as never,
      ),
    );
    expect(byPhone.status).toBe(422);
    expect(fieldErrors(byPhone.json)).toEqual([
      ["Members.1.PhoneNumber", "phoneOfAnotherHousehold"],
    ]);

    const byId = await staff.call((api) =>
      api.households.update({
        id: second.id,
        AddressLine1: "Somewhere else",
        Size: 5,
        Members: [
          ...second.Members.map(({ id, FirstName }) => ({ id, FirstName })),
          { id: taken.id, FirstName: taken.FirstName },
        ],
      }),
    );
    expect(byId.status).toBe(422);
    expect(fieldErrors(byId.json)).toEqual([["Members.2.id", "memberOfAnotherHousehold"]]);

    const phoneOnChange = await staff.call((api) =>
      api.households.update({
        id: second.id,
        Members: [{ id: second.Members[0]!.id, FirstName: "X", PhoneNumber: taken.PhoneNumber }],
      }),
    );
    expect(fieldErrors(phoneOnChange.json)).toEqual([
      ["Members.0.PhoneNumber", "phoneOfAnotherHousehold"],
    ]);

    const twice = newPhone();
    const sameTwice = await staff.call((api) =>
      api.households.create(
        family({
          Members: [
            { FirstName: "One", PhoneNumber: twice },
            { FirstName: "Two", PhoneNumber: twice },
          ],
        }) as never,
      ),
    );
    expect(fieldErrors(sameTwice.json)).toEqual([["Members.1.PhoneNumber", "phoneTwice"]]);

    expect(await counts()).toEqual(before);
    for (const household of [first, second])
      expect((await staff.call((api) => api.households.get({ id: household.id }))).json).toEqual(
        household,
      );
    expect(
      (await auditRows("household.update")).filter((row) => row.subject_id === second.id),
    ).toEqual([]);
  });

  it("refuses an unknown basis of eligibility, and takes one an admin added", async () => {
    const before = await counts();
    const unknown = await staff.call((api) =>
      api.households.create(family({ EligibilityBasisId: 99_999 }) as never),
    );
    expect(unknown.status).toBe(422);
    expect(fieldErrors(unknown.json)).toEqual([["EligibilityBasisId", "unknownEligibilityBasis"]]);
    expect(await counts()).toEqual(before);

    const basis = await site.admin.call((api) =>
      api.households.addBasis({ Label: { en: "SNAP", es: "SNAP (CalFresh)" } }),
    );
    expect(basis.status).toBe(201);
    const listed = await staff.call((api) => api.households.bases());
    expect(listed.json).toEqual([basis.json]);
    expect(listed.headers["X-Total-Count"]).toBe("1");
    const household = await create(
      family({ EligibilityBasisId: basis.json.id, CertifiedAt: "2026-03-01T17:00:00Z" }),
    );
    expect(household).toMatchObject({
      EligibilityBasisId: basis.json.id,
      CertifiedAt: "2026-03-01T17:00:00.000Z",
    });
  });
});

describe("erasure", () => {
  it("retention erases the members' details and the address of households untouched past the period, keeping every row counted", async () => {
    // A day on: the households the other tests made are newer than the period, this one older.
    const now = new Date(Date.now() + DAY);
    site.world.clock.fixed = new Date(now.getTime() - 60 * DAY);
    const old = await create(family());
    site.world.clock.fixed = new Date(now.getTime() - 5 * DAY);
    const recent = await create(family());
    site.world.clock.fixed = undefined;
    expect(
      (await site.admin.call((api) => api.settings.update({ eraseAfterDays: 30 }))).status,
    ).toBe(200);
    const before = await counts();

    await runRetention(db(), now);

    expect(await counts()).toEqual(before);
    const erased = (await staff.call((api) => api.households.get({ id: old.id }))).json;
    expect(erased).toMatchObject({ AddressLine1: "", Zip: "94110", Size: 2 });
    expect(erased.Members).toEqual(
      old.Members.map(({ id }) => ({
        id,
        FirstName: "",
        LastName: "",
        PhoneNumber: null,
        BirthDate: null,
        Relationship: null,
      })),
    );
    expect((await staff.call((api) => api.households.get({ id: recent.id }))).json).toEqual(recent);
    const search = await staff.call((api) =>
      api.households.list({ search: old.Members[0]!.PhoneNumber!, page: 1 }),
    );
    expect(search.json).toEqual([]);
    expect((await auditRows("retention.run")).at(-1)?.details).toMatchObject({ households: 1 });
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
  });

  it("forgetting a visitor erases their member's details, and the address once nobody is left", async () => {
    const household = await create(
      family({
        Members: [
          { FirstName: "Lena", PhoneNumber: newPhone() },
          { FirstName: "Otto", PhoneNumber: newPhone() },
        ],
      }),
    );
    const [lena, otto] = household.Members as [
      HouseholdShape["Members"][number],
      HouseholdShape["Members"][number],
    ];
    const before = await counts();
    const forget = (phoneNumber: string) =>
      site.admin.call((api) => api.visitors.forget({ phoneNumber }));

    expect((await forget(lena.PhoneNumber!)).status).toBe(200);
    let now = (await staff.call((api) => api.households.get({ id: household.id }))).json;
    expect(now.AddressLine1).toBe("12 Mission St");
    expect(now.Members.map((m: HouseholdShape["Members"][number]) => m.FirstName)).toEqual([
      "",
      "Otto",
    ]);

    await forget(otto.PhoneNumber!);
    now = (await staff.call((api) => api.households.get({ id: household.id }))).json;
    expect(now.AddressLine1).toBe("");
    expect(now.Members.map((m: HouseholdShape["Members"][number]) => m.PhoneNumber)).toEqual([
      null,
      null,
    ]);
    expect(await counts()).toEqual(before);
  });

  it("shows staff of one location the households that came there, and those that came nowhere yet; another's is 404", async () => {
    const { main, east, tutoring, jobs } = site.catalog;
    /** A household given a visit at a location (signed in by its tablet). */
    const cameTo = async (locationId: number, programId: number) => {
      const household = await create(family());
      const tablet = await tabletClient(site.world, locationId);
      const visit = await tablet.call((api) => api.visits.create(visitor(locationId, programId)));
      expect(visit.status).toBe(201);
      await db()
        .updateTable("visits")
        .set({ household_id: household.id })
        .where("id", "=", visit.json.id as number)
        .execute();
      return household.id;
    };
    const ours = await cameTo(main.id, tutoring.id);
    const theirs = await cameTo(east.id, jobs.id);
    const unseen = (await create(family())).id;
    const user = await site.world.createUser({ access: [{ locationId: main.id, role: "staff" }] });
    const mainStaff = site.world.client();
    await mainStaff.login(user.email, user.password);

    const listed = await mainStaff.call((api) => api.households.list({}));
    expect(listed.status).toBe(200);
    const ids = listed.json.map((household: { id: number }) => household.id);
    expect(ids).toEqual(expect.arrayContaining([ours, unseen]));
    expect(ids).not.toContain(theirs);
    expect((await mainStaff.call((api) => api.households.get({ id: ours }))).status).toBe(200);
    expect((await mainStaff.call((api) => api.households.get({ id: theirs }))).status).toBe(404);
    const changed = await mainStaff.call((api) =>
      api.households.update({ id: theirs, Zip: "10001" }),
    );
    expect(changed.status).toBe(404);
    const kept = await staff.call((api) => api.households.get({ id: theirs }));
    expect(kept.json.Zip).toBe("94110");
    // Merging or a possible duplicate: both households the caller's.
    const merged = await mainStaff.call((api) =>
      api.households.merge({ id: ours, otherId: theirs }),
    );
    expect(merged.status).toBe(404);
    const firstPair = async (caller: Client) => {
      const [pair] = (await caller.call((api) => api.households.duplicates({}))).json;
      return [pair.a.id, pair.b.id];
    };
    expect(await firstPair(staff)).toEqual([theirs, unseen]);
    expect(await firstPair(mainStaff)).toEqual([ours, unseen]);
  });
});
