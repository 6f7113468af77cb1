import { sql } from "@vsi/db";
import { describeOnPostgres } from "@vsi/db/testing";
import { describe, expect, it, onTestFinished } from "vitest";
import { tabletClient, useCatalogWorld } from "../../test/fixtures.ts";
import type { Api } from "../../test/world.ts";
import { visitListInput } from "../visits/schema.ts";
import { summaryStatement } from "./summary.ts";

const site = useCatalogWorld();

let phones = 0;
interface Row {
  timeIn: string;
  timeOut?: string | null;
  programId?: number;
  phone?: string;
}
async function insertVisits(locationId: number, rows: Row[]) {
  await site.world.services.db.kysely
    .insertInto("visits")
    .values(
      rows.map((r) => ({
        first_name: "Sam",
        last_name: "Summary",
        phone_number: r.phone ?? String(4_156_000_000 + ++phones),
        temperature: "98.1",
        location_id: locationId,
        program_id: r.programId ?? site.catalog.pantry.id,
        time_in: new Date(r.timeIn),
        time_out: r.timeOut ? new Date(r.timeOut) : null,
      })),
    )
    .execute();
}
let locations = 0;
async function freshLocation() {
  const { pantry, tutoring } = site.catalog;
  const res = await site.admin.call((api) =>
    api.locations.create({ Name: `Summary ${++locations}`, ProgramIds: [pantry.id, tutoring.id] }),
  );
  return res.json as { id: number; Name: string };
}
type SummaryInput = Parameters<Api["visits"]["summary"]>[0];
const summary = async (input: SummaryInput) => {
  const res = await site.admin.call((api) => api.visits.summary(input));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res;
};
const report = async (input: SummaryInput) => {
  const res = await site.admin.call((api) => api.visits.summaryReport(input));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
};

describe("visits.summary", () => {
  it("counts visits, unique visitors by phone, and the average stay of signed-out visits only", async () => {
    const location = await freshLocation();
    await insertVisits(location.id, [
      { timeIn: "2026-05-04T15:00:00Z", timeOut: "2026-05-04T16:00:00Z", phone: "4155550001" },
      { timeIn: "2026-05-05T15:00:00Z", timeOut: "2026-05-05T15:30:00Z", phone: "4155550001" },
      {
        timeIn: "2026-05-05T17:00:00Z",
        timeOut: null,
        phone: "4155550002",
        programId: site.catalog.tutoring.id,
      },
    ]);
    const res = await summary({
      locationId: location.id,
      from: "2026-05-04",
      to: "2026-05-05",
      groupBy: "day",
    });
    expect(res.headers["X-Total-Visits"]).toBe("3");
    expect(res.headers["X-Unique-Visitors"]).toBe("2");
    expect(res.headers["X-Average-Stay-Minutes"]).toBe("45");
    expect(res.headers["X-Total-Count"]).toBe("2");
    expect(
      res.json.map(
        (g: {
          key: string;
          count: number;
          uniqueVisitors: number;
          averageStayMinutes: number | null;
        }) => [g.key, g.count, g.uniqueVisitors, g.averageStayMinutes],
      ),
    ).toEqual([
      ["2026-05-04", 1, 1, 60],
      ["2026-05-05", 2, 2, 30],
    ]);
    const data = await report({ locationId: location.id, from: "2026-05-04", to: "2026-05-05" });
    expect(data).toMatchObject({
      totalVisits: 3,
      uniqueVisitors: 2,
      averageStayMinutes: 45,
      groupBy: "day",
      stackBy: "program",
    });
    // Nothing signed out: no average, not zero.
    const open = await summary({
      locationId: location.id,
      from: "2026-05-05",
      to: "2026-05-05",
      programId: site.catalog.tutoring.id,
    });
    expect(open.headers["X-Average-Stay-Minutes"]).toBe("");
    expect(open.json[0].averageStayMinutes).toBeNull();
  });

  it("still tells erased visitors apart by their keys, and counts a visit with no key (erased before keys) as a visit only", async () => {
    const location = await freshLocation();
    await insertVisits(location.id, [
      { timeIn: "2026-03-02T10:00:00Z", timeOut: "2026-03-02T10:30:00Z", phone: "4156100001" },
      { timeIn: "2026-03-02T11:00:00Z", timeOut: "2026-03-02T11:30:00Z", phone: "4156100001" },
      { timeIn: "2026-03-02T12:00:00Z", timeOut: "2026-03-02T12:30:00Z", phone: "4156100002" },
      { timeIn: "2026-03-03T12:00:00Z", timeOut: "2026-03-03T12:30:00Z", phone: "4156100003" },
      { timeIn: "2026-03-03T13:00:00Z", timeOut: "2026-03-03T13:30:00Z", phone: "4156100004" },
    ]);
    const db = site.world.services.db.kysely;
    const erased = {
      first_name: "",
      last_name: "",
      phone_number: "",
      temperature: "",
      erased_at: new Date(),
    };
    // Two different people erased as retention does: their visits keep their keys.
    await db
      .updateTable("visits")
      .set(erased)
      .where("location_id", "=", location.id)
      .where("phone_number", "in", ["4156100002", "4156100003"])
      .execute();
    // One erased before visits had keys: nothing tells whose it was.
    await db
      .updateTable("visits")
      .set({ ...erased, visitor_key: null })
      .where("location_id", "=", location.id)
      .where("phone_number", "=", "4156100004")
      .execute();
    const res = await summary({
      from: "2026-03-02",
      to: "2026-03-03",
      locationId: location.id,
      timeZone: "UTC",
    });
    expect(res.headers["X-Total-Visits"]).toBe("5");
    expect(res.headers["X-Unique-Visitors"]).toBe("3");
    expect(
      res.json.map((g: { key: string; count: number; uniqueVisitors: number }) => [
        g.key,
        g.count,
        g.uniqueVisitors,
      ]),
    ).toEqual([
      ["2026-03-02", 3, 2],
      ["2026-03-03", 2, 1],
    ]);
  });

  it("reads days as calendar days in timeZone, across a daylight-saving change and in a half-hour zone", async () => {
    const location = await freshLocation();
    await insertVisits(location.id, [
      // Los Angeles switched to daylight time on 2026-03-08: 23:30 is 07:30 UTC before, 06:30 after.
      { timeIn: "2026-03-08T07:30:00Z" }, // LA 2026-03-07 23:30 PST
      { timeIn: "2026-03-09T06:30:00Z" }, // LA 2026-03-08 23:30 PDT
      { timeIn: "2026-03-09T07:30:00Z" }, // LA 2026-03-09 00:30 PDT
      { timeIn: "2026-03-10T18:45:00Z" }, // Kolkata (UTC+5:30) 2026-03-11 00:15; LA 2026-03-10 11:45
    ]);
    const days = async (input: SummaryInput) =>
      Object.fromEntries(
        (await summary({ locationId: location.id, ...input })).json.map(
          (g: { key: string; count: number }) => [g.key, g.count],
        ),
      );
    expect(
      await days({ from: "2026-03-07", to: "2026-03-11", timeZone: "America/Los_Angeles" }),
    ).toEqual({
      "2026-03-07": 1,
      "2026-03-08": 1,
      "2026-03-09": 1,
      "2026-03-10": 1,
      "2026-03-11": 0,
    });
    expect(await days({ from: "2026-03-07", to: "2026-03-11" })).toEqual({
      "2026-03-07": 0,
      "2026-03-08": 1,
      "2026-03-09": 2,
      "2026-03-10": 1,
      "2026-03-11": 0,
    });
    expect(await days({ from: "2026-03-10", to: "2026-03-11", timeZone: "Asia/Kolkata" })).toEqual({
      "2026-03-10": 0,
      "2026-03-11": 1,
    });
    // The range's own edges are the zone's midnights too: LA's 2026-03-08 holds one visit.
    const edge = await summary({
      locationId: location.id,
      from: "2026-03-08",
      to: "2026-03-08",
      timeZone: "America/Los_Angeles",
    });
    expect(edge.headers["X-Total-Visits"]).toBe("1");
  });

  it("counts a visit at 23:30 in Los Angeles for that Los Angeles day in the location's own zone (the reports page's zone for a chosen location), not the next day as in UTC", async () => {
    const location = await freshLocation();
    const zone = (await site.admin.call((api) => api.locations.get({ id: location.id }))).json
      .TimeZone as string;
    expect(zone).toBe("America/Los_Angeles");
    await insertVisits(location.id, [{ timeIn: "2026-11-21T07:30:00Z" }]); // LA 2026-11-20 23:30 PST
    const days = async (timeZone: string) =>
      (
        await summary({ locationId: location.id, from: "2026-11-20", to: "2026-11-21", timeZone })
      ).json.map((g: { key: string; count: number }) => [g.key, g.count]);
    expect(await days(zone)).toEqual([
      ["2026-11-20", 1],
      ["2026-11-21", 0],
    ]);
    expect(await days("UTC")).toEqual([
      ["2026-11-20", 0],
      ["2026-11-21", 1],
    ]);
  });

  it("stacks each day by program, or by location when one program is chosen", async () => {
    const { pantry, tutoring } = site.catalog;
    const [a, b] = [await freshLocation(), await freshLocation()];
    await insertVisits(a.id, [
      { timeIn: "2026-06-01T15:00:00Z", programId: pantry.id },
      { timeIn: "2026-06-01T16:00:00Z", programId: pantry.id },
      { timeIn: "2026-06-01T17:00:00Z", programId: tutoring.id },
    ]);
    await insertVisits(b.id, [{ timeIn: "2026-06-01T18:00:00Z", programId: pantry.id }]);
    const byProgram = await report({ locationId: a.id, from: "2026-06-01", to: "2026-06-01" });
    expect(byProgram.stackBy).toBe("program");
    expect(byProgram.groups[0].stack).toEqual([
      { key: String(pantry.id), label: "Food Pantry", count: 2 },
      { key: String(tutoring.id), label: "Tutoring", count: 1 },
    ]);
    // Every location on that day, one program: the bar splits by location.
    const byLocation = await report({ programId: pantry.id, from: "2026-06-01", to: "2026-06-01" });
    expect(byLocation.stackBy).toBe("location");
    const slices = byLocation.groups[0].stack.filter((s: { key: string }) =>
      [String(a.id), String(b.id)].includes(s.key),
    );
    expect(slices).toEqual([
      { key: String(a.id), label: a.Name, count: 2 },
      { key: String(b.id), label: b.Name, count: 1 },
    ]);
  });

  it("names each program in the language asked for, an archived one too, English when left out", async () => {
    const { tutoring } = site.catalog;
    const closet = (
      await site.admin.call((api) =>
        api.programs.create({
          Name: "Clothing Closet",
          NameEs: "Ropero comunitario",
          LocationIds: [],
        }),
      )
    ).json as { id: number };
    const place = await freshLocation();
    await insertVisits(place.id, [
      { timeIn: "2026-07-01T15:00:00Z", programId: closet.id },
      { timeIn: "2026-07-01T16:00:00Z", programId: closet.id },
      { timeIn: "2026-07-01T17:00:00Z", programId: tutoring.id },
    ]);
    await site.admin.call((api) => api.programs.remove({ id: closet.id }));
    const july = { locationId: place.id, from: "2026-07-01", to: "2026-07-01" } as const;
    const labels = (groups: Array<{ label: string }>) => groups.map((g) => g.label);
    const spanish = await summary({ ...july, groupBy: "program", language: "es" });
    expect(labels(spanish.json)).toEqual(["Ropero comunitario", "Tutoring"]);
    expect(labels((await summary({ ...july, groupBy: "program" })).json)).toEqual([
      "Clothing Closet",
      "Tutoring",
    ]);
    // Each day's bar, split by program.
    const byDay = await report({ ...july, language: "es" });
    expect(labels(byDay.groups[0].stack)).toEqual(["Ropero comunitario", "Tutoring"]);
  });

  it("groups by program and by location, largest first, with names", async () => {
    const { pantry, tutoring } = site.catalog;
    const [a, b] = [await freshLocation(), await freshLocation()];
    await insertVisits(a.id, [
      {
        timeIn: "2025-02-01T15:00:00Z",
        timeOut: "2025-02-01T15:20:00Z",
        programId: tutoring.id,
        phone: "4155550101",
      },
      {
        timeIn: "2025-02-02T15:00:00Z",
        timeOut: "2025-02-02T15:40:00Z",
        programId: tutoring.id,
        phone: "4155550101",
      },
      { timeIn: "2025-02-02T16:00:00Z", programId: pantry.id },
    ]);
    await insertVisits(b.id, [{ timeIn: "2025-02-03T15:00:00Z", programId: pantry.id }]);
    const programs = await summary({ locationId: a.id, groupBy: "program" });
    expect(programs.json).toEqual([
      {
        key: String(tutoring.id),
        label: "Tutoring",
        count: 2,
        uniqueVisitors: 1,
        averageStayMinutes: 30,
      },
      {
        key: String(pantry.id),
        label: "Food Pantry",
        count: 1,
        uniqueVisitors: 1,
        averageStayMinutes: null,
      },
    ]);
    const places = await summary({ from: "2025-02-01", to: "2025-02-03", groupBy: "location" });
    expect(
      places.json.map((g: { key: string; label: string; count: number }) => [
        g.key,
        g.label,
        g.count,
      ]),
    ).toEqual([
      [String(a.id), a.Name, 3],
      [String(b.id), b.Name, 1],
    ]);
    expect(places.headers["X-Total-Visits"]).toBe("4");
  });

  it("answers 422 on the field for bad filters, 401 anonymous and 403 to a tablet", async () => {
    const bad = async (input: Record<string, unknown>, path: string) => {
      const res = await site.admin.call((api) => api.visits.summary(input as never));
      expect(res.status, JSON.stringify(input)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    };
    await bad({ groupBy: "week" }, "groupBy");
    await bad({ from: "2026-02-30" }, "from");
    await bad({ to: "yesterday" }, "to");
    await bad({ timeZone: "Mars/Olympus" }, "timeZone");
    await bad({ locationId: "abc" }, "locationId");
    await bad({ from: "2026-05-02", to: "2026-05-01" }, "to");
    await bad({ from: "2000-01-01", to: "2026-01-01", groupBy: "day" }, "to");
    expect(
      (
        await site.admin.call((api) =>
          api.visits.summary({ from: "2000-01-01", to: "2026-01-01", groupBy: "program" }),
        )
      ).status,
    ).toBe(200);
    expect((await site.world.client().call((api) => api.visits.summary({}))).status).toBe(401);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect((await tablet.call((api) => api.visits.summary({}))).status).toBe(403);
  });
});

// PGlite answers EXPLAIN too, but the plan that matters is the server's.
describeOnPostgres("the summary's plan on PostgreSQL", () => {
  it("reads a location's month from that location's own index range, without the table", async () => {
    const location = await freshLocation();
    const other = await freshLocation();
    const db = site.world.services.db.kysely;
    // Other locations' visits in the same month, so a read of every location's month would show.
    for (const [id, n] of [
      [location.id, 300],
      [other.id, 3000],
    ] as const) {
      await sql`insert into visits (first_name, last_name, phone_number, temperature, time_in, time_out, location_id, program_id)
          select 'Plan', 'Rows', (4180000000 + g)::text, '98', t, t + interval '30 minutes', ${id}, ${site.catalog.pantry.id}
          from generate_series(1, ${n}::int) g cross join lateral (select timestamptz '2025-03-01T00:00:00Z' + g * interval '13 minutes' as t) x`.execute(
        db,
      );
    }
    await sql`vacuum analyze visits`.execute(db);
    const statement = summaryStatement(
      db,
      visitListInput.parse({ locationId: location.id, from: "2025-03-01", to: "2025-03-31" }),
      "day",
    );
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain (costs off) ${statement}`.execute(
      db,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("Index Only Scan using visits_location_time_in_idx on visits");
  });
});

describe("the report's total", () => {
  // The product counts exactly up to 100,000 matches (countLimits); this world stops at 1,000, so
  // the same paths run on a thousandth of the rows.
  it("stays exact up to its count limit; past that the first page estimates unless exactTotal=true", async () => {
    const location = await freshLocation();
    const db = site.world.services.db.kysely;
    const config = site.world.services.config;
    config.countLimits = { exactUpTo: 1_000, estimateAbove: 5_000 };
    onTestFinished(() => void delete config.countLimits);
    const seed = (from: number, to: number) =>
      sql`insert into visits (first_name, last_name, phone_number, temperature, time_in, location_id, program_id)
          select 'Many', 'Rows', (4170000000 + g)::text, '98', timestamptz '2024-01-01T00:00:00Z' + g * interval '1 hour', ${location.id}, ${site.catalog.pantry.id}
          from generate_series(${from}::int, ${to}::int) g`.execute(db);
    await seed(1, 1_000);
    await sql`analyze visits`.execute(db);
    const page = (input: Omit<Parameters<Api["visits"]["list"]>[0], "locationId"> = {}) =>
      site.admin.call((api) => api.visits.list({ locationId: location.id, ...input }));
    const exact = await page();
    expect(exact.headers["X-Total-Count"]).toBe("1000");
    expect(exact.headers["X-Total-Count-Estimated"]).toBeUndefined();
    const month = await page({ from: "2024-01-01", to: "2024-01-31" });
    expect(month.headers["X-Total-Count"]).toBe(String(31 * 24 - 1)); // hour 0 of the month is not seeded

    await seed(1_001, 1_001);
    const estimated = await page();
    expect(estimated.headers["X-Total-Count-Estimated"]).toBe("true");
    expect(Number(estimated.headers["X-Total-Count"])).toBeGreaterThan(1_000);
    expect(estimated.json[0].FirstName).toBe("Many");
    const counted = await page({ exactTotal: "true" });
    expect(counted.headers["X-Total-Count"]).toBe("1001");
    expect(counted.headers["X-Total-Count-Estimated"]).toBeUndefined();
    // A page past the first with an estimate still reads newest first, from the newest end.
    const second = await page({ page: 2 });
    expect(new Date(second.json[0].TimeIn).getTime()).toBe(
      Date.parse("2024-01-01T00:00:00Z") + (1_001 - 25) * 3_600_000,
    );
    // The last page is read from the oldest end, on the exact total.
    const last = await page({ page: 41 });
    expect(last.headers["X-Total-Count"]).toBe("1001");
    expect(last.json.map((v: { TimeIn: string }) => v.TimeIn)).toEqual([
      "2024-01-01T01:00:00.000Z",
    ]);
    // The web app's page carries the estimate too.
    const webPage = await site.admin.call((api) => api.visits.report({ locationId: location.id }));
    expect(webPage.json).toMatchObject({ totalEstimated: true });
  });
});
