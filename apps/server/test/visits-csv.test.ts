import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

const world = useCatalogServer();

/** The report's lines for one location, header first, the rest sorted (their order is not the point here). */
async function csvLines(locationId: number) {
  const res = await world.admin.get(`/api/visits?format=csv&locationId=${locationId}&timeZone=UTC`);
  expect(res.status).toBe(200);
  const [header, ...rows] = res.body.split("\n");
  return [header, ...rows.sort()];
}

describe("CSV export and spreadsheet formulas", () => {
  it("turns each name a spreadsheet would run (= + - @) into text with a leading quote", async () => {
    const location = (await world.admin.post("/api/locations", { Name: "Formulas", ProgramIds: [world.catalog.pantry.id] })).json;
    const tablet = await tabletClient(world.server, location.id);
    for (const FirstName of ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"]) {
      const res = await tablet.post("/api/visits", visitor(location.id, world.catalog.pantry.id, { FirstName, LastName: "Test" }));
      expect(res.status, FirstName).toBe(201);
    }
    const names = (await csvLines(location.id)).slice(1).map((line) => /^[\d-]+,Formulas,Food Pantry,(.*),\d{3}-\d{3}-\d{4},/.exec(line!)?.[1]);
    expect(names.sort()).toEqual([`"'+cmd|' /C calc'!A0 Test"`, `"'=HYPERLINK(""http://x"",""y"") Test"`, "'-2+3 Test", "'@SUM(1) Test"].sort());
  });

  it("neutralises a cell that starts with a tab or a carriage return, in every text column", async () => {
    // Names from the API are trimmed; rows written before that (or by hand) can still hold them.
    const location = (await world.admin.post("/api/locations", { Name: "@Home", ProgramIds: [world.catalog.pantry.id] })).json;
    const program = (await world.admin.post("/api/programs", { Name: "+Plus", LocationIds: [location.id] })).json;
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
      "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut",
      `2026-07-04,'@Home,'+Plus,"'\r=1+1 Test",415-555-0201,98.1,12:01 PM,`,
      "2026-07-04,'@Home,'+Plus,'\tTab Test,415-555-0200,98.1,12:00 PM,",
    ]);
  });

  it("leaves ordinary cells as they are", async () => {
    const location = (await world.admin.post("/api/locations", { Name: "Plain", ProgramIds: [world.catalog.pantry.id] })).json;
    await world.server.services.db.kysely
      .insertInto("visits")
      .values({ first_name: "Ann", last_name: "O'Neil-Smith", phone_number: "4155550300", temperature: "98.1", location_id: location.id, program_id: world.catalog.pantry.id, time_in: new Date(Date.UTC(2026, 6, 4, 9)) })
      .execute();
    expect(await csvLines(location.id)).toEqual([
      "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut",
      "2026-07-04,Plain,Food Pantry,Ann O'Neil-Smith,415-555-0300,98.1,9:00 AM,",
    ]);
  });
});
