import { describe, expect, it } from "vitest";
import { householdWithMembers } from "../../test/households.ts";
import { useCatalogWorld } from "../../test/fixtures.ts";
import { partnerReport } from "./partner-report.ts";
import { partnerReportCsv } from "./partner-report-csv.ts";
import { partnerReportPrint } from "./partner-report-page.ts";
import { partnerReportInput } from "./partner-report-schema.ts";

const site = useCatalogWorld();
const zone = "America/Los_Angeles";

async function userClient(access: Array<{ locationId: number; role: "staff" | "admin" }>) {
  const user = await site.world.createUser({ access });
  const client = site.world.client();
  await client.login(user.email, user.password);
  return client;
}

/** A household with members born on the given days (null: unknown). */
const household = (size: number, births: Array<string | null>) =>
  householdWithMembers(site.world, size, births);

type Visit = [
  phone: string,
  locationId: number,
  programId: number,
  at: string,
  household: number | null,
  party: number,
  members: number[] | null,
];

async function visits(rows: Visit[]) {
  await site.world.services.db.kysely
    .insertInto("visits")
    .values(
      rows.map(([phone, locationId, programId, at, householdId, party, members]) => ({
        first_name: "Pat",
        last_name: "Doe",
        phone_number: phone,
        location_id: locationId,
        program_id: programId,
        time_in: new Date(at),
        time_out: new Date(new Date(at).getTime() + 3_600_000),
        household_id: householdId,
        party_size: party,
        household_member_ids: members,
      })),
    )
    .execute();
}

/**
 * Main Street: a family of three (an adult, a child, a grandmother) first came in December, then
 * in January all three, and twice in February (two, then three); a household of four new in
 * February, ages unknown; someone alone at Job Help. Eastside: a family of two (an adult, a teen)
 * new in January, again at 9 PM on February 28 in Los Angeles (March 1st in UTC), and in March.
 */
async function dataset() {
  const { main, east, pantry, jobs } = site.catalog;
  const family = await household(3, ["1990-03-01", "2015-06-01", "1950-01-01"]);
  const [adult, child, elder] = family.members as [number, number, number];
  const four = await household(4, []);
  const pair = await household(2, ["1980-05-05", "2010-07-07"]);
  await visits([
    ["4155550201", main.id, pantry.id, "2025-12-15T18:00:00Z", family.id, 3, [adult, child, elder]],
    ["4155550201", main.id, pantry.id, "2026-01-10T18:00:00Z", family.id, 3, [adult, child, elder]],
    ["4155550201", main.id, pantry.id, "2026-02-05T18:00:00Z", family.id, 2, [adult, child]],
    ["4155550201", main.id, pantry.id, "2026-02-25T18:00:00Z", family.id, 3, [adult, elder]],
    ["4155550202", main.id, pantry.id, "2026-02-12T18:00:00Z", four.id, 4, null],
    ["4155550203", main.id, jobs.id, "2026-02-03T18:00:00Z", null, 1, null],
    ["4155550204", east.id, jobs.id, "2026-01-20T18:00:00Z", pair.id, 2, pair.members],
    ["4155550204", east.id, jobs.id, "2026-03-01T05:00:00Z", pair.id, 2, pair.members],
    ["4155550204", east.id, jobs.id, "2026-04-02T18:00:00Z", pair.id, 2, pair.members],
  ]);
}

const bands = (young: number, adults: number, older: number, unknown: number) => [
  { band: "0-17", count: young },
  { band: "18-59", count: adults },
  { band: "60-", count: older },
  { band: "unknown", count: unknown },
];

describe("the monthly partner report", () => {
  it("counts each month, location and program's households, individuals and their bands by the funder summary's rules; a site's staff their site's alone", async () => {
    await dataset();
    const { main, east, pantry, jobs } = site.catalog;
    const preset = await site.admin.call((api) =>
      api.reportPresets.create({ name: "Sixty and over", ageBands: "0-17,18-59,60-" }),
    );
    const input = { from: "2026-01", to: "2026-03", timeZone: zone, presetId: preset.json.id };
    const res = await site.admin.call((api) => api.reports.partner(input as never));
    expect(res.status).toBe(200);
    const cell = (
      month: string,
      location: { id: number },
      locationName: string,
      program: { id: number; Name: string },
    ) => ({
      month,
      locationId: location.id,
      locationName,
      programId: program.id,
      programName: program.Name,
    });
    expect(res.json).toEqual({
      from: "2026-01",
      to: "2026-03",
      months: ["2026-01", "2026-02", "2026-03"],
      preset: { id: preset.json.id, name: "Sixty and over" },
      bands: ["0-17", "18-59", "60-", "unknown"],
      rows: [
        {
          ...cell("2026-01", east, "Eastside", jobs),
          visits: 1,
          households: 1,
          newHouseholds: 1,
          individuals: 2,
          partySizes: 2,
          ageBands: bands(1, 1, 0, 0),
        },
        {
          ...cell("2026-01", main, "Main Street", pantry),
          visits: 1,
          households: 1,
          newHouseholds: 0,
          individuals: 3,
          partySizes: 3,
          ageBands: bands(1, 1, 1, 0),
        },
        {
          ...cell("2026-02", east, "Eastside", jobs),
          visits: 1,
          households: 1,
          newHouseholds: 0,
          individuals: 2,
          partySizes: 2,
          ageBands: bands(1, 1, 0, 0),
        },
        // The family once (all three came over the month), the four new: seven, ages of three known.
        {
          ...cell("2026-02", main, "Main Street", pantry),
          visits: 3,
          households: 2,
          newHouseholds: 1,
          individuals: 7,
          partySizes: 9,
          ageBands: bands(1, 1, 1, 4),
        },
        {
          ...cell("2026-02", main, "Main Street", jobs),
          visits: 1,
          households: 0,
          newHouseholds: 0,
          individuals: 1,
          partySizes: 1,
          ageBands: bands(0, 0, 0, 1),
        },
      ],
    });

    // Eastside's staff: their rows alone, and Main Street as if it did not exist.
    const eastStaff = await userClient([{ locationId: east.id, role: "staff" }]);
    const theirs = await eastStaff.call((api) => api.reports.partner(input as never));
    expect(theirs.status).toBe(200);
    expect(theirs.json.rows.map((row: { locationName: string }) => row.locationName)).toEqual([
      "Eastside",
      "Eastside",
    ]);
    const elsewhere = await eastStaff.call((api) =>
      api.reports.partner({ ...input, locationId: main.id }),
    );
    expect(elsewhere.status).toBe(404);

    // The CSV: a line per row, a column per band.
    const db = site.world.services.db.kysely;
    const parsed = partnerReportInput.parse({ ...input, locationId: main.id });
    expect(partnerReportCsv(await partnerReport(db, parsed))).toBe(
      "\uFEFFMonth,Location,Program,Visits,Households,NewHouseholds,Individuals,PartySizes," +
        "Individuals 0-17,Individuals 18-59,Individuals 60-,Individuals unknown\n" +
        "2026-01,Main Street,Food Pantry,1,1,0,3,3,1,1,1,0\n" +
        "2026-02,Main Street,Food Pantry,3,2,1,7,9,1,1,1,4\n" +
        "2026-02,Main Street,Job Help,1,0,0,1,1,0,0,0,1\n",
    );

    // The printed page, in Spanish: March had no visits at Main Street.
    const page = await partnerReportPrint(db, parsed, "es");
    expect(page).toContain("<h1>Informe mensual para socios</h1>");
    expect(page).toContain("Main Street · enero de 2026 a marzo de 2026");
    expect(page).toContain("Franjas de edad de la plantilla «Sixty and over»: 0–17, 18–59, 60+");
    expect(page).toContain("No hubo visitas este mes.");
  });

  it("refuses a month not written YYYY-MM, To before From, more than 24 months and an unknown preset, each at its field", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ from: "2026-13", to: "2026-12" }, "from", "month"],
      [{ from: "2026-01", to: "2026-1" }, "to", "month"],
      [{ from: "2026-03", to: "2026-02" }, "to", "toBeforeFrom"],
      [{ from: "2024-01", to: "2026-01" }, "to", "atMostMonths"],
      [{ from: "2026-01", to: "2026-02", presetId: 999999 }, "presetId", "unknownPreset"],
    ];
    for (const [query, path, key] of cases) {
      const res = await site.admin.call((api) => api.reports.partner(query as never));
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(
        res.json.errors.map((error: { path: string; key: string }) => [error.path, error.key]),
      ).toEqual([[path, key]]);
    }
  });
});
