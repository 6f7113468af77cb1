import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { visitCount } from "../../test/visit-rows.ts";
import { statementsOf } from "../../test/statements.ts";
import type { Client } from "../../test/world.ts";

/**
 * Answers to the intake questions on a visit: given at sign-in (one statement from a tablet),
 * checked against their questions, remembered per visitor, corrected by staff, kept as asked.
 */

const site = useCatalogWorld();
let tablet: Client;
let staff: Client;
const q = {} as Record<"household" | "zip" | "consent" | "language" | "school", number>;

beforeAll(async () => {
  tablet = await tabletClient(site.world, site.catalog.main.id);
  staff = await staffClient(site.world);
  const pantry = [site.catalog.pantry.id];
  const questions = {
    household: { Kind: "number", Required: true, Min: 1, Max: 20, ProgramIds: pantry },
    // Asked of every program, and optional: the other programs' sign-ins stay as they were.
    zip: { Kind: "zip" },
    consent: { Kind: "consent", Required: true, ProgramIds: pantry },
    language: {
      Kind: "choice",
      Required: true,
      ProgramIds: pantry,
      Choices: [
        { id: "en", Label: { en: "English", es: "Inglés" } },
        { id: "es", Label: { en: "Spanish", es: "Español" } },
      ],
      AskEvery: "visitor",
      ReaskAfterMonths: 6,
    },
    school: { Kind: "text", ProgramIds: [site.catalog.tutoring.id] },
  };
  for (const [name, fields] of Object.entries(questions)) {
    const res = await site.admin.call((api) =>
      api.questions.create({ Label: { en: name, es: name }, ...fields } as never),
    );
    if (res.status !== 201) throw new Error(JSON.stringify(res.json));
    q[name as keyof typeof q] = res.json.id;
  }
});

const pantryVisitor = (answers: Record<string, unknown>, overrides: Record<string, unknown> = {}) =>
  visitor(site.catalog.main.id, site.catalog.pantry.id, { Answers: answers, ...overrides });
const fullAnswers = () => ({
  [q.household]: 3,
  [q.zip]: "94110",
  [q.consent]: true,
  [q.language]: "es",
});

const staffView = async (id: number) =>
  (await staff.call((api) => api.visits.get({ id }))).json as {
    Answers: Record<string, unknown>;
  };

describe("answers at sign-in", () => {
  it("are kept as checked (digits typed as a number) and answered to staff; a tablet sees none", async () => {
    const res = await tablet.call((api) =>
      api.visits.create(pantryVisitor({ ...fullAnswers(), [q.household]: " 4 " })),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.Answers).toEqual({});
    const sheet = await tablet.call((api) => api.visits.list({ locationId: site.catalog.main.id }));
    const listed = sheet.json.find((visit: { id: number }) => visit.id === res.json.id);
    expect(listed.Answers).toEqual({});
    expect((await staffView(res.json.id)).Answers).toEqual({
      [q.household]: 4,
      [q.zip]: "94110",
      [q.consent]: true,
      [q.language]: "es",
    });
    // The staff report's rows carry them, for its column per question.
    const report = await staff.call((api) =>
      api.visits.report({ programId: site.catalog.pantry.id }),
    );
    const row = report.json.visits.find((visit: { id: number }) => visit.id === res.json.id);
    expect(row.Answers).toMatchObject({ [q.household]: 4, [q.language]: "es" });
  });

  it("are one statement from a tablet, also after an admin changed a question", async () => {
    const signIn = () => tablet.call((api) => api.visits.create(pantryVisitor(fullAnswers())));
    await signIn();
    const statements = await statementsOf(site.world, signIn, 201);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "tablets"/);
    await site.admin.call((api) => api.questions.update({ id: q.household, Max: 12 }));
    const afterChange = await tablet.call((api) =>
      api.visits.create(pantryVisitor({ ...fullAnswers(), [q.household]: 15 })),
    );
    expect(afterChange.status).toBe(422);
    expect(afterChange.json.errors).toEqual([
      {
        path: `Answers.${q.household}`,
        message: "Must be at most 12",
        key: "answer.max",
        values: { limit: 12 },
      },
    ]);
    await site.admin.call((api) => api.questions.update({ id: q.household, Max: 20 }));
    expect((await signIn()).status).toBe(201);
  });

  it("are refused with their question's path, on any kind of mistake, and nothing is written", async () => {
    const before = await visitCount(site.world);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ [q.household]: "three" }, `Answers.${q.household}`, "Must be a number"],
      [{ [q.household]: 21 }, `Answers.${q.household}`, "Must be at most 20"],
      [{ [q.language]: "fr" }, `Answers.${q.language}`, "Pick one of the choices"],
      [{ [q.consent]: false }, `Answers.${q.consent}`, "Please agree to continue"],
      [{ [q.zip]: "9411" }, `Answers.${q.zip}`, "A ZIP code is 5 digits, or 5 and 4 (12345-6789)"],
      [{ [q.school]: "Lincoln" }, `Answers.${q.school}`, "This question is not asked here"],
      [{ 999999: "x" }, "Answers.999999", "This question is not asked here"],
    ];
    for (const [change, path, message] of cases) {
      const res = await tablet.call((api) =>
        api.visits.create(pantryVisitor({ ...fullAnswers(), ...change })),
      );
      expect(res.status, JSON.stringify(change)).toBe(422);
      expect(res.json.errors, JSON.stringify(change)).toMatchObject([{ path, message }]);
    }
    expect(await visitCount(site.world)).toBe(before);
  });

  it("must include every required answer: each missing one is named, with answers or without any", async () => {
    const before = await visitCount(site.world);
    const { [q.household]: _, ...withoutHousehold } = fullAnswers();
    const missing = await tablet.call((api) => api.visits.create(pantryVisitor(withoutHousehold)));
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([
      {
        path: `Answers.${q.household}`,
        message: "This is required!",
        key: "requiredField",
        values: {},
      },
    ]);
    // A client that knows nothing of questions, at a program that requires some.
    const none = await tablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id)),
    );
    expect(none.status).toBe(422);
    expect(none.json.errors.map((e: { path: string }) => e.path).sort()).toEqual(
      [`Answers.${q.consent}`, `Answers.${q.household}`, `Answers.${q.language}`].sort(),
    );
    expect(await visitCount(site.world)).toBe(before);
  });

  it("are not needed where no question is required: a sign-in without them works as before", async () => {
    const res = await tablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
    );
    expect(res.status).toBe(201);
    expect((await staffView(res.json.id)).Answers).toEqual({});
  });

  it("to a number with no bounds of its own stay within -1,000,000 to 1,000,000: the largest double is refused, and nothing is written", async () => {
    const created = await site.admin.call((api) =>
      api.questions.create({
        Kind: "number",
        Label: { en: "Nights", es: "Noches" },
        ProgramIds: [site.catalog.tutoring.id],
      }),
    );
    expect(created.status).toBe(201);
    const nights: number = created.json.id;
    try {
      const before = await visitCount(site.world);
      const tutoring = (value: unknown) =>
        tablet.call((api) =>
          api.visits.create(
            visitor(site.catalog.main.id, site.catalog.tutoring.id, {
              Answers: { [nights]: value },
            }),
          ),
        );
      for (const [value, message] of [
        [1.7976931348623157e308, "Must be at most 1000000"],
        ["1.7976931348623157e308", "Must be a number"],
        [-1_000_001, "Must be at least -1000000"],
      ] as const) {
        const refused = await tutoring(value);
        expect(refused.status, String(value)).toBe(422);
        expect(refused.json.errors, String(value)).toMatchObject([
          { path: `Answers.${nights}`, message },
        ]);
      }
      expect(await visitCount(site.world)).toBe(before);
      const kept = await tutoring(1_000_000);
      expect(kept.status).toBe(201);
      expect((await staffView(kept.json.id)).Answers).toEqual({ [nights]: 1_000_000 });
    } finally {
      await site.admin.call((api) => api.questions.retire({ id: nights }));
    }
  });
});

describe("remembered answers", () => {
  it("a visitor's recent answer excuses its question until it is due again", async () => {
    const PhoneNumber = "415-555-7001";
    const first = await staff.call((api) =>
      api.visits.create(pantryVisitor(fullAnswers(), { PhoneNumber })),
    );
    expect(first.status).toBe(201);
    await staff.call((api) => api.visits.signOut({ id: first.json.id }));
    const { [q.language]: _, ...withoutLanguage } = fullAnswers();
    const again = await tablet.call((api) =>
      api.visits.create(pantryVisitor(withoutLanguage, { PhoneNumber })),
    );
    expect(again.status, JSON.stringify(again.json)).toBe(201);
    await staff.call((api) => api.visits.signOut({ id: again.json.id }));
    // The returning-visitor lookup hands the form the remembered answer, and when it was given.
    const found = await tablet.call((api) => api.visits.search({ phoneNumber: PhoneNumber }));
    expect(found.json).toEqual({
      FirstName: "Grace",
      LastName: "Hopper",
      Answers: { [q.language]: "es" },
      AnsweredAt: { [q.language]: first.json.TimeIn },
      Household: null,
    });
    // Seven months on, the answer given six months ago or more is asked again.
    site.world.clock.offsetMs = 7 * 31 * 24 * 3600 * 1000;
    try {
      const later = await tablet.call((api) =>
        api.visits.create(pantryVisitor(withoutLanguage, { PhoneNumber })),
      );
      expect(later.status).toBe(422);
      expect(later.json.errors).toEqual([
        {
          path: `Answers.${q.language}`,
          message: "This is required!",
          key: "requiredField",
          values: {},
        },
      ]);
      const due = await tablet.call((api) => api.visits.search({ phoneNumber: PhoneNumber }));
      expect(due.json).toMatchObject({ Answers: {}, AnsweredAt: {} });
    } finally {
      site.world.clock.offsetMs = 0;
    }
  });

  it("are the visitor's own: another phone's are not theirs, and a forgotten visitor's are gone", async () => {
    const [mine, theirs] = ["415-555-7002", "415-555-7003"];
    const first = await staff.call((api) =>
      api.visits.create(pantryVisitor(fullAnswers(), { PhoneNumber: mine })),
    );
    expect(first.status).toBe(201);
    await staff.call((api) => api.visits.signOut({ id: first.json.id }));
    const { [q.language]: _, ...withoutLanguage } = fullAnswers();
    const withoutIt = (PhoneNumber: string) =>
      tablet.call((api) => api.visits.create(pantryVisitor(withoutLanguage, { PhoneNumber })));
    const remembered = async (phoneNumber: string) =>
      (await tablet.call((api) => api.visits.search({ phoneNumber }))).json?.Answers;
    expect(await remembered(mine)).toEqual({ [q.language]: "es" });
    expect(await remembered(theirs)).toBeUndefined();
    expect((await withoutIt(theirs)).status).toBe(422);

    const forgot = await site.admin.call((api) => api.visitors.forget({ phoneNumber: mine }));
    expect(forgot.json).toEqual({ erased: 1 });
    expect(await remembered(mine)).toBeUndefined();
    expect((await withoutIt(mine)).status).toBe(422);
  });
});

describe("answers after the fact", () => {
  it("keep the words their question had when answered", async () => {
    const visit = await tablet.call((api) => api.visits.create(pantryVisitor(fullAnswers())));
    await site.admin.call((api) =>
      api.questions.update({
        id: q.language,
        Label: { en: "Preferred language", es: "Idioma preferido" },
        Choices: [{ id: "es", Label: { en: "Spanish (Spain)", es: "Español" } }],
      }),
    );
    await site.admin.call((api) => api.questions.retire({ id: q.zip }));
    const row = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("answers")
      .where("id", "=", visit.json.id)
      .executeTakeFirstOrThrow();
    expect(row.answers[String(q.language)]).toEqual({
      value: "es",
      Label: { en: "language", es: "language" },
      Choices: [
        { id: "en", Label: { en: "English", es: "Inglés" } },
        { id: "es", Label: { en: "Spanish", es: "Español" } },
      ],
    });
    // The retired question's answer stays on the visit.
    expect((await staffView(visit.json.id)).Answers[q.zip]).toBe("94110");
  });

  it("are corrected by staff (blank removes one), checked as at sign-in, and logged as changed without their values", async () => {
    // The ZIP question was retired above: no longer asked.
    const { [q.zip]: _, ...answers } = fullAnswers();
    const visit = (await tablet.call((api) => api.visits.create(pantryVisitor(answers)))).json as {
      id: number;
    };
    const bad = await staff.call((api) =>
      api.visits.update({ id: visit.id, Answers: { [q.household]: 0 } }),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([
      {
        path: `Answers.${q.household}`,
        message: "Must be at least 1",
        key: "answer.min",
        values: { limit: 1 },
      },
    ]);
    const res = await staff.call((api) =>
      api.visits.update({ id: visit.id, Answers: { [q.household]: 5, [q.consent]: null } }),
    );
    expect(res.status).toBe(200);
    expect(res.json.Answers).toMatchObject({ [q.household]: 5, [q.language]: "es" });
    expect(res.json.Answers).not.toHaveProperty(String(q.consent));
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "visit.update")
      .where("subject_id", "=", visit.id)
      .execute();
    expect(audit.map((row) => row.details)).toEqual([{ fields: ["Answers"] }]);
    // The same answers again change nothing, and are not logged.
    await staff.call((api) => api.visits.update({ id: visit.id, Answers: { [q.household]: 5 } }));
    const rows = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "visit.update")
      .where("subject_id", "=", visit.id)
      .execute();
    expect(rows).toHaveLength(1);
  });
});
