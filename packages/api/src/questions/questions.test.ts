import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

/** Intake questions: an admin sets them up, staff and a location's tablets read them. */

const site = useCatalogWorld();
let staff: Client;
let mainTablet: Client;
beforeAll(async () => {
  staff = await staffClient(site.world);
  mainTablet = await tabletClient(site.world, site.catalog.main.id);
});

const label = (en: string, es = "") => ({ en, es });
type Listed = { id: number; Label: { en: string }; Position: number };

async function create(fields: Record<string, unknown>) {
  const res = await site.admin.call((api) =>
    api.questions.create({ Kind: "text", Label: label("Question"), ...fields } as never),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Listed & Record<string, unknown>;
}

async function listed(client: Client = staff, input: Record<string, unknown> = {}) {
  const res = await client.call((api) => api.questions.list(input));
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Listed[];
}

/** The live questions' labels in their order, and their positions 0, 1, 2… */
async function order() {
  const list = await listed();
  expect(list.map((question) => question.Position)).toEqual(list.map((_, i) => i));
  return list.map((question) => question.Label.en);
}

describe("setting questions up", () => {
  it("creates a question of each kind, with both languages and defaults for the rest", async () => {
    const household = await create({
      Kind: "number",
      Label: label(
        "How many people live in your household?",
        "¿Cuántas personas viven en su hogar?",
      ),
      Help: { en: "Count yourself", es: "Cuéntese usted" },
      Required: true,
      Min: 1,
      Max: 20,
      ProgramIds: [site.catalog.pantry.id],
      AskEvery: "visitor",
      ReaskAfterMonths: 6,
    });
    expect(household).toMatchObject({
      Kind: "number",
      Label: {
        en: "How many people live in your household?",
        es: "¿Cuántas personas viven en su hogar?",
      },
      Help: { en: "Count yourself", es: "Cuéntese usted" },
      Required: true,
      Choices: [],
      Min: 1,
      Max: 20,
      ProgramIds: [site.catalog.pantry.id],
      AskEvery: "visitor",
      ReaskAfterMonths: 6,
      RetiredAt: null,
    });
    for (const Kind of ["text", "yesno", "date", "zip", "consent"])
      expect(await create({ Kind, Label: label(`A ${Kind}`) })).toMatchObject({
        Kind,
        Label: { en: `A ${Kind}`, es: "" },
        Help: { en: "", es: "" },
        Required: false,
        Min: null,
        Max: null,
        ProgramIds: [],
        AskEvery: "visit",
        ReaskAfterMonths: null,
      });
    const grade = await create({
      Kind: "choice",
      Label: label("Grade", "Grado"),
      Choices: [{ id: "k", Label: label("Kindergarten", "Kínder") }, { Label: label("1st", "1º") }],
    });
    const choices = grade.Choices as Array<{ id: string; Label: { en: string } }>;
    expect(choices[0]).toEqual({ id: "k", Label: { en: "Kindergarten", es: "Kínder" } });
    expect(choices[1]!.id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it("refuses a question whose fields do not fit together, naming the field, and writes nothing", async () => {
    const before = (await listed()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ Kind: "choice" }, "Choices"],
      [{ Kind: "text", Choices: [{ Label: label("A") }] }, "Choices"],
      [
        {
          Kind: "choices",
          Choices: [
            { id: "a", Label: label("A") },
            { id: "a", Label: label("B") },
          ],
        },
        "Choices",
      ],
      [{ Kind: "text", Min: 1 }, "Min"],
      [{ Kind: "number", Min: 5, Max: 1 }, "Max"],
      [{ ReaskAfterMonths: 3 }, "ReaskAfterMonths"],
      [{ AskEvery: "visitor", ReaskAfterMonths: 0 }, "ReaskAfterMonths"],
      [{ Label: label("  ") }, "Label.en"],
      [{ Kind: "colour" }, "Kind"],
      [{ Required: "yes" }, "Required"],
      [{ Kind: "choice", Choices: [{ id: "no spaces", Label: label("A") }] }, "Choices.0.id"],
    ];
    for (const [fields, path] of cases) {
      const res = await site.admin.call((api) =>
        api.questions.create({ Kind: "text", Label: label("Q"), ...fields } as never),
      );
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(
        res.json.errors.map((e: { path: string }) => e.path),
        JSON.stringify(fields),
      ).toContain(path);
    }
    expect((await listed()).length).toBe(before);
  });

  it("refuses a program id that names no program (422 at its place in ProgramIds), on create and on change, and writes nothing", async () => {
    // An empty list means every program: an unknown id must not quietly become one.
    const gone = await site.admin.call((api) =>
      api.programs.create({ Name: "Gone", LocationIds: [] }),
    );
    expect(gone.status).toBe(201);
    expect((await site.admin.call((api) => api.programs.remove({ id: gone.json.id }))).status).toBe(
      200,
    );
    const before = (await listed()).length;
    for (const ProgramIds of [[999_999], [site.catalog.jobs.id, gone.json.id]]) {
      const res = await site.admin.call((api) =>
        api.questions.create({ Kind: "text", Label: label("Q"), ProgramIds } as never),
      );
      expect(res.status, JSON.stringify(ProgramIds)).toBe(422);
      expect(res.json.errors).toEqual([
        {
          path: `ProgramIds.${ProgramIds.length - 1}`,
          message: "No such program",
          key: "noSuchProgram",
          values: {},
        },
      ]);
    }
    expect((await listed()).length).toBe(before);

    const question = await create({ ProgramIds: [site.catalog.jobs.id] });
    const changed = await site.admin.call((api) =>
      api.questions.update({ id: question.id, ProgramIds: [site.catalog.pantry.id, 999_999] }),
    );
    expect(changed.status).toBe(422);
    expect(changed.json.errors).toEqual([
      { path: "ProgramIds.1", message: "No such program", key: "noSuchProgram", values: {} },
    ]);
    const kept = (await listed()).find((q) => q.id === question.id) as unknown as {
      ProgramIds: number[];
    };
    expect(kept.ProgramIds).toEqual([site.catalog.jobs.id]);
  });

  it("keeps a number's own Min and Max within -1,000,000,000 to 1,000,000,000, and a lone one on the default's side", async () => {
    const before = (await listed()).length;
    const widest = "Use a number from -1000000000 to 1000000000";
    const cases: Array<
      [Record<string, unknown>, { path: string; message: string; key?: string; values?: object }]
    > = [
      [{ Max: 1.7976931348623157e308 }, { path: "Max", message: widest }],
      [
        { Min: -1e10, Max: 10 },
        { path: "Min", message: widest },
      ],
      [
        { Min: 2_000_000 },
        {
          path: "Max",
          message: "Without a Max, answers stop at 1000000: set one too",
          key: "setMax",
          values: { max: 1000000 },
        },
      ],
      [
        { Max: -2_000_000 },
        {
          path: "Min",
          message: "Without a Min, answers start at -1000000: set one too",
          key: "setMin",
          values: { min: -1000000 },
        },
      ],
    ];
    for (const [fields, error] of cases) {
      const res = await site.admin.call((api) =>
        api.questions.create({ Kind: "number", Label: label("How many?"), ...fields } as never),
      );
      expect(res.status, JSON.stringify(fields)).toBe(422);
      // The bound's message's key is checked by the one that widens a question below.
      expect(res.json.errors, JSON.stringify(fields)).toMatchObject([error]);
    }
    expect((await listed()).length).toBe(before);

    const income = await create({ Kind: "number", Min: 0, Max: 1_000_000_000 });
    expect(income).toMatchObject({ Min: 0, Max: 1_000_000_000 });
    const widened = await site.admin.call((api) =>
      api.questions.update({ id: income.id, Max: 1e12 }),
    );
    expect(widened.status).toBe(422);
    expect(widened.json.errors).toEqual([
      {
        path: "Max",
        message: widest,
        key: "boundRange",
        values: { min: -1_000_000_000, max: 1_000_000_000 },
      },
    ]);
  });

  it("lets only admins write, and staff read", async () => {
    expect(
      (await staff.call((api) => api.questions.create({ Kind: "text", Label: label("No") })))
        .status,
    ).toBe(403);
    const question = await create({});
    expect(
      (await staff.call((api) => api.questions.update({ id: question.id, Required: true }))).status,
    ).toBe(403);
    expect((await staff.call((api) => api.questions.retire({ id: question.id }))).status).toBe(403);
    expect((await site.world.client().call((api) => api.questions.list({}))).status).toBe(401);
  });
});

describe("which questions a program, a location and a tablet get", () => {
  it("lists those a program asks, or any program of a location, every-program questions included", async () => {
    const everyone = await create({ Label: label("ZIP for all"), Kind: "zip" });
    const pantry = await create({
      Label: label("Pantry only"),
      ProgramIds: [site.catalog.pantry.id],
    });
    const jobs = await create({ Label: label("Jobs only"), ProgramIds: [site.catalog.jobs.id] });
    const ids = (list: Listed[]) => list.map((question) => question.id);

    const forPantry = ids(await listed(staff, { programId: site.catalog.pantry.id }));
    expect(forPantry).toEqual(expect.arrayContaining([everyone.id, pantry.id]));
    expect(forPantry).not.toContain(jobs.id);

    // Main Street offers Tutoring and the Food Pantry; Eastside Job Help.
    const atMain = ids(await listed(staff, { locationId: site.catalog.main.id }));
    expect(atMain).toEqual(expect.arrayContaining([everyone.id, pantry.id]));
    expect(atMain).not.toContain(jobs.id);
    const atEast = ids(await listed(staff, { locationId: site.catalog.east.id }));
    expect(atEast).toEqual(expect.arrayContaining([everyone.id, jobs.id]));
    expect(atEast).not.toContain(pantry.id);

    // A tablet gets its own location's, named or not, and no other location's.
    expect(ids(await listed(mainTablet))).toEqual(atMain);
    expect(ids(await listed(mainTablet, { locationId: site.catalog.main.id }))).toEqual(atMain);
    expect(
      (await mainTablet.call((api) => api.questions.list({ locationId: site.catalog.east.id })))
        .status,
    ).toBe(403);
  });

  it("lists, for a period, the questions asked during it: live ones, then those retired within or after it", async () => {
    const program = site.catalog.jobs.id;
    site.world.clock.fixed = new Date("2026-03-10T12:00:00Z");
    try {
      const kept = await create({ Label: label("Period kept"), ProgramIds: [program] });
      const retired = await create({ Label: label("Period retired"), ProgramIds: [program] });
      site.world.clock.fixed = new Date("2026-03-20T12:00:00Z");
      expect(
        (await site.admin.call((api) => api.questions.retire({ id: retired.id }))).status,
      ).toBe(200);
      const asked = async (from: string, to: string) =>
        (await listed(staff, { programId: program, asked: "period", from, to, timeZone: "UTC" }))
          .map((question) => question.id)
          .filter((id) => id === kept.id || id === retired.id);
      expect(await asked("2026-03-01", "2026-03-31")).toEqual([kept.id, retired.id]);
      // Retired before April; made after February.
      expect(await asked("2026-04-01", "2026-04-30")).toEqual([kept.id]);
      expect(await asked("2026-02-01", "2026-02-28")).toEqual([]);
      // Without a period: the live ones only.
      expect((await listed(staff, { programId: program })).map((q) => q.id)).toContain(kept.id);
      expect((await listed(staff, { programId: program })).map((q) => q.id)).not.toContain(
        retired.id,
      );
    } finally {
      site.world.clock.fixed = undefined;
    }
  });

  it("answers X-Total-Count with the whole list", async () => {
    const res = await staff.call((api) => api.questions.list({}));
    expect(res.headers["X-Total-Count"]).toBe(String(res.json.length));
  });
});

describe("changing, ordering and retiring", () => {
  it("changes only the fields sent, and checks the fields together as the change leaves them", async () => {
    const question = await create({
      Kind: "choices",
      Label: label("Languages", "Idiomas"),
      Choices: [
        { id: "en", Label: label("English") },
        { id: "es", Label: label("Spanish") },
      ],
    });
    const res = await site.admin.call((api) =>
      api.questions.update({
        id: question.id,
        Choices: [{ id: "es", Label: label("Spanish", "Español") }, { Label: label("Other") }],
        Required: true,
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      Kind: "choices",
      Label: { en: "Languages", es: "Idiomas" },
      Required: true,
    });
    expect(res.json.Choices[0]).toEqual({ id: "es", Label: { en: "Spanish", es: "Español" } });
    expect(res.json.Choices[1].id).not.toBe("en");

    // A text question has no choices: the change must take them away too.
    const refused = await site.admin.call((api) =>
      api.questions.update({ id: question.id, Kind: "text" }),
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      {
        path: "Choices",
        message: "Only a choice question has choices",
        key: "choicesOnlyForChoice",
        values: {},
      },
    ]);
    const changed = await site.admin.call((api) =>
      api.questions.update({ id: question.id, Kind: "text", Choices: [] }),
    );
    expect(changed.json).toMatchObject({ Kind: "text", Choices: [] });
    expect(
      (await site.admin.call((api) => api.questions.update({ id: 999_999, Required: true })))
        .status,
    ).toBe(404);
  });

  it("keeps the live questions numbered 0, 1, 2… as they are added, moved and retired", async () => {
    // Start from none, so the order read is this test's.
    for (const question of await listed())
      await site.admin.call((api) => api.questions.retire({ id: question.id }));
    const a = await create({ Label: label("A") });
    const b = await create({ Label: label("B") });
    const c = await create({ Label: label("C") });
    expect(await order()).toEqual(["A", "B", "C"]);
    await create({ Label: label("First"), Position: 0 });
    expect(await order()).toEqual(["First", "A", "B", "C"]);

    const moved = await site.admin.call((api) => api.questions.update({ id: c.id, Position: 1 }));
    expect(moved.json.Position).toBe(1);
    expect(await order()).toEqual(["First", "C", "A", "B"]);
    await site.admin.call((api) => api.questions.update({ id: a.id, Position: 99 }));
    expect(await order()).toEqual(["First", "C", "B", "A"]);

    const retired = await site.admin.call((api) => api.questions.retire({ id: b.id }));
    expect(retired.status).toBe(200);
    expect(retired.json.RetiredAt).toEqual(expect.any(String));
    expect(await order()).toEqual(["First", "C", "A"]);
  });

  it("retires rather than deletes: the question stays, is no longer listed and cannot be changed", async () => {
    const question = await create({ Label: label("Old question") });
    await site.admin.call((api) => api.questions.retire({ id: question.id }));
    expect((await listed()).map((q) => q.id)).not.toContain(question.id);
    const row = await site.world.services.db.kysely
      .selectFrom("questions")
      .select(["label", "retired_at"])
      .where("id", "=", question.id)
      .executeTakeFirstOrThrow();
    expect(row.label).toEqual({ en: "Old question", es: "" });
    expect(row.retired_at).not.toBeNull();
    expect(
      (await site.admin.call((api) => api.questions.update({ id: question.id, Required: true })))
        .status,
    ).toBe(404);
    expect((await site.admin.call((api) => api.questions.retire({ id: question.id }))).status).toBe(
      404,
    );
  });
});

describe("the audit log", () => {
  it("records who added, changed (naming the fields) and retired a question", async () => {
    const question = await create({ Label: label("Audited") });
    await site.admin.call((api) =>
      api.questions.update({
        id: question.id,
        Required: true,
        Label: label("Audited", "Auditada"),
      }),
    );
    // Sent as it is: nothing changed, nothing recorded.
    await site.admin.call((api) => api.questions.update({ id: question.id, Required: true }));
    await site.admin.call((api) => api.questions.retire({ id: question.id }));
    const rows = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select(["action", "actor", "subject_type", "details"])
      .where("subject_type", "=", "question")
      .where("subject_id", "=", question.id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      {
        action: "question.create",
        actor: "user",
        subject_type: "question",
        details: { label: "Audited" },
      },
      {
        action: "question.update",
        actor: "user",
        subject_type: "question",
        details: { label: "Audited", fields: ["Label", "Required"] },
      },
      {
        action: "question.retire",
        actor: "user",
        subject_type: "question",
        details: { label: "Audited" },
      },
    ]);
  });
});
