import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";
import { funderSummaryInput } from "./funder-summary-schema.ts";
import { networkSummaryCsv } from "./network-summary-csv.ts";
import { todayFigures } from "./today.ts";

const site = useCatalogWorld();

type Access = Array<{ locationId: number; role: "staff" | "admin" }>;

async function userClient(access: Access) {
  const user = await site.world.createUser({ access });
  const client = site.world.client();
  await client.login(user.email, user.password);
  return client;
}

// Both locations keep Los Angeles days. A went to Main Street twice and to Eastside once; B came
// to Main Street alone and is still signed in; C came to Eastside in January and again in February.
async function visits() {
  const { main, east, pantry, jobs } = site.catalog;
  await site.world.services.db.kysely
    .insertInto("visits")
    .values(
      (
        [
          ["4155550001", main.id, pantry.id, "2026-02-05T18:00:00Z", true],
          ["4155550001", main.id, pantry.id, "2026-02-10T18:00:00Z", true],
          ["4155550002", main.id, pantry.id, "2026-02-13T18:00:00Z", false],
          ["4155550003", east.id, jobs.id, "2026-01-05T18:00:00Z", true],
          ["4155550001", east.id, jobs.id, "2026-02-12T18:00:00Z", true],
          ["4155550003", east.id, jobs.id, "2026-02-13T19:00:00Z", true],
        ] as const
      ).map(([phone, location, program, at, ended]) => ({
        first_name: "Pat",
        last_name: "Doe",
        phone_number: phone,
        location_id: location,
        program_id: program,
        time_in: new Date(at),
        time_out: ended ? new Date(new Date(at).getTime() + 3_600_000) : null,
        signed_out_by: ended ? ("staff" as const) : null,
      })),
    )
    .execute();
}

const february = { from: "2026-02-01", to: "2026-02-28", timeZone: "America/Los_Angeles" };
const figures = (visits: number, people: number, newPeople: number, returningPeople: number) => ({
  visits,
  people,
  newPeople,
  returningPeople,
});

describe("the roll-up, location by location", () => {
  it("gives a network admin every location side by side and all of them together, each person once in the whole, and a site admin their own alone", async () => {
    await visits();
    const { main, east } = site.catalog;
    const all = await site.admin.call((api) => api.reports.network(february as never));
    expect(all.status).toBe(200);
    expect(all.json).toEqual({
      // A at both counts once; C had come to the network before February.
      network: figures(5, 3, 2, 1),
      locations: [
        { locationId: east.id, locationName: "Eastside", ...figures(2, 2, 1, 1) },
        { locationId: main.id, locationName: "Main Street", ...figures(3, 2, 2, 0) },
      ],
    });
    // Each location's figures are its own funder summary's.
    const mainSummary = await site.admin.call((api) =>
      api.reports.summary({ ...february, locationId: main.id }),
    );
    expect(
      figures(
        mainSummary.json.visits,
        mainSummary.json.people,
        mainSummary.json.newPeople,
        mainSummary.json.returningPeople,
      ),
    ).toEqual(figures(3, 2, 2, 0));

    const mainAdmin = await userClient([{ locationId: main.id, role: "admin" }]);
    const own = await mainAdmin.call((api) => api.reports.network(february as never));
    expect(own.json).toEqual({
      network: figures(3, 2, 2, 0),
      locations: [{ locationId: main.id, locationName: "Main Street", ...figures(3, 2, 2, 0) }],
    });
    const eastStaff = await userClient([{ locationId: east.id, role: "staff" }]);
    const other = await eastStaff.call((api) =>
      api.reports.network({ ...february, locationId: main.id }),
    );
    expect(other.status).toBe(404);

    // The export holds the same lines: every location together first, then each.
    const csv = await networkSummaryCsv(site.world.services.db.kysely, {
      ...funderSummaryInput.parse(february),
      locationIds: [main.id],
    });
    expect(
      csv
        .replace(/^\uFEFF/, "")
        .trim()
        .split("\n"),
    ).toEqual([
      "Location,Program,Period,Visits,People,NewPeople,ReturningPeople",
      "All locations,All programs,2026-02-01/2026-02-28,3,2,2,0",
      "Main Street,All programs,2026-02-01/2026-02-28,3,2,2,0",
    ]);
  });

  it("gives the dashboard's figures of each location beside those of all of them together", async () => {
    const { east } = site.catalog;
    // Friday 13 February 2026, 2 PM in Los Angeles.
    const now = new Date("2026-02-13T22:00:00Z");
    const db = site.world.services.db.kysely;
    const every = await todayFigures(
      db,
      { timeZone: "America/Los_Angeles" } as never,
      now,
      undefined,
    );
    expect({
      signedInNow: every.signedInNow,
      today: every.today,
      thisWeek: every.thisWeek,
    }).toEqual({
      signedInNow: 1,
      today: { visits: 2, people: 2 },
      thisWeek: { visits: 4, people: 3 },
    });
    expect(
      every.perLocation.map(({ locationName, signedInNow, today, thisWeek }) => ({
        locationName,
        signedInNow,
        today,
        thisWeek,
      })),
    ).toEqual([
      {
        locationName: "Eastside",
        signedInNow: 0,
        today: { visits: 1, people: 1 },
        thisWeek: { visits: 2, people: 2 },
      },
      {
        locationName: "Main Street",
        signedInNow: 1,
        today: { visits: 1, people: 1 },
        thisWeek: { visits: 2, people: 2 },
      },
    ]);
    const held = await todayFigures(db, { timeZone: "UTC" } as never, now, [east.id]);
    expect(held.perLocation.map((row) => row.locationId)).toEqual([east.id]);
    expect(held.signedInNow).toBe(0);
  });
});
