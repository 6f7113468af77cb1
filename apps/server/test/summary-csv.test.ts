import { describe, expect, it } from "vitest";
import { useCatalogServer } from "./fixtures.ts";

const world = useCatalogServer();
const header = "Program,Period,Visits,People,NewPeople,ReturningPeople";

let places = 0;
/**
 * A Los Angeles location of its own offering the pantry and a program whose name a spreadsheet
 * would run ("=Cash"), with visits written straight into the table at times of our choosing.
 */
async function site(visits: Array<{ phone: string; at: string; cash?: true }>) {
  const tag = ++places;
  const cash = (await world.admin.post("/api/programs", { Name: `=Cash ${tag}`, LocationIds: [] }))
    .json as { id: number; Name: string };
  const location = (
    await world.admin.post("/api/locations", {
      Name: `Sala Núñez ${tag}`,
      ProgramIds: [world.catalog.pantry.id, cash.id],
      TimeZone: "America/Los_Angeles",
    })
  ).json as { id: number };
  if (visits.length === 0) return { locationId: location.id, cash, tag };
  await world.server.services.db.kysely
    .insertInto("visits")
    .values(
      visits.map((visit) => ({
        first_name: "Pat",
        last_name: "Doe",
        phone_number: visit.phone,
        temperature: "98.6",
        location_id: location.id,
        program_id: visit.cash ? cash.id : world.catalog.pantry.id,
        time_in: new Date(visit.at),
        time_out: new Date(Date.parse(visit.at) + 3_600_000),
        signed_out_by: "staff" as const,
      })),
    )
    .execute();
  return { locationId: location.id, cash, tag };
}

// February and March 2026 in Los Angeles: 0101 came in January (so returns), 0102 twice in
// February, 0103 once in March, to the "=Cash" program as 0101's March visit.
const history = [
  { phone: "4155550101", at: "2026-01-10T18:00:00Z" },
  { phone: "4155550101", at: "2026-02-05T18:00:00Z" },
  { phone: "4155550102", at: "2026-02-10T18:00:00Z" },
  { phone: "4155550102", at: "2026-02-12T18:00:00Z" },
  { phone: "4155550101", at: "2026-03-02T18:00:00Z", cash: true },
  { phone: "4155550103", at: "2026-03-03T18:00:00Z", cash: true },
] as const;

const period = "from=2026-02-01&to=2026-03-31&timeZone=America/Los_Angeles";
const lines = (body: string) => body.slice(1, -1).split("\n");

describe("GET /api/reports/summary?format=csv: the funder summary as a file", () => {
  it("holds the JSON's figures, totals first then each program's months, with a BOM, formula-safe, named for the period and the location", async () => {
    const { locationId, tag } = await site([...history]);
    const json = await world.admin.get(`/api/reports/summary?${period}&locationId=${locationId}`);
    expect(json.json).toMatchObject({ visits: 5, people: 3, newPeople: 2, returningPeople: 1 });

    const res = await world.admin.get(
      `/api/reports/summary?format=csv&${period}&locationId=${locationId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="summary-2026-02-01-to-2026-03-31-sala-nunez-${tag}.csv"; ` +
        `filename*=UTF-8''summary-2026-02-01-to-2026-03-31-sala-n%C3%BA%C3%B1ez-${tag}.csv`,
    );
    expect(res.body).toBe(
      "\uFEFF" +
        `${header}\n` +
        "All programs,2026-02-01/2026-03-31,5,3,2,1\n" +
        "Food Pantry,2026-02,3,2,,\n" +
        `'=Cash ${tag},2026-03,2,2,,\n`,
    );
  });

  it("names the chosen program on the totals line and in the file name, and judges new and returning within it", async () => {
    const { locationId, cash, tag } = await site([...history]);
    const res = await world.admin.get(
      `/api/reports/summary?format=csv&${period}&locationId=${locationId}&programId=${cash.id}`,
    );
    expect(lines(res.body)).toEqual([
      header,
      `'=Cash ${tag},2026-02-01/2026-03-31,2,2,2,0`,
      `'=Cash ${tag},2026-03,2,2,,`,
    ]);
    expect(res.headers["content-disposition"]).toContain(
      `filename="summary-2026-02-01-to-2026-03-31-sala-nunez-${tag}-cash-${tag}.csv"`,
    );
  });

  it("is named in the language asked for: Spanish words and the program's Spanish name with language=es, English without", async () => {
    const { locationId, cash, tag } = await site([...history]);
    const renamed = await world.admin.patch(`/api/programs/${cash.id}`, {
      NameEs: `Dinero ${tag}`,
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    const query = `format=csv&${period}&locationId=${locationId}&programId=${cash.id}`;
    const spanish = await world.admin.get(`/api/reports/summary?${query}&language=es`);
    expect(spanish.status).toBe(200);
    expect(spanish.headers["content-disposition"]).toBe(
      `attachment; filename="resumen-para-financiadores-2026-02-01-2026-03-31-sala-nunez-${tag}-dinero-${tag}.csv"; ` +
        `filename*=UTF-8''resumen-para-financiadores-2026-02-01-2026-03-31-sala-n%C3%BA%C3%B1ez-${tag}-dinero-${tag}.csv`,
    );
    for (const english of ["&language=en", ""]) {
      const res = await world.admin.get(`/api/reports/summary?${query}${english}`);
      expect(res.headers["content-disposition"]).toContain(
        `filename="summary-2026-02-01-to-2026-03-31-sala-nunez-${tag}-cash-${tag}.csv"`,
      );
    }
  });

  it("is the header and a totals line of zeros for a period with no visits", async () => {
    const { locationId } = await site([]);
    const res = await world.admin.get(
      `/api/reports/summary?format=csv&${period}&locationId=${locationId}`,
    );
    expect(lines(res.body)).toEqual([header, "All programs,2026-02-01/2026-03-31,0,0,0,0"]);
  });

  it("adds each question's figures after a blank line: people who answered, sum and mean, a line per choice, in the language asked for", async () => {
    const { locationId, tag } = await site([]);
    const household = (
      await world.admin.post("/api/questions", {
        Kind: "number",
        Label: { en: `Household ${tag}`, es: "Hogar" },
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json as { id: number; Label: unknown };
    const consent = (
      await world.admin.post("/api/questions", {
        Kind: "consent",
        Label: { en: `=Agree ${tag}`, es: "Acepto" },
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json as { id: number; Label: unknown };
    const answers = (size: number, agreed: boolean) =>
      JSON.stringify({
        [household.id]: { value: size, Label: household.Label, Choices: [] },
        [consent.id]: { value: agreed, Label: consent.Label, Choices: [] },
      });
    await world.server.services.db.kysely
      .insertInto("visits")
      .values(
        [
          ["4155550111", 3, true],
          ["4155550112", 4, false],
        ].map(([phone, size, agreed]) => ({
          first_name: "Pat",
          last_name: "Doe",
          phone_number: phone as string,
          temperature: "98.6",
          location_id: locationId,
          program_id: world.catalog.pantry.id,
          time_in: new Date("2026-02-10T18:00:00Z"),
          time_out: new Date("2026-02-10T19:00:00Z"),
          signed_out_by: "staff" as const,
          answers: answers(size as number, agreed as boolean),
        })),
      )
      .execute();
    const res = await world.admin.get(
      `/api/reports/summary?format=csv&${period}&locationId=${locationId}`,
    );
    expect(lines(res.body)).toEqual([
      header,
      "All programs,2026-02-01/2026-03-31,2,2,2,0",
      "Food Pantry,2026-02,2,2,,",
      "",
      "Program,Period,Question,Answer,People,Sum,Mean",
      `All programs,2026-02-01/2026-03-31,Household ${tag},Answered,2,7,3.5`,
      `All programs,2026-02-01/2026-03-31,'=Agree ${tag},Answered,2,,`,
      `All programs,2026-02-01/2026-03-31,'=Agree ${tag},Agreed,1,,`,
      `All programs,2026-02-01/2026-03-31,'=Agree ${tag},Did not agree,1,,`,
    ]);
    // In Spanish: the questions and answers in Spanish, the columns as scripts know them.
    const spanish = await world.admin.get(
      `/api/reports/summary?format=csv&${period}&locationId=${locationId}&language=es`,
    );
    expect(lines(spanish.body).slice(4)).toEqual([
      "Program,Period,Question,Answer,People,Sum,Mean",
      "All programs,2026-02-01/2026-03-31,Hogar,Answered,2,7,3.5",
      "All programs,2026-02-01/2026-03-31,Acepto,Answered,2,,",
      "All programs,2026-02-01/2026-03-31,Acepto,Aceptó,1,,",
      "All programs,2026-02-01/2026-03-31,Acepto,No aceptó,1,,",
    ]);
  });

  it("refuses a period that ends before it starts with a 422, not a file", async () => {
    const res = await world.admin.get(
      "/api/reports/summary?format=csv&from=2026-02-10&to=2026-02-01",
    );
    expect(res.status).toBe(422);
    expect(res.headers["content-disposition"]).toBeUndefined();
    expect(res.json.errors).toEqual([
      { path: "to", message: "To must be on or after From", key: "toBeforeFrom", values: {} },
    ]);
  });
});
