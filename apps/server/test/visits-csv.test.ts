import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

const world = useCatalogServer();
const header =
  "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom";

/** A new location offering the catalog's Food Pantry. */
async function pantryLocation(Name: string): Promise<{ id: number }> {
  const res = await world.admin.post("/api/locations", {
    Name,
    ProgramIds: [world.catalog.pantry.id],
  });
  expect(res.status).toBe(201);
  return res.json;
}

/** The report's lines for one location, header first, the rest sorted (their order is not the point here). */
async function csvLines(locationId: number) {
  const res = await world.admin.get(`/api/visits?format=csv&locationId=${locationId}&timeZone=UTC`);
  expect(res.status).toBe(200);
  expect(res.body.startsWith("\uFEFF")).toBe(true);
  expect(res.body.endsWith("\n")).toBe(true);
  const [header, ...rows] = res.body.slice(1, -1).split("\n");
  return [header, ...rows.sort()];
}

describe("CSV export and spreadsheet formulas", () => {
  it("turns each name a spreadsheet would run (= + - @) into text with a leading quote", async () => {
    const location = await pantryLocation("Formulas");
    const tablet = await tabletClient(world.server, location.id);
    for (const FirstName of [
      '=HYPERLINK("http://x","y")',
      "+cmd|' /C calc'!A0",
      "@SUM(1)",
      "-2+3",
    ]) {
      const res = await tablet.post(
        "/api/visits",
        visitor(location.id, world.catalog.pantry.id, { FirstName, LastName: "Test" }),
      );
      expect(res.status, FirstName).toBe(201);
    }
    const names = (await csvLines(location.id))
      .slice(1)
      .map((line) => /^[\d-]+,Formulas,Food Pantry,(.*),\d{3}-\d{3}-\d{4},/.exec(line!)?.[1]);
    expect(names.sort()).toEqual(
      [
        `'+cmd|' /C calc'!A0 Test`,
        `"'=HYPERLINK(""http://x"",""y"") Test"`,
        "'-2+3 Test",
        "'@SUM(1) Test",
      ].sort(),
    );
  });

  it("neutralises a cell that starts with a tab or a carriage return, in every text column", async () => {
    // Names from the API are trimmed; rows written before that (or by hand) can still hold them.
    const location = await pantryLocation("@Home");
    const program = (
      await world.admin.post("/api/programs", { Name: "+Plus", LocationIds: [location.id] })
    ).json;
    await world.server.services.db.kysely
      .insertInto("visits")
      .values(
        ["\tTab", "\r=1+1"].map((first_name, i) => ({
          first_name,
          last_name: "Test",
          phone_number: `415555020${i}`,
          temperature: "98.1",
          location_id: location.id,
          program_id: program.id,
          time_in: new Date(Date.UTC(2026, 6, 4, 12, i)),
        })),
      )
      .execute();
    expect(await csvLines(location.id)).toEqual([
      header,
      `2026-07-04,'@Home,'+Plus,"'\r=1+1 Test",415-555-0201,98.1,2026-07-04T12:01:00+00:00,,,,staff`,
      "2026-07-04,'@Home,'+Plus,'\tTab Test,415-555-0200,98.1,2026-07-04T12:00:00+00:00,,,,staff",
    ]);
  });

  it("leaves ordinary cells as they are", async () => {
    const location = await pantryLocation("Plain");
    await world.server.services.db.kysely
      .insertInto("visits")
      .values({
        first_name: "Ann",
        last_name: "O'Neil-Smith",
        phone_number: "4155550300",
        temperature: "98.1",
        location_id: location.id,
        program_id: world.catalog.pantry.id,
        time_in: new Date(Date.UTC(2026, 6, 4, 9)),
      })
      .execute();
    expect(await csvLines(location.id)).toEqual([
      header,
      "2026-07-04,Plain,Food Pantry,Ann O'Neil-Smith,415-555-0300,98.1,2026-07-04T09:00:00+00:00,,,,staff",
    ]);
  });
});

describe("CSV export of erased visits", () => {
  it("leaves an erased visit's name, phone and temperature empty (as the report's table shows them), never '--", async () => {
    const location = await pantryLocation("Erased");
    await world.server.services.db.kysely
      .insertInto("visits")
      .values({
        first_name: "",
        last_name: "",
        phone_number: "",
        temperature: "",
        erased_at: new Date(Date.UTC(2026, 7, 1)),
        location_id: location.id,
        program_id: world.catalog.pantry.id,
        time_in: new Date(Date.UTC(2026, 6, 4, 9)),
        time_out: new Date(Date.UTC(2026, 6, 4, 10)),
        signed_out_by: "visitor",
      })
      .execute();
    expect(await csvLines(location.id)).toEqual([
      header,
      "2026-07-04,Erased,Food Pantry,,,,2026-07-04T09:00:00+00:00,2026-07-04T10:00:00+00:00,60,visitor,staff",
    ]);
  });
});

describe("CSV file: name, times, duration, encoding", () => {
  it("is named for what it holds, with the location's own letters in filename*", async () => {
    const location = await pantryLocation("València");
    const disposition = async (query: string) =>
      (await world.admin.get(`/api/visits?format=csv&${query}`)).headers["content-disposition"];
    expect(await disposition(`from=2026-11-01&to=2026-11-30&locationId=${location.id}`)).toBe(
      `attachment; filename="visits-2026-11-01-to-2026-11-30-valencia.csv"; filename*=UTF-8''visits-2026-11-01-to-2026-11-30-val%C3%A8ncia.csv`,
    );
    expect(
      await disposition(
        `from=2026-11-05&to=2026-11-05&locationId=${location.id}&programId=${world.catalog.pantry.id}`,
      ),
    ).toBe(
      `attachment; filename="visits-2026-11-05-valencia-food-pantry.csv"; filename*=UTF-8''visits-2026-11-05-val%C3%A8ncia-food-pantry.csv`,
    );
    expect(await disposition(`from=2026-11-01&programId=${world.catalog.pantry.id}`)).toBe(
      'attachment; filename="visits-from-2026-11-01-food-pantry.csv"',
    );
    expect(await disposition("to=2026-11-30")).toBe(
      'attachment; filename="visits-to-2026-11-30.csv"',
    );
    expect(await disposition("")).toBe('attachment; filename="visits.csv"');
    // A name with no Latin letters keeps them in filename* and is named by its id in filename.
    const tokyo = await pantryLocation("東京");
    expect(await disposition(`locationId=${tokyo.id}`)).toBe(
      `attachment; filename="visits-location-${tokyo.id}.csv"; filename*=UTF-8''visits-%E6%9D%B1%E4%BA%AC.csv`,
    );
  });

  it("starts with a UTF-8 BOM and gives times in ISO 8601 with the zone's offset, either side of a clock change, the stay in minutes and who signed out", async () => {
    const location = await pantryLocation("Madrid");
    const visit = (
      first_name: string,
      timeIn: string,
      timeOut: string | null,
      i: number,
      signed_out_by: "visitor" | "staff" | "auto" | null = null,
    ) => ({
      first_name,
      last_name: "Núñez",
      phone_number: `415555040${i}`,
      temperature: "98.1",
      location_id: location.id,
      program_id: world.catalog.pantry.id,
      time_in: new Date(timeIn),
      time_out: timeOut ? new Date(timeOut) : null,
      signed_out_by,
    });
    await world.server.services.db.kysely
      .insertInto("visits")
      .values([
        // Europe/Madrid goes from +02:00 to +01:00 at 01:00 UTC on 2026-10-25: 02:30 happens twice.
        visit("José", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", 1, "auto"),
        visit("Zoë", "2026-10-24T21:59:30Z", "2026-10-24T22:01:29Z", 2, "visitor"),
        visit("Luis", "2026-10-24T08:00:00Z", "2026-10-24T09:00:00Z", 4, "staff"),
        visit("Old", "2026-10-23T08:00:00Z", "2026-10-23T09:00:00Z", 5),
        visit("Ana", "2026-10-25T22:00:00Z", null, 3),
      ])
      .execute();
    const res = await world.admin.get(
      `/api/visits?format=csv&locationId=${location.id}&timeZone=Europe/Madrid`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(Buffer.from(res.body).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      "\uFEFF" +
        `${header}\n` +
        "2026-10-25,Madrid,Food Pantry,Ana Núñez,415-555-0403,98.1,2026-10-25T23:00:00+01:00,,,,staff\n" +
        "2026-10-25,Madrid,Food Pantry,José Núñez,415-555-0401,98.1,2026-10-25T02:30:00+02:00,2026-10-25T02:30:00+01:00,60,auto,staff\n" +
        "2026-10-24,Madrid,Food Pantry,Zoë Núñez,415-555-0402,98.1,2026-10-24T23:59:30+02:00,2026-10-25T00:01:29+02:00,1,visitor,staff\n" +
        "2026-10-24,Madrid,Food Pantry,Luis Núñez,415-555-0404,98.1,2026-10-24T10:00:00+02:00,2026-10-24T11:00:00+02:00,60,staff,staff\n" +
        "2026-10-23,Madrid,Food Pantry,Old Núñez,415-555-0405,98.1,2026-10-23T10:00:00+02:00,2026-10-23T11:00:00+02:00,60,,staff\n",
    );
  });
});
