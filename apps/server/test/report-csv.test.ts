import { beforeAll, describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer } from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * The report as a CSV download (GET /api/visits?format=csv, a route of its own that streams): its
 * rows and file name, who may have it, and its filters checked before the first byte.
 */

const world = useCatalogServer();
let tablet: Client;
beforeAll(async () => {
  tablet = await tabletClient(world.server, world.catalog.main.id);
});

let insertedPhones = 0;
async function insertVisits(
  rows: Array<{
    timeIn: string;
    timeOut?: string | null;
    locationId: number;
    programId: number;
    first: string;
    phone?: string;
  }>,
) {
  await world.server.services.db.kysely
    .insertInto("visits")
    .values(
      rows.map((r) => ({
        first_name: r.first,
        last_name: "Test",
        phone_number: r.phone ?? String(4_155_000_000 + ++insertedPhones),
        temperature: "98.1",
        location_id: r.locationId,
        program_id: r.programId,
        time_in: new Date(r.timeIn),
        time_out: r.timeOut ? new Date(r.timeOut) : null,
      })),
    )
    .execute();
}

describe("the report's CSV", () => {
  it("exports every matching row as CSV, formatted in the time zone", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Csv, Inc.",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    await insertVisits([
      {
        timeIn: "2026-07-04T21:07:00Z",
        timeOut: "2026-07-04T22:15:00Z",
        locationId: location.id,
        programId: world.catalog.pantry.id,
        first: "Ann",
        phone: "4155551234",
      },
      {
        timeIn: "2026-07-05T06:30:00Z",
        locationId: location.id,
        programId: world.catalog.pantry.id,
        first: "Bob",
        phone: "6505550000",
      },
      ...Array.from({ length: 2100 }, (_, i) => ({
        timeIn: new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString(),
        timeOut: null,
        locationId: location.id,
        programId: world.catalog.pantry.id,
        first: `Row${i}`,
      })),
    ]);
    const res = await world.admin.get(
      `/api/visits?format=csv&locationId=${location.id}&from=2026-07-04&to=2026-07-04&timeZone=America/Los_Angeles`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="visits-2026-07-04-csv-inc.csv"',
    );
    expect(res.body.split("\n")).toEqual([
      "\uFEFFDate,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom",
      '2026-07-04,"Csv, Inc.",Food Pantry,Bob Test,650-555-0000,98.1,2026-07-04T23:30:00-07:00,,,,staff',
      '2026-07-04,"Csv, Inc.",Food Pantry,Ann Test,415-555-1234,98.1,2026-07-04T14:07:00-07:00,2026-07-04T15:15:00-07:00,68,,staff',
      "",
    ]);
    // All rows, not one page, across several batches, each exactly once.
    const all = await world.admin.get(`/api/visits?format=csv&locationId=${location.id}`);
    const names = all.body
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => line.match(/^[^,]*,"Csv, Inc\.",Food Pantry,([^,]*),/)?.[1]);
    const expected = [
      "Ann Test",
      "Bob Test",
      ...Array.from({ length: 2100 }, (_, i) => `Row${i} Test`),
    ];
    expect(names.sort()).toEqual(expected.sort());
  });

  it("CSV is for staff: 401 anonymous, 403 tablet, 422 bad filters", async () => {
    expect((await world.server.client().get("/api/visits?format=csv")).status).toBe(401);
    expect((await tablet.get("/api/visits?format=csv")).status).toBe(403);
    expect((await world.admin.get("/api/visits?format=csv&timeZone=Nowhere/Land")).status).toBe(
      422,
    );
    const badDate = await world.admin.get("/api/visits?format=csv&from=31-12-2026");
    expect(badDate.status).toBe(422);
    expect(badDate.json).toEqual({
      status: 422,
      message: "Validation failed",
      key: "validationFailed",
      values: {},
      errors: [{ path: "from", message: "Use a date like 2026-11-21", key: "date", values: {} }],
    });
  });

  it("answers 422 on the field for an impossible date or unknown zone, and takes real dates and IANA zones", async () => {
    const pathsOf = (body: { errors?: Array<{ path: string }> }) =>
      (body.errors ?? []).map((e) => e.path);
    for (const date of ["2026-13-45", "2026-02-30", "0000-00-00", "2025-02-29"]) {
      for (const field of ["from", "to"]) {
        const csv = await world.admin.get(`/api/visits?format=csv&${field}=${date}`);
        expect([csv.status, pathsOf(csv.json)], `csv ${field}=${date}`).toEqual([422, [field]]);
      }
    }
    for (const zone of [
      "Mars/Olympus",
      "+05:00",
      "EST5EDT%00",
      "america/new york",
      "Etc/GMT+15",
      "Etc/GMT-0x",
    ]) {
      const csv = await world.admin.get(
        `/api/visits?format=csv&timeZone=${encodeURIComponent(zone)}`,
      );
      expect([csv.status, pathsOf(csv.json)], `csv ${zone}`).toEqual([422, ["timeZone"]]);
    }
    expect(
      (await world.admin.get("/api/visits?format=csv&from=2024-02-29&timeZone=Europe%2FBerlin"))
        .status,
    ).toBe(200);
  });
});
