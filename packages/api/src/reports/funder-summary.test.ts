import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sql } from "@vsi/db";
import { describeOnPostgres } from "@vsi/db/testing";
import { householdWithMembers } from "../../test/households.ts";
import { tabletClient, useCatalogWorld } from "../../test/fixtures.ts";
import { funderSummaryCsv } from "./funder-summary-csv.ts";
import { funderSummaryStatements, withSummarySettings } from "./funder-summary.ts";
import { funderSummaryInput } from "./funder-summary-schema.ts";

const site = useCatalogWorld();

let places = 0;
/** A location of its own offering the pantry and tutoring (LA time), with visits at given times. */
async function history(
  visits: Array<{ phone: string; at: string; program: "pantry" | "tutoring" }>,
) {
  const { pantry, tutoring } = site.catalog;
  const location = (
    await site.admin.call((api) =>
      api.locations.create({
        Name: `Funded ${++places}`,
        ProgramIds: [pantry.id, tutoring.id],
        TimeZone: "America/Los_Angeles",
      }),
    )
  ).json as { id: number };
  const db = site.world.services.db.kysely;
  for (const visit of visits) {
    const at = new Date(visit.at);
    await db
      .insertInto("visits")
      .values({
        first_name: "Pat",
        last_name: "Doe",
        phone_number: visit.phone,
        temperature: "98.6",
        location_id: location.id,
        program_id: visit.program === "pantry" ? pantry.id : tutoring.id,
        time_in: at,
        time_out: new Date(at.getTime() + 3_600_000),
        signed_out_by: "staff",
      })
      .execute();
  }
  return location.id;
}

const summary = (input: Record<string, unknown>) =>
  site.admin.call((api) =>
    api.reports.summary({ timeZone: "America/Los_Angeles", ...input } as never),
  );

// February 2026 in Los Angeles: A came in January and twice in February (pantry, then tutoring),
// B first in February, C in December and February; D's visit is 9 PM on Jan 31 in LA, which is
// February 1st in UTC, so it is not February's.
const february = [
  { phone: "4155550001", at: "2026-01-10T18:00:00Z", program: "pantry" },
  { phone: "4155550001", at: "2026-02-05T18:00:00Z", program: "pantry" },
  { phone: "4155550001", at: "2026-02-20T18:00:00Z", program: "tutoring" },
  { phone: "4155550002", at: "2026-02-10T18:00:00Z", program: "pantry" },
  { phone: "4155550003", at: "2025-12-20T18:00:00Z", program: "pantry" },
  { phone: "4155550003", at: "2026-02-11T18:00:00Z", program: "pantry" },
  { phone: "4155550004", at: "2026-02-01T05:00:00Z", program: "pantry" },
] as const;

describe("the funder summary", () => {
  it("counts a period's visits, people once each, new and returning, and each program's month, in the location's zone", async () => {
    const locationId = await history([...february]);
    const res = await summary({ from: "2026-02-01", to: "2026-02-28", locationId });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      visits: 4,
      people: 3,
      newPeople: 1,
      returningPeople: 2,
      // Nobody here came as a household: each person is one individual of unknown age.
      households: 0,
      newHouseholds: 0,
      individuals: 3,
      partySizes: 4,
      ageBands: [
        { band: "0-17", count: 0 },
        { band: "18-64", count: 0 },
        { band: "65-", count: 0 },
        { band: "unknown", count: 3 },
      ],
      perProgramMonth: [
        {
          programId: site.catalog.pantry.id,
          programName: "Food Pantry",
          month: "2026-02",
          visits: 3,
          people: 3,
          newPeople: 1,
          returningPeople: 2,
        },
        {
          programId: site.catalog.tutoring.id,
          programName: "Tutoring",
          month: "2026-02",
          visits: 1,
          people: 1,
          newPeople: 1,
          returningPeople: 0,
        },
      ],
      perMonth: [{ month: "2026-02", visits: 4, people: 3, newPeople: 1, returningPeople: 2 }],
      questions: [],
    });
    // D's late-evening visit belongs to January there.
    const january = await summary({ from: "2026-01-01", to: "2026-01-31", locationId });
    expect(january.json).toMatchObject({ visits: 2, people: 2, newPeople: 2, returningPeople: 0 });
  });

  it("counts new and returning people per month, every program together and each program alone, the months' new adding up to the period's", async () => {
    // P1 came on Feb 3 and 15; P2 on Feb 20 and Mar 5; P3 to the pantry in January, to
    // tutoring in March. The period starts on Feb 8: P1's first visit is that month but before it.
    const locationId = await history([
      { phone: "4155550011", at: "2026-02-03T18:00:00Z", program: "pantry" },
      { phone: "4155550011", at: "2026-02-15T18:00:00Z", program: "pantry" },
      { phone: "4155550012", at: "2026-02-20T18:00:00Z", program: "pantry" },
      { phone: "4155550012", at: "2026-03-05T18:00:00Z", program: "pantry" },
      { phone: "4155550013", at: "2026-01-05T18:00:00Z", program: "pantry" },
      { phone: "4155550013", at: "2026-03-10T18:00:00Z", program: "tutoring" },
    ]);
    const res = await summary({ from: "2026-02-08", to: "2026-03-31", locationId });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ visits: 4, people: 3, newPeople: 1, returningPeople: 2 });
    expect(res.json.perMonth).toEqual([
      { month: "2026-02", visits: 2, people: 2, newPeople: 1, returningPeople: 1 },
      { month: "2026-03", visits: 2, people: 2, newPeople: 0, returningPeople: 2 },
    ]);
    const { pantry, tutoring } = site.catalog;
    expect(res.json.perProgramMonth).toEqual([
      {
        programId: pantry.id,
        programName: "Food Pantry",
        month: "2026-02",
        visits: 2,
        people: 2,
        newPeople: 1,
        returningPeople: 1,
      },
      {
        programId: pantry.id,
        programName: "Food Pantry",
        month: "2026-03",
        visits: 1,
        people: 1,
        newPeople: 0,
        returningPeople: 1,
      },
      {
        programId: tutoring.id,
        programName: "Tutoring",
        month: "2026-03",
        visits: 1,
        people: 1,
        newPeople: 1,
        returningPeople: 0,
      },
    ]);
    // One program chosen: its months alone, new to it.
    const tutoringOnly = await summary({
      from: "2026-02-08",
      to: "2026-03-31",
      locationId,
      programId: tutoring.id,
    });
    expect(tutoringOnly.json.perMonth).toEqual([
      { month: "2026-03", visits: 1, people: 1, newPeople: 1, returningPeople: 0 },
    ]);
  });

  it("judges new and returning within the chosen program: a returning visitor is new to another program", async () => {
    const locationId = await history([...february]);
    const res = await summary({
      from: "2026-02-01",
      to: "2026-02-28",
      locationId,
      programId: site.catalog.tutoring.id,
    });
    expect(res.json).toMatchObject({ visits: 1, people: 1, newPeople: 1, returningPeople: 0 });
  });

  it("counts visits without a key as visits and never as people, and a returning person's first visit to another program as new to it", async () => {
    // K1 and K2 came to the pantry in January; in February K1 to the pantry again, K2 to
    // tutoring for the first time, K3 to tutoring. N's visits lost their key before keys existed.
    const locationId = await history([
      { phone: "4155550021", at: "2026-01-10T18:00:00Z", program: "pantry" },
      { phone: "4155550021", at: "2026-02-05T18:00:00Z", program: "pantry" },
      { phone: "4155550022", at: "2026-01-12T18:00:00Z", program: "pantry" },
      { phone: "4155550022", at: "2026-02-12T18:00:00Z", program: "tutoring" },
      { phone: "4155550023", at: "2026-01-15T18:00:00Z", program: "pantry" },
      { phone: "4155550023", at: "2026-02-07T18:00:00Z", program: "pantry" },
      { phone: "4155550023", at: "2026-02-09T18:00:00Z", program: "tutoring" },
      { phone: "4155550024", at: "2026-02-20T18:00:00Z", program: "tutoring" },
    ]);
    await site.world.services.db.kysely
      .updateTable("visits")
      .set({ phone_number: "", erased_at: new Date(), visitor_key: null })
      .where("location_id", "=", locationId)
      .where("phone_number", "=", "4155550023")
      .execute();
    const { pantry, tutoring } = site.catalog;
    const period = { from: "2026-02-01", to: "2026-02-28", locationId };
    const res = await summary(period);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ visits: 5, people: 3, newPeople: 1, returningPeople: 2 });
    expect(res.json.perMonth).toEqual([
      { month: "2026-02", visits: 5, people: 3, newPeople: 1, returningPeople: 2 },
    ]);
    expect(res.json.perProgramMonth).toEqual([
      {
        programId: pantry.id,
        programName: "Food Pantry",
        month: "2026-02",
        visits: 2,
        people: 1,
        newPeople: 0,
        returningPeople: 1,
      },
      {
        programId: tutoring.id,
        programName: "Tutoring",
        month: "2026-02",
        visits: 3,
        people: 2,
        newPeople: 2,
        returningPeople: 0,
      },
    ]);
    const tutoringOnly = await summary({ ...period, programId: tutoring.id });
    expect(tutoringOnly.json).toMatchObject({
      visits: 3,
      people: 2,
      newPeople: 2,
      returningPeople: 0,
      perMonth: [{ month: "2026-02", visits: 3, people: 2, newPeople: 2, returningPeople: 0 }],
    });
  });

  it("gives the same figures after retention has erased every phone number", async () => {
    const locationId = await history([...february]);
    const period = { from: "2025-12-01", to: "2026-02-28", locationId };
    const before = (await summary(period)).json;
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: 30 }));
    site.world.clock.fixed = new Date("2026-06-01T00:00:00Z");
    try {
      const run = await site.admin.call((api) => api.settings.runRetention({}));
      expect(run.json.erased).toBeGreaterThanOrEqual(february.length);
    } finally {
      site.world.clock.fixed = undefined;
    }
    await site.admin.call((api) => api.settings.update({ eraseAfterDays: null }));
    const phones = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("phone_number")
      .where("location_id", "=", locationId)
      .execute();
    expect(new Set(phones.map((row) => row.phone_number))).toEqual(new Set([""]));
    expect((await summary(period)).json).toEqual(before);
    expect(before).toMatchObject({ visits: 7, people: 4 });
  });

  it("still counts a forgotten person once in the past, and as someone new when they come back", async () => {
    const locationId = await history([...february]);
    const period = { from: "2026-02-01", to: "2026-02-28", locationId };
    const before = (await summary(period)).json;
    const forgotten = await site.admin.call((api) =>
      api.visitors.forget({ phoneNumber: "4155550001" }),
    );
    expect(forgotten.json.erased).toBeGreaterThanOrEqual(3);
    expect((await summary(period)).json).toEqual(before);
    // Nothing ties their new visit to the old ones: in March they are new.
    const tablet = await tabletClient(site.world, locationId);
    const back = await tablet.call((api) =>
      api.visits.create({
        FirstName: "Pat",
        LastName: "Doe",
        PhoneNumber: "4155550001",
        Temperature: "98.6",
        LocationId: locationId,
        ProgramId: site.catalog.pantry.id,
      }),
    );
    expect(back.status).toBe(201);
    const today = back.json.TimeIn.slice(0, 10) as string;
    const now = await summary({ from: "2026-03-01", to: today, locationId, timeZone: "UTC" });
    expect(now.json).toMatchObject({ visits: 1, people: 1, newPeople: 1, returningPeople: 0 });
  });

  it("keys visitors by HMAC-SHA256 of their phone with the install's secret, never by the phone", async () => {
    const locationId = await history([
      { phone: "4155550009", at: "2026-02-03T18:00:00Z", program: "pantry" },
    ]);
    const db = site.world.services.db.kysely;
    const { visitor_key } = await db
      .selectFrom("visits")
      .select("visitor_key")
      .where("location_id", "=", locationId)
      .executeTakeFirstOrThrow();
    const pads = await db
      .selectFrom("settings")
      .select(["visitor_key_inner", "visitor_key_outer"])
      .executeTakeFirstOrThrow();
    const sha = (...parts: Buffer[]) => createHash("sha256").update(Buffer.concat(parts)).digest();
    const hmac = sha(
      pads.visitor_key_outer!,
      sha(pads.visitor_key_inner!, Buffer.from("4155550009")),
    );
    expect(Buffer.from(visitor_key!)).toEqual(hmac);
    expect(Buffer.from(visitor_key!)).not.toEqual(sha(Buffer.from("4155550009")));
  });

  it("names each program in the asked language, an archived one too, on screen and in the CSV", async () => {
    const made = await site.admin.call((api) =>
      api.programs.create({
        Name: "Clothing Closet",
        NameEs: "Ropero comunitario",
        LocationIds: [],
      }),
    );
    const closet = made.json as { id: number };
    const locationId = await history([
      { phone: "4155550031", at: "2026-05-05T18:00:00Z", program: "pantry" },
    ]);
    await site.world.services.db.kysely
      .insertInto("visits")
      .values({
        first_name: "Pat",
        last_name: "Doe",
        phone_number: "4155550032",
        temperature: "98.6",
        location_id: locationId,
        program_id: closet.id,
        time_in: new Date("2026-05-06T18:00:00Z"),
        time_out: new Date("2026-05-06T19:00:00Z"),
        signed_out_by: "staff",
      })
      .execute();
    // Archived: gone from the catalogue the staff app names programs from, still in its months.
    expect((await site.admin.call((api) => api.programs.remove({ id: closet.id }))).status).toBe(
      200,
    );
    const may = { from: "2026-05-01", to: "2026-05-31", locationId };
    const names = (json: { perProgramMonth: Array<{ programName: string }> }) =>
      json.perProgramMonth.map((row) => row.programName).sort();
    // The pantry has no Spanish name: English in both.
    expect(names((await summary({ ...may, language: "es" })).json)).toEqual([
      "Food Pantry",
      "Ropero comunitario",
    ]);
    expect(names((await summary(may)).json)).toEqual(["Clothing Closet", "Food Pantry"]);
    const csv = (input: Record<string, unknown>) =>
      funderSummaryCsv(
        site.world.services.db.kysely,
        funderSummaryInput.parse({ timeZone: "America/Los_Angeles", ...may, ...input }),
      );
    const spanish = await csv({ language: "es" });
    expect(spanish).toContain("Ropero comunitario,2026-05,1,1,,");
    expect(spanish).not.toContain("Clothing Closet");
    // A program chosen names the CSV's lines in the same language.
    expect(await csv({ language: "es", programId: closet.id })).toMatch(
      /^\uFEFFProgram,[^\n]*\nRopero comunitario,2026-05-01\/2026-05-31,1,1,/,
    );
    expect(await csv({})).toContain("Clothing Closet,2026-05,1,1,,");
  });

  it("needs a real period, and staff", async () => {
    const bad = await summary({ from: "2026-02-10", to: "2026-02-01" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      { path: "to", message: "To must be on or after From", key: "toBeforeFrom", values: {} },
    ]);
    const missing = await summary({ to: "2026-02-01" });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.map((e: { path: string }) => e.path)).toEqual(["from"]);
    const anonymous = await site.world
      .client()
      .call((api) => api.reports.summary({ from: "2026-02-01", to: "2026-02-28" }));
    expect(anonymous.status).toBe(401);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const refused = await tablet.call((api) =>
      api.reports.summary({ from: "2026-02-01", to: "2026-02-28" }),
    );
    expect(refused.status).toBe(403);
  });
});

describe("households and individuals in the funder summary", () => {
  /** A household (made before the period) with members born on the given days (null: unknown). */
  const household = (size: number, births: Array<string | null>) =>
    householdWithMembers(site.world, size, births);

  async function visitsAt(
    locationId: number,
    visits: Array<{
      phone: string;
      at: string;
      household?: number;
      party: number;
      members?: number[];
    }>,
  ) {
    await site.world.services.db.kysely
      .insertInto("visits")
      .values(
        visits.map((visit) => ({
          first_name: "Pat",
          last_name: "Doe",
          phone_number: visit.phone,
          location_id: locationId,
          program_id: site.catalog.pantry.id,
          time_in: new Date(visit.at),
          time_out: new Date(new Date(visit.at).getTime() + 3_600_000),
          household_id: visit.household ?? null,
          party_size: visit.party,
          household_member_ids: visit.members ?? null,
        })),
      )
      .execute();
  }

  it("counts households, new ones, individuals once each and their ages on the day of their first visit in the period, the unknown apart", async () => {
    const locationId = await history([]);
    // The first household came in January too; in February five of them at once (a member who
    // turns 18 the day after, a grandmother, one of unknown age), then two (one not there before).
    const first = await household(6, [
      "1990-03-01",
      "2008-02-06",
      "1950-02-05",
      null,
      "2000-01-01",
    ]);
    const [adult, teen, elder, unknownAge] = first.members as [number, number, number, number];
    const second = await household(3, []);
    await visitsAt(locationId, [
      {
        phone: "4155550101",
        at: "2026-01-10T18:00:00Z",
        household: first.id,
        party: 2,
        members: [adult],
      },
      {
        phone: "4155550101",
        at: "2026-02-05T18:00:00Z",
        household: first.id,
        party: 5,
        members: [adult, teen, elder],
      },
      {
        phone: "4155550101",
        at: "2026-02-20T18:00:00Z",
        household: first.id,
        party: 2,
        members: [adult, unknownAge],
      },
      // A first visit: a new household, three people whose ages nobody gave.
      { phone: "4155550102", at: "2026-02-10T18:00:00Z", household: second.id, party: 3 },
      // Someone alone with a friend, in a program that signs in people, not households.
      { phone: "4155550103", at: "2026-02-12T18:00:00Z", party: 2 },
    ]);
    const res = await summary({ from: "2026-02-01", to: "2026-02-28", locationId });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      visits: 4,
      people: 3,
      households: 2,
      newHouseholds: 1,
      // The first household's largest party (5), the second's 3, and the two who came alone.
      individuals: 10,
      // Every visit's party, the same household's twice: 5, 2, 3 and 2.
      partySizes: 12,
      ageBands: [
        { band: "0-17", count: 1 },
        { band: "18-64", count: 1 },
        { band: "65-", count: 1 },
        { band: "unknown", count: 7 },
      ],
    });
    // The bands asked for; sixty-year-olds apart, as some state forms count them.
    const sixty = await summary({
      from: "2026-02-01",
      to: "2026-02-28",
      locationId,
      ageBands: "0-15,16-59,60-",
    });
    expect(sixty.json.ageBands).toEqual([
      { band: "0-15", count: 0 },
      { band: "16-59", count: 2 },
      { band: "60-", count: 1 },
      { band: "unknown", count: 7 },
    ]);
    // The CSV's households table, before any question's.
    const csv = await funderSummaryCsv(
      site.world.services.db.kysely,
      funderSummaryInput.parse({
        timeZone: "America/Los_Angeles",
        from: "2026-02-01",
        to: "2026-02-28",
        locationId,
      }),
    );
    expect(csv).toContain(
      "\nProgram,Period,Figure,Count\n" +
        "All programs,2026-02-01/2026-02-28,Households,2\n" +
        "All programs,2026-02-01/2026-02-28,NewHouseholds,1\n" +
        "All programs,2026-02-01/2026-02-28,Individuals,10\n" +
        "All programs,2026-02-01/2026-02-28,Individuals 0-17,1\n" +
        "All programs,2026-02-01/2026-02-28,Individuals 18-64,1\n" +
        "All programs,2026-02-01/2026-02-28,Individuals 65-,1\n" +
        "All programs,2026-02-01/2026-02-28,Individuals unknown,7\n",
    );
    // January alone: the first household new then, two of them, one adult known.
    const january = await summary({ from: "2026-01-01", to: "2026-01-31", locationId });
    expect(january.json).toMatchObject({
      households: 1,
      newHouseholds: 1,
      individuals: 2,
      ageBands: [
        { band: "0-17", count: 0 },
        { band: "18-64", count: 1 },
        { band: "65-", count: 0 },
        { band: "unknown", count: 1 },
      ],
    });
  });

  it("refuses bands that leave a gap, overlap, start past 0, end closed, pass 130 or are not bands, at ageBands", async () => {
    for (const ageBands of [
      "0-17,18-140,141-",
      "0-17,19-64,65-",
      "0-17,17-64,65-",
      "5-17,18-",
      "0-17,18-64",
      "adults",
      "0-17,18-,65-",
    ]) {
      const res = await summary({ from: "2026-02-01", to: "2026-02-28", ageBands });
      expect(res.status, ageBands).toBe(422);
      expect(res.json.errors.map((e: { path: string; key: string }) => [e.path, e.key])).toEqual([
        ["ageBands", "ageBands"],
      ]);
    }
  });
});

// PGlite answers EXPLAIN too, but the plan that matters is the server's.
describeOnPostgres("the funder summary's plan on PostgreSQL", () => {
  it("reads a location's households, parties and members who came from its time index alone, without the table", async () => {
    const locationId = await history([]);
    const other = await history([]);
    const db = site.world.services.db.kysely;
    // A year at each place, the other busier, so a read of every place's year would show.
    for (const [id, n] of [
      [locationId, 400],
      [other, 4000],
    ] as const) {
      await sql`insert into visits (first_name, last_name, phone_number, location_id, program_id,
                                    time_in, time_out, party_size)
        select 'Plan', 'Rows', (4180000000 + g)::text, ${id}, ${site.catalog.pantry.id}, t,
               t + interval '30 minutes', 1 + g % 3
        from generate_series(1, ${n}::int) g
        cross join lateral (select timestamptz '2025-01-01T00:00:00Z'
                                   + g * (interval '365 days' / ${n}::int) as t) x`.execute(db);
    }
    await sql`vacuum analyze visits`.execute(db);
    const input = funderSummaryInput.parse({
      from: "2025-07-01",
      to: "2025-12-31",
      timeZone: "America/Los_Angeles",
      locationId,
    });
    const plan = await withSummarySettings(db, async (trx) => {
      const statement = funderSummaryStatements(trx, input).households;
      const { rows } = await sql<{
        "QUERY PLAN": string;
      }>`explain (costs off) ${statement}`.execute(trx);
      return rows.map((row) => row["QUERY PLAN"]);
    });
    const reads = plan.filter((line) => / on visits\b/.test(line)).map((line) => line.trim());
    expect(reads.join("\n"), plan.join("\n")).toContain(
      "Index Only Scan using visits_location_time_in_idx on visits",
    );
    for (const read of reads)
      expect(read, plan.join("\n")).toMatch(/^(-> +)?Index Only Scan using \w+ on visits/);
  });
});
