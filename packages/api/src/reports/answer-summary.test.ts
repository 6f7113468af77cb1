import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";
import { forgetVisitor, runRetention } from "../admin/retention.ts";
import { systemActor } from "../kernel/audit.ts";
import { funderSummaryCsv } from "./funder-summary-csv.ts";
import { funderSummaryInput } from "./funder-summary-schema.ts";

/**
 * The funder summary's figures per question, against a hand count of known answers: each person
 * once, by their latest answer in the period; the same figures once the answers are erased.
 */

const site = useCatalogWorld();
const q = {} as Record<
  | "household"
  | "zip"
  | "consent"
  | "language"
  | "needs"
  | "born"
  | "note"
  | "firstTime"
  | "unasked",
  number
>;
let locationId: number;

interface Asked {
  id: number;
  Label: { en: string; es: string };
  Choices: Array<{ id: string; Label: { en: string; es: string } }>;
}
const asked = new Map<number, Asked>();

/** A visit written as a sign-in leaves it: each answer with its question's words. */
async function visit(phone: string, at: string, answers: Record<number, unknown>) {
  const stored = Object.fromEntries(
    Object.entries(answers).map(([id, value]) => {
      const question = asked.get(Number(id))!;
      return [id, { value, Label: question.Label, Choices: question.Choices }];
    }),
  );
  const timeIn = new Date(at);
  const row = await site.world.services.db.kysely
    .insertInto("visits")
    .values({
      first_name: "Pat",
      last_name: "Doe",
      phone_number: phone,
      temperature: "98.6",
      location_id: locationId,
      program_id: site.catalog.pantry.id,
      time_in: timeIn,
      time_out: new Date(timeIn.getTime() + 3_600_000),
      signed_out_by: "staff",
      answers: JSON.stringify(stored),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const choice = (id: string, en: string, es = en) => ({ id, Label: { en, es } });

beforeAll(async () => {
  const pantry = [site.catalog.pantry.id];
  locationId = (
    await site.admin.call((api) =>
      api.locations.create({
        Name: "Counted Pantry",
        ProgramIds: pantry,
        TimeZone: "America/Los_Angeles",
      }),
    )
  ).json.id;
  const questions = {
    household: { Kind: "number", Min: 1, Max: 20, ProgramIds: pantry },
    zip: { Kind: "zip" },
    consent: { Kind: "consent", ProgramIds: pantry },
    language: {
      Kind: "choice",
      ProgramIds: pantry,
      Choices: [choice("en", "English", "Inglés"), choice("es", "Spanish", "Español")],
    },
    needs: {
      Kind: "choices",
      ProgramIds: pantry,
      Choices: [choice("food", "Food"), choice("rent", "Rent"), choice("clothes", "Clothes")],
    },
    born: { Kind: "date", ProgramIds: pantry },
    note: { Kind: "text", ProgramIds: pantry },
    firstTime: { Kind: "yesno", ProgramIds: pantry },
    unasked: { Kind: "text", ProgramIds: pantry },
  };
  for (const [name, fields] of Object.entries(questions)) {
    const res = await site.admin.call((api) =>
      api.questions.create({ Label: { en: name, es: `${name} (es)` }, ...fields } as never),
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.json));
    q[name as keyof typeof q] = res.json.id;
    asked.set(res.json.id, res.json);
  }

  // February 2026 in Los Angeles. A twice (the second answers are theirs for the period), B once
  // at 9 PM on Feb 10 there (already Feb 11 in UTC: 17 years old there, 18 in UTC), C once; D in
  // January and E in March are outside it.
  await visit("4155550101", "2026-02-03T18:00:00Z", {
    [q.household]: 3,
    [q.zip]: "94110",
    [q.consent]: true,
    [q.language]: "es",
    [q.needs]: ["food", "rent"],
    [q.born]: "1990-05-10",
    [q.note]: "Needs a ride",
    [q.firstTime]: true,
  });
  await visit("4155550101", "2026-02-20T18:00:00Z", {
    [q.household]: 5,
    [q.zip]: "94110",
    [q.consent]: true,
    [q.language]: "es",
    [q.needs]: ["food"],
    [q.born]: "1990-05-10",
  });
  await visit("4155550102", "2026-02-11T05:00:00Z", {
    [q.household]: 2,
    [q.zip]: "94112-1234",
    [q.consent]: true,
    [q.language]: "en",
    [q.needs]: ["rent", "clothes"],
    [q.born]: "2008-02-11",
    [q.firstTime]: false,
  });
  await visit("4155550103", "2026-02-11T18:00:00Z", {
    [q.household]: 4,
    [q.zip]: "94110",
    [q.consent]: false,
    [q.language]: "en",
    [q.born]: "1950-01-01",
  });
  await visit("4155550104", "2026-01-31T18:00:00Z", { [q.household]: 10, [q.zip]: "10001" });
  await visit("4155550105", "2026-03-02T18:00:00Z", { [q.household]: 7, [q.zip]: "10001" });
  // Retired after its answers were given: still counted for February.
  const retired = await site.admin.call((api) => api.questions.retire({ id: q.firstTime }));
  expect(retired.status).toBe(200);
});

const february = () =>
  site.admin.call((api) =>
    api.reports.summary({
      from: "2026-02-01",
      to: "2026-02-28",
      locationId,
      timeZone: "America/Los_Angeles",
    }),
  );

interface Figures {
  questionId: number;
  counts: Array<{ value: string; label: string; count: number }>;
}
const figuresOf = (json: { questions: Figures[] }, id: number) =>
  json.questions.find((question) => question.questionId === id);

const hundredths = (n: number) => Math.round(n * 100) / 100;

/** What the summary counts of a visit's answers, by question id. */
async function keptOf(visitId: number) {
  const rows = await site.world.services.db.kysely
    .selectFrom("answer_figures")
    .select(["question_id", "buckets", "number"])
    .where("visit_id", "=", visitId)
    .execute();
  return Object.fromEntries(
    rows.map((row) => [row.question_id, { buckets: row.buckets, number: row.number }]),
  );
}

describe("the funder summary per question", () => {
  it("says the questions' words and the answers' labels in the language asked for", async () => {
    const res = await site.admin.call((api) =>
      api.reports.summary({
        from: "2026-02-01",
        to: "2026-02-28",
        locationId,
        timeZone: "America/Los_Angeles",
        language: "es",
      }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const labels = (id: number) => figuresOf(res.json, id)?.counts.map((count) => count.label);
    expect(figuresOf(res.json, q.language)).toMatchObject({
      label: "language (es)",
      counts: [
        { value: "en", label: "Inglés", count: 2 },
        { value: "es", label: "Español", count: 1 },
      ],
    });
    expect(labels(q.consent)).toEqual(["Aceptó", "No aceptó"]);
    expect(labels(q.firstTime)).toEqual(["Sí", "No"]);
    // Without a language, English: what a script reads.
    expect(figuresOf((await february()).json, q.language)?.counts[0]?.label).toBe("English");
  });

  it("counts each person once by their latest answer: choices, yes/no, consent, sums and averages, ZIP codes, age bands, text as answered", async () => {
    const res = await february();
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const json = res.json;
    expect(json).toMatchObject({ visits: 4, people: 3 });
    // In the questions' order, the retired one last; nobody answered "unasked" (no program chosen).
    expect(json.questions.map((figures: { questionId: number }) => figures.questionId)).toEqual([
      q.household,
      q.zip,
      q.consent,
      q.language,
      q.needs,
      q.born,
      q.note,
      q.firstTime,
    ]);
    // A's latest 5, B's 2, C's 4 (D's 10 is January's).
    expect(figuresOf(json, q.household)).toEqual({
      questionId: q.household,
      kind: "number",
      label: "household",
      retired: false,
      answered: 3,
      counts: [],
      sum: 11,
      mean: hundredths(11 / 3),
    });
    expect(figuresOf(json, q.zip)).toMatchObject({
      answered: 3,
      counts: [
        { value: "94110", label: "94110", count: 2 },
        { value: "94112", label: "94112", count: 1 },
      ],
      sum: null,
      mean: null,
    });
    expect(figuresOf(json, q.consent)).toMatchObject({
      answered: 3,
      counts: [
        { value: "true", label: "Agreed", count: 2 },
        { value: "false", label: "Did not agree", count: 1 },
      ],
    });
    expect(figuresOf(json, q.language)).toMatchObject({
      answered: 3,
      counts: [
        { value: "en", label: "English", count: 2 },
        { value: "es", label: "Spanish", count: 1 },
      ],
    });
    // A's latest picks only food; B rent and clothes; C none.
    expect(figuresOf(json, q.needs)).toMatchObject({
      answered: 2,
      counts: [
        { value: "food", label: "Food", count: 1 },
        { value: "rent", label: "Rent", count: 1 },
        { value: "clothes", label: "Clothes", count: 1 },
      ],
    });
    // A 35 on Feb 20, B 17 on Feb 10 in Los Angeles, C 76.
    expect(figuresOf(json, q.born)).toMatchObject({
      answered: 3,
      counts: [
        { value: "0-5", label: "0–5", count: 0 },
        { value: "6-12", label: "6–12", count: 0 },
        { value: "13-17", label: "13–17", count: 1 },
        { value: "18-24", label: "18–24", count: 0 },
        { value: "25-44", label: "25–44", count: 1 },
        { value: "45-64", label: "45–64", count: 0 },
        { value: "65+", label: "65+", count: 1 },
      ],
    });
    expect(figuresOf(json, q.note)).toMatchObject({ kind: "text", answered: 1, counts: [] });
    expect(figuresOf(json, q.firstTime)).toMatchObject({
      retired: true,
      answered: 2,
      counts: [
        { value: "true", label: "Yes", count: 1 },
        { value: "false", label: "No", count: 1 },
      ],
    });
  });

  it("lists a live question the chosen program asks although nobody answered it", async () => {
    const res = await site.admin.call((api) =>
      api.reports.summary({
        from: "2026-02-01",
        to: "2026-02-28",
        locationId,
        programId: site.catalog.pantry.id,
        timeZone: "America/Los_Angeles",
      }),
    );
    expect(figuresOf(res.json, q.unasked)).toMatchObject({ answered: 0, counts: [] });
    expect(figuresOf(res.json, q.household)).toMatchObject({ answered: 3, sum: 11 });
  });

  it("puts the ZIP codes past the ten most frequent together as other", async () => {
    const zips = Array.from({ length: 12 }, (_, i) => `9${String(4200 + i)}`);
    const place = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Many ZIPs", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json.id;
    const saved = locationId;
    locationId = place;
    try {
      // The first ZIP twice, each other once: the last two (in order) are "other".
      await visit("4155550200", "2026-02-02T18:00:00Z", { [q.zip]: zips[0] });
      for (const [i, zip] of zips.entries())
        await visit(`41555502${String(10 + i)}`, "2026-02-03T18:00:00Z", { [q.zip]: zip });
    } finally {
      locationId = saved;
    }
    const res = await site.admin.call((api) =>
      api.reports.summary({
        from: "2026-02-01",
        to: "2026-02-28",
        locationId: place,
        timeZone: "UTC",
      }),
    );
    const counts = figuresOf(res.json, q.zip)!.counts;
    expect(counts).toHaveLength(11);
    expect(counts[0]).toEqual({ value: zips[0], label: zips[0], count: 2 });
    expect(counts.slice(1, 10).map((zip) => zip.value)).toEqual(zips.slice(1, 10));
    expect(counts[10]).toEqual({ value: "other", label: "Other", count: 2 });
  });

  it("bands no age for a date after the visit, and counts it apart", async () => {
    const place = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Future dates", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json.id;
    const saved = locationId;
    locationId = place;
    try {
      await visit("4155550300", "2026-02-03T18:00:00Z", { [q.born]: "2026-06-01" });
      await visit("4155550301", "2026-02-03T18:00:00Z", { [q.born]: "2021-02-03" });
    } finally {
      locationId = saved;
    }
    const res = await site.admin.call((api) =>
      api.reports.summary({
        from: "2026-02-01",
        to: "2026-02-28",
        locationId: place,
        timeZone: "UTC",
      }),
    );
    const counts = figuresOf(res.json, q.born)!.counts;
    // Five on the day: 0-5.
    expect(counts[0]).toEqual({ value: "0-5", label: "0–5", count: 1 });
    expect(counts.at(-1)).toEqual({ value: "unknown", label: "After the visit's date", count: 1 });
  });

  it("gives the same figures after retention erased the answers, which keep nothing of text or dates", async () => {
    const before = (await february()).json;
    const db = site.world.services.db.kysely;
    await db.updateTable("settings").set({ erase_after_days: 30 }).execute();
    try {
      const run = await runRetention(db, new Date("2026-06-01T00:00:00Z"));
      expect(run.erased).toBeGreaterThanOrEqual(6);
    } finally {
      await db.updateTable("settings").set({ erase_after_days: null }).execute();
    }
    const rows = await db
      .selectFrom("visits")
      .select(["id", "answers", "phone_number"])
      .where("location_id", "=", locationId)
      .orderBy("time_in")
      .execute();
    for (const row of rows) {
      expect(row.answers).toEqual({});
      expect(row.phone_number).toBe("");
    }
    // A's first visit keeps what is counted: the text only as answered, the date of birth as an age.
    expect(await keptOf(rows[1]!.id)).toEqual({
      [q.household]: { buckets: [null], number: "3" },
      [q.zip]: { buckets: ["94110"], number: null },
      [q.consent]: { buckets: ["true"], number: null },
      [q.language]: { buckets: ["es"], number: null },
      [q.needs]: { buckets: ["food", "rent"], number: null },
      [q.born]: { buckets: ["35"], number: null },
      [q.note]: { buckets: [null], number: null },
      [q.firstTime]: { buckets: ["true"], number: null },
    });
    expect((await february()).json).toEqual(before);
  });

  it("gives the same figures after a person asked to be forgotten", async () => {
    const db = site.world.services.db.kysely;
    const forgotten = await visit("4155550106", "2026-02-14T18:00:00Z", {
      [q.household]: 6,
      [q.born]: "2021-02-15",
      [q.note]: "Call back",
    });
    const { visitor_key: phoneKey } = await db
      .selectFrom("visits")
      .select("visitor_key")
      .where("id", "=", forgotten)
      .executeTakeFirstOrThrow();
    const before = (await february()).json;
    expect(figuresOf(before, q.household)).toMatchObject({ answered: 4, sum: 17 });
    // Not yet 5 on Feb 14: 4.
    expect(figuresOf(before, q.born)?.counts[0]).toEqual({ value: "0-5", label: "0–5", count: 1 });
    expect(await forgetVisitor(db, "4155550106", systemActor, new Date())).toBe(1);
    expect((await february()).json).toEqual(before);
    // Counted under the new random key the visit was given, no longer the phone's.
    const kept = await db
      .selectFrom("answer_figures")
      .innerJoin("visits", "visits.id", "answer_figures.visit_id")
      .select(["answer_figures.visitor_key as kept", "visits.visitor_key as visit"])
      .where("visits.id", "=", forgotten)
      .execute();
    expect(kept).toHaveLength(3);
    for (const row of kept) expect(row.kept).toEqual(row.visit);
    expect(kept[0]!.kept).not.toEqual(phoneKey);
  });

  it("stays finite over numbers kept from before answers were bounded: past ±1,000,000,000 they count as answered, not in the total or average", async () => {
    const place = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Unbounded past", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json.id;
    const saved = locationId;
    locationId = place;
    try {
      // Written as a sign-in wrote them before the bounds: the largest double, twice, would sum
      // past it; then a number within the widest bounds, and an ordinary one.
      await visit("4155550500", "2026-04-02T18:00:00Z", { [q.household]: 1.7976931348623157e308 });
      await visit("4155550501", "2026-04-03T18:00:00Z", { [q.household]: 1.7976931348623157e308 });
      await visit("4155550502", "2026-04-04T18:00:00Z", { [q.household]: -1e300 });
      await visit("4155550503", "2026-04-05T18:00:00Z", { [q.household]: 2_000_000 });
      await visit("4155550504", "2026-04-06T18:00:00Z", { [q.household]: 4 });
    } finally {
      locationId = saved;
    }
    const april = {
      from: "2026-04-01",
      to: "2026-04-30",
      locationId: place,
      timeZone: "UTC",
    } as const;
    const res = await site.admin.call((api) => api.reports.summary(april));
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(figuresOf(res.json, q.household)).toMatchObject({
      answered: 5,
      sum: 2_000_004,
      mean: 1_000_002,
    });
    const csv = await funderSummaryCsv(
      site.world.services.db.kysely,
      funderSummaryInput.parse(april),
    );
    expect(csv).not.toMatch(/Infinity|NaN|e\+/);
    expect(csv).toContain(",Answered,5,2000004,1000002");
  });

  it("follows a staff correction of a visit's answers", async () => {
    const place = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Corrected", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json.id;
    const saved = locationId;
    locationId = place;
    let id: number;
    try {
      id = await visit("4155550400", "2026-02-05T18:00:00Z", {
        [q.household]: 2,
        [q.zip]: "94110",
        [q.language]: "en",
      });
    } finally {
      locationId = saved;
    }
    const summary = async () =>
      (
        await site.admin.call((api) =>
          api.reports.summary({
            from: "2026-02-01",
            to: "2026-02-28",
            locationId: place,
            timeZone: "UTC",
          }),
        )
      ).json;
    expect(figuresOf(await summary(), q.household)).toMatchObject({ answered: 1, sum: 2 });
    const res = await site.admin.call((api) =>
      api.visits.update({ id, Answers: { [q.household]: 6, [q.language]: "es", [q.zip]: null } }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await summary();
    expect(figuresOf(after, q.household)).toMatchObject({ answered: 1, sum: 6 });
    expect(figuresOf(after, q.language)?.counts).toEqual([
      { value: "en", label: "English", count: 0 },
      { value: "es", label: "Spanish", count: 1 },
    ]);
    // The ZIP code taken off: nobody answered it there any more.
    expect(figuresOf(after, q.zip)).toBeUndefined();
    // Every answer taken off a visit not erased: nothing of it is counted any more.
    const emptied = await site.admin.call((api) =>
      api.visits.update({ id, Answers: { [q.household]: null, [q.language]: null } }),
    );
    expect(emptied.status, JSON.stringify(emptied.json)).toBe(200);
    expect(await keptOf(id)).toEqual({});
    expect((await summary()).questions).toEqual([]);
  });
});
