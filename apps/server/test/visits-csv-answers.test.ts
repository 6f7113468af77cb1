import type { Readable } from "node:stream";
import { visitListInput, visitsCsv } from "@vsi/api";
import { describeOnPostgres } from "@vsi/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogServer, visitor } from "./fixtures.ts";

/**
 * Answers in the visits CSV: a column per question after the usual ones, each cell as the visit
 * was asked (choices by their labels then), formula-safe; a retired question keeps its column in
 * the periods it was asked.
 */

const world = useCatalogServer();
const ids = {} as Record<"household" | "language" | "firstTime" | "school", number>;

async function question(name: keyof typeof ids, fields: Record<string, unknown>) {
  const res = await world.admin.post("/api/questions", {
    Label: { en: fields.label, es: fields.label },
    ProgramIds: [world.catalog.pantry.id],
    ...fields,
  });
  expect(res.status, res.body).toBe(201);
  ids[name] = res.json.id;
}

beforeAll(async () => {
  await question("household", { Kind: "number", label: "Household" });
  await question("language", {
    Kind: "choices",
    label: "Languages",
    Choices: [
      { id: "en", Label: { en: "English", es: "Inglés" } },
      { id: "es", Label: { en: "Spanish", es: "Español" } },
    ],
  });
  await question("firstTime", { Kind: "yesno", label: "First time here?" });
  await question("school", { Kind: "text", label: "School" });
  const { main, pantry } = world.catalog;
  const answered = await world.admin.post(
    "/api/visits",
    visitor(main.id, pantry.id, {
      Answers: {
        [ids.household]: 4,
        [ids.language]: ["es", "en"],
        [ids.firstTime]: true,
        [ids.school]: "=HYPERLINK(1)",
      },
    }),
  );
  expect(answered.status, answered.body).toBe(201);
  expect((await world.admin.post("/api/visits", visitor(main.id, pantry.id))).status).toBe(201);
  // Renamed and retired after the visits: their answers keep the words they were given with.
  await world.admin.patch(`/api/questions/${ids.language}`, {
    Choices: [{ id: "es", Label: { en: "Castilian", es: "Castellano" } }],
  });
  await world.admin.delete(`/api/questions/${ids.school}`);
});

async function csv(query: string) {
  const res = await world.admin.get(`/api/visits?format=csv&timeZone=UTC&${query}`);
  expect(res.status).toBe(200);
  return res.body.slice(1, -1).split("\n");
}

describe("answers in the visits CSV", () => {
  it("puts a column per question after the usual ones, each answer as it was given", async () => {
    const [header, ...rows] = await csv(`programId=${world.catalog.pantry.id}`);
    expect(header).toBe(
      "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom," +
        "Household,Languages,First time here?,School",
    );
    // Newest first: the visit without answers, then the one with them.
    expect(rows[0]!.endsWith(",,,,")).toBe(true);
    expect(rows[1]!.endsWith(",4,Spanish; English,Yes,'=HYPERLINK(1)")).toBe(true);
  });

  it("has no column for a question not asked in the period, nor by the program", async () => {
    const [before] = await csv("from=2000-01-01&to=2000-01-31");
    expect(before).toBe(
      "Date,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy,SignedInFrom",
    );
    const [jobs] = await csv(`programId=${world.catalog.jobs.id}`);
    expect(jobs).toBe(before);
  });
});

// COPY exists only on a PostgreSQL server; PGlite's export is the batched path, tested above.
describeOnPostgres("answers in the CSV by COPY", () => {
  it("are the same bytes by COPY and in batches", async () => {
    const db = world.server.services.db;
    const filters = visitListInput.parse({ programId: world.catalog.pantry.id });
    const text = async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return Buffer.concat(chunks).toString();
    };
    const copied = await text(await visitsCsv(db, filters, "copy"));
    expect(copied).toContain("Spanish; English");
    expect(copied).toBe(await text(await visitsCsv(db, filters, "batched")));
  });
});
