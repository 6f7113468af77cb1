import { beforeAll, describe, expect, it } from "vitest";
import {
  staffClient,
  tabletClient,
  useCatalogWorld,
  visitor,
  type CatalogWorld,
} from "../../test/fixtures.ts";
import { statementsOf } from "../../test/statements.ts";
import { visitCount } from "../../test/visit-rows.ts";
import type { Client } from "../../test/world.ts";
import { limits as serverLimits, type RateLimits } from "../kernel/rate-limit.ts";
import { hashToken } from "../kernel/tokens.ts";
import { createVisit } from "../visits/queries.ts";

/** The door: a location's code, the poster's link, and a visitor signing in and out on their own phone. */

const site = useCatalogWorld();
let staff: Client;
/** Main Street with its door open, and its current code. */
let code: string;
let addresses = 0;
/** A visitor's phone: an anonymous browser from an address of its own (each has its budget). */
const phone = (at: CatalogWorld = site) =>
  at.world.client(`10.1.${Math.floor(++addresses / 250)}.${addresses % 250}`);

/** A sign-in from a phone at a door, with a phone number of its own. */
const atDoor = (doorCode: string, programId: number, overrides: Record<string, unknown> = {}) => {
  const { LocationId: _, ...fields } = visitor(0, programId, overrides);
  return { code: doorCode, ...fields };
};

/** The visit a phone's secret keeps (a phone itself is never told its id). */
async function visitIdOf(visitToken: string): Promise<number> {
  const row = await site.world.services.db.kysely
    .selectFrom("door_visits")
    .select("visit_id")
    .where("token_hash", "=", hashToken(visitToken))
    .executeTakeFirstOrThrow();
  return row.visit_id;
}

async function openDoor(
  locationId: number,
  at: CatalogWorld = site,
  by: Client = staff,
): Promise<string> {
  const on = await at.admin.call((api) =>
    api.locations.update({ id: locationId, SelfSignIn: true }),
  );
  expect(on.status).toBe(200);
  const res = await by.call((api) => api.door.newCode({ id: locationId }));
  expect(res.status).toBe(201);
  return res.json.code;
}

beforeAll(async () => {
  staff = await staffClient(site.world);
  code = await openDoor(site.catalog.main.id);
});

describe("a location's door", () => {
  it("is closed until staff open it, and opening it makes a code", async () => {
    const res = await site.admin.call((api) =>
      api.locations.create({ Name: "Closed Door", ProgramIds: [site.catalog.jobs.id] }),
    );
    expect(res.json.SelfSignIn).toBe(false);
    const codes = () =>
      site.world.services.db.kysely
        .selectFrom("door_codes")
        .select("code")
        .where("location_id", "=", res.json.id)
        .execute();
    expect(await codes()).toEqual([]);
    await site.admin.call((api) => api.locations.update({ id: res.json.id, SelfSignIn: true }));
    const [made] = await codes();
    expect((await phone().call((api) => api.door.get({ code: made!.code }))).status).toBe(200);
  });

  it("gives staff a random code of at least 64 bits, and its link under BASE_URL/d/", async () => {
    const made = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const res = await staff.call((api) => api.door.newCode({ id: site.catalog.east.id }));
      expect(res.status).toBe(201);
      expect(res.json.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(res.json.code).not.toContain(String(site.catalog.east.id).padStart(3, "0"));
      expect(res.json.url).toBe(`http://signin.test/d/${res.json.code}`);
      made.add(res.json.code);
    }
    expect(made.size).toBe(5);
  });

  it("makes codes for staff only", async () => {
    expect(
      (await phone().call((api) => api.door.newCode({ id: site.catalog.main.id }))).status,
    ).toBe(401);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (await tablet.call((api) => api.door.newCode({ id: site.catalog.main.id }))).status,
    ).toBe(403);
    expect((await staff.call((api) => api.door.newCode({ id: 999_999 }))).status).toBe(404);
  });

  it("shows a phone the location, its programs and their questions, and nobody's visits", async () => {
    await tabletClient(site.world, site.catalog.main.id).then((tablet) =>
      tablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      ),
    );
    const res = await phone().call((api) => api.door.get({ code }));
    expect(res.status).toBe(200);
    expect(res.json.location).toMatchObject({
      id: site.catalog.main.id,
      Name: "Main Street",
      Address: "1 Main St",
      LogoUrl: null,
    });
    expect(res.json.programs.map((p: { Name: string }) => p.Name)).toEqual([
      "Tutoring",
      "Food Pantry",
    ]);
    expect(res.json.questions).toEqual([]);
    expect(JSON.stringify(res.json)).not.toMatch(/Grace|Hopper|415/);
  });

  it("answers 404 for an unknown code and 410 for a replaced one, which signs no one in", async () => {
    expect((await phone().call((api) => api.door.get({ code: "AAAAAAAAAAAAAAAA" }))).status).toBe(
      404,
    );
    expect((await phone().call((api) => api.door.get({ code: "not a code!" }))).status).toBe(422);
    const old = await openDoor(site.catalog.east.id);
    const fresh = (await staff.call((api) => api.door.newCode({ id: site.catalog.east.id }))).json
      .code;
    const before = await visitCount(site.world);
    const stale = await phone().call((api) => api.door.get({ code: old }));
    expect(stale.status).toBe(410);
    expect(stale.json.message).toBe("This poster is out of date — please ask a staff member");
    const signIn = await phone().call((api) => api.door.signIn(atDoor(old, site.catalog.jobs.id)));
    expect(signIn.status).toBe(410);
    expect(await visitCount(site.world)).toBe(before);
    expect((await phone().call((api) => api.door.get({ code: fresh }))).status).toBe(200);
  });

  it("is refused with a clear message when switched off or archived", async () => {
    const made = await site.admin.call((api) =>
      api.locations.create({
        Name: "Short Lived",
        ProgramIds: [site.catalog.jobs.id],
        SelfSignIn: true,
      }),
    );
    const doorCode = (await staff.call((api) => api.door.newCode({ id: made.json.id }))).json.code;
    // A visit keeps the location as history: removing it archives it.
    const kept = await phone().call((api) =>
      api.door.signIn(atDoor(doorCode, site.catalog.jobs.id)),
    );
    expect(kept.status).toBe(201);
    const before = await visitCount(site.world);
    await site.admin.call((api) => api.locations.update({ id: made.json.id, SelfSignIn: false }));
    const off = await phone().call((api) => api.door.get({ code: doorCode }));
    expect(off.status).toBe(403);
    expect(off.json.message).toMatch(/switched off here — please ask a staff member/);
    expect(
      (await phone().call((api) => api.door.signIn(atDoor(doorCode, site.catalog.jobs.id)))).status,
    ).toBe(403);
    // Turned on again, the same code works: the posters already up stay good.
    await site.admin.call((api) => api.locations.update({ id: made.json.id, SelfSignIn: true }));
    expect((await phone().call((api) => api.door.get({ code: doorCode }))).status).toBe(200);
    await site.admin.call((api) => api.locations.remove({ id: made.json.id }));
    expect((await phone().call((api) => api.door.get({ code: doorCode }))).status).toBe(403);
    expect(
      (await phone().call((api) => api.door.signIn(atDoor(doorCode, site.catalog.jobs.id)))).status,
    ).toBe(403);
    expect(await visitCount(site.world)).toBe(before);
  });
});

describe("signing in on one's own phone", () => {
  it("creates the visit from the phone (201) with its secret, kept only as a hash", async () => {
    const res = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.tutoring.id, { FirstName: "Rosa" })),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      FirstName: "Rosa",
      LastName: "Hopper",
      TimeOut: null,
      SignedInFrom: "phone",
      Location: { id: site.catalog.main.id, Name: "Main Street" },
      Program: { id: site.catalog.tutoring.id, Name: "Tutoring" },
    });
    expect(res.json).not.toHaveProperty("PhoneNumber");
    expect(res.json.visitToken).toMatch(/^[a-z0-9]{32}$/);
    const id = await visitIdOf(res.json.visitToken);
    const kept = await site.world.services.db.kysely
      .selectFrom("door_visits")
      .selectAll()
      .where("visit_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(kept.token_hash).not.toContain(res.json.visitToken);
    const seen = await staff.call((api) => api.visits.get({ id }));
    expect(seen.json).toMatchObject({ SignedInFrom: "phone", LocationId: site.catalog.main.id });
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "visit.sign_in")
      .where("subject_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor: "system", tablet_id: null, user_id: null });
    expect(audit.details).toEqual({ SignedInFrom: "phone" });
  });

  it("says where every visit was signed in from", async () => {
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    const byTablet = await tablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id)),
    );
    const byStaff = await staff.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id)),
    );
    expect(byTablet.json.SignedInFrom).toBe("tablet");
    expect(byStaff.json.SignedInFrom).toBe("staff");
    const report = await staff.call((api) =>
      api.visits.report({ locationId: site.catalog.main.id, page: 1 }),
    );
    const from = new Map(
      report.json.visits.map((v: { id: number; SignedInFrom: string }) => [v.id, v.SignedInFrom]),
    );
    expect(from.get(byTablet.json.id)).toBe("tablet");
    expect(from.get(byStaff.json.id)).toBe("staff");
  });

  it("validates like the tablet's form and writes nothing on failure", async () => {
    const before = await visitCount(site.world);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ PhoneNumber: "415-555-123" }, "PhoneNumber"],
      [{ FirstName: "   " }, "FirstName"],
      [{ ProgramId: site.catalog.jobs.id }, "ProgramId"],
    ];
    for (const [override, path] of cases) {
      const res = await phone().call((api) =>
        api.door.signIn(atDoor(code, site.catalog.tutoring.id, override) as never),
      );
      expect(res.status, path).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await visitCount(site.world)).toBe(before);
  });

  it("signs a proven phone in once at a location and program, naming nobody's visit", async () => {
    const first = atDoor(code, site.catalog.tutoring.id, { FirstName: "Ines" });
    const made = await phone().call((api) => api.door.signIn(first));
    expect(made.status).toBe(201);
    const again = await phone().call((api) =>
      api.door.signIn({ ...first, proof: made.json.visitToken }),
    );
    expect(again.status).toBe(409);
    expect(again.json).toEqual({
      status: 409,
      message: "This phone number is already signed in here",
      key: "alreadySignedIn",
      values: {},
    });
  });

  it("shows the phone its own visit, signed in, signed out by itself or by staff", async () => {
    const mine = phone();
    const made = await mine.call((api) => api.door.signIn(atDoor(code, site.catalog.tutoring.id)));
    const visitToken: string = made.json.visitToken;
    const read = await mine.call((api) => api.door.visit({ visitToken }));
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ id: made.json.id, TimeOut: null });
    const out = await mine.call((api) => api.door.signOut({ visitToken }));
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ SignedOutBy: "visitor" });
    expect(out.json.TimeOut).not.toBeNull();
    // A second sign-out keeps the first.
    const twice = await mine.call((api) => api.door.signOut({ visitToken }));
    expect(twice.json.TimeOut).toBe(out.json.TimeOut);

    const other = await mine.call((api) => api.door.signIn(atDoor(code, site.catalog.pantry.id)));
    await staff.call(async (api) =>
      api.visits.signOut({ id: await visitIdOf(other.json.visitToken) }),
    );
    const seen = await mine.call((api) => api.door.visit({ visitToken: other.json.visitToken }));
    expect(seen.json).toMatchObject({ SignedOutBy: "staff" });
    expect(seen.json.TimeOut).not.toBeNull();

    const unknown = "a".repeat(32);
    expect((await mine.call((api) => api.door.visit({ visitToken: unknown }))).status).toBe(404);
    expect((await mine.call((api) => api.door.signOut({ visitToken: unknown }))).status).toBe(404);
  });

  it("asks the program's required questions as a tablet does", async () => {
    const question = await site.admin.call((api) =>
      api.questions.create({
        Label: { en: "Household", es: "Hogar" },
        Kind: "number",
        Required: true,
        Min: 1,
        Max: 20,
        ProgramIds: [site.catalog.pantry.id],
      } as never),
    );
    expect(question.status).toBe(201);
    const door = await phone().call((api) => api.door.get({ code }));
    expect(door.json.questions.map((q: { id: number }) => q.id)).toEqual([question.json.id]);
    const missing = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.pantry.id)),
    );
    expect(missing.status).toBe(422);
    const wrong = await phone().call((api) =>
      api.door.signIn(
        atDoor(code, site.catalog.pantry.id, { Answers: { [question.json.id]: 99 } }),
      ),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors[0].path).toBe(`Answers.${question.json.id}`);
    const answered = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.pantry.id, { Answers: { [question.json.id]: 3 } })),
    );
    expect(answered.status).toBe(201);
    await site.admin.call((api) => api.questions.retire({ id: question.json.id }));
  });
});

describe("a door's code and a visit's secret, each checked by the statement that writes", () => {
  /** The statements one call sent that touch a table. */
  const touching = (statements: string[], table: string) =>
    statements.filter((statement) => statement.includes(`"${table}"`));

  it("signs a phone in with one statement that checks the code and writes the visit at its location", async () => {
    let made: { json: { Location: { id: number } } } | undefined;
    const statements = await statementsOf(
      site.world,
      async () =>
        (made = await phone().call((api) =>
          api.door.signIn(atDoor(code, site.catalog.tutoring.id)),
        )),
      201,
    );
    const inserts = statements.filter((statement) => /insert into "visits"/.test(statement));
    expect(inserts).toHaveLength(1);
    // No look-up of the code before: the insert is the only statement that reads it.
    expect(touching(statements, "door_codes")).toEqual(inserts);
    expect(made!.json.Location.id).toBe(site.catalog.main.id);
  });

  it("signs no one in with a code replaced after the phone's page checked it, however late", async () => {
    const old = await openDoor(site.catalog.east.id);
    const fields = atDoor(old, site.catalog.jobs.id);
    expect((await phone().call((api) => api.door.get({ code: old }))).status).toBe(200);
    await staff.call((api) => api.door.newCode({ id: site.catalog.east.id }));
    const before = await visitCount(site.world);
    // The statement itself, as the procedure sends it, with the code it was handed.
    const { code: _, PhoneNumber, ...visit } = fields;
    const writing = createVisit(
      site.world.services.db.kysely,
      {
        ...visit,
        // As the schema leaves it.
        PhoneNumber: PhoneNumber.replace(/\D/g, ""),
        LocationId: null,
        Answers: {},
        questionsRevision: null,
      },
      site.world.services.now(),
      { door: { code: old, visitTokenHash: hashToken("a".repeat(32)), unproven: false } },
    );
    await expect(writing).rejects.toMatchObject({
      status: 410,
      message: "This poster is out of date — please ask a staff member",
    });
    expect(await visitCount(site.world)).toBe(before);
    const kept = await site.world.services.db.kysely
      .selectFrom("door_visits")
      .select("visit_id")
      .where("token_hash", "=", hashToken("a".repeat(32)))
      .execute();
    expect(kept).toEqual([]);
  });

  it("signs a phone's visit out with one statement that finds it by the secret", async () => {
    const mine = phone();
    const made = await mine.call((api) => api.door.signIn(atDoor(code, site.catalog.pantry.id)));
    const visitToken: string = made.json.visitToken;
    let out: { json: { id: number; SignedOutBy: string } } | undefined;
    const statements = await statementsOf(
      site.world,
      async () => (out = await mine.call((api) => api.door.signOut({ visitToken }))),
      200,
    );
    const updates = statements.filter((statement) => /update "visits"/.test(statement));
    expect(updates).toHaveLength(1);
    // The secret is read by the statement that signs out, and by no statement before it.
    expect(touching(statements, "door_visits")).toEqual(updates);
    expect(out!.json).toMatchObject({ id: 0, SignedOutBy: "visitor" });
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select(["actor", "details"])
      .where("action", "=", "visit.sign_out")
      .where("subject_id", "=", await visitIdOf(visitToken))
      .execute();
    expect(audit).toEqual([{ actor: "system", details: { by: "visitor" } }]);
  });

  it("lets a visitor signed in from a poster since replaced sign out from their phone", async () => {
    const doorCode = await openDoor(site.catalog.east.id);
    const mine = phone();
    const made = await mine.call((api) => api.door.signIn(atDoor(doorCode, site.catalog.jobs.id)));
    expect(made.status).toBe(201);
    await staff.call((api) => api.door.newCode({ id: site.catalog.east.id }));
    const out = await mine.call((api) => api.door.signOut({ visitToken: made.json.visitToken }));
    expect(out.status).toBe(200);
    expect(out.json).toMatchObject({ id: made.json.id, SignedOutBy: "visitor" });
  });

  it("signs nothing out for a secret no visit has", async () => {
    const open = await site.world.services.db.kysely
      .selectFrom("visits")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("time_out", "is", null)
      .executeTakeFirstOrThrow();
    const res = await phone().call((api) => api.door.signOut({ visitToken: "b".repeat(32) }));
    expect(res.status).toBe(404);
    const after = await site.world.services.db.kysely
      .selectFrom("visits")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("time_out", "is", null)
      .executeTakeFirstOrThrow();
    expect(Number(after.count)).toBe(Number(open.count));
  });
});

describe("a returning visitor at the door", () => {
  it("gets their own names after their whole number, only from this location's visits", async () => {
    const number = "5105550142";
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    await tablet.call((api) =>
      api.visits.create(
        visitor(site.catalog.main.id, site.catalog.tutoring.id, {
          PhoneNumber: number,
          FirstName: "Lena",
        }),
      ),
    );
    const res = await phone().call((api) => api.door.lookUp({ code, phoneNumber: number }));
    expect(res.status).toBe(200);
    // Without the phone's proof, what the tablet's sheet shows anyone.
    expect(res.json).toEqual({
      FirstName: "Lena",
      LastName: "H",
      Answers: {},
      AnsweredAt: {},
      Proven: false,
    });
    expect(
      (await phone().call((api) => api.door.lookUp({ code, phoneNumber: "510555" }))).status,
    ).toBe(422);
    const eastCode = (await staff.call((api) => api.door.newCode({ id: site.catalog.east.id })))
      .json.code;
    expect(
      (await phone().call((api) => api.door.lookUp({ code: eastCode, phoneNumber: number })))
        .status,
    ).toBe(404);
  });
});

describe("a phone's proof that a number is its visitor's", () => {
  /** A question asked once per visitor at the pantry, its answer remembered by number. */
  let household: number;
  let tablet: Client;
  let numbers = 0;
  const newNumber = () => `510555${String(2000 + ++numbers)}`;
  beforeAll(async () => {
    tablet = await tabletClient(site.world, site.catalog.main.id);
    const made = await site.admin.call((api) =>
      api.questions.create({
        Label: { en: "People at home", es: "Personas en casa" },
        Kind: "number",
        Required: true,
        Min: 1,
        Max: 20,
        ProgramIds: [site.catalog.pantry.id],
        AskEvery: "visitor",
      } as never),
    );
    household = made.json.id;
  });

  /** Maria as the tablet signed her in (and out): her names and household remembered by number. */
  async function knownAtTablet(PhoneNumber: string, signOut = true) {
    const res = await tablet.call((api) =>
      api.visits.create(
        visitor(site.catalog.main.id, site.catalog.pantry.id, {
          PhoneNumber,
          FirstName: "Maria",
          LastName: "Lopez",
          Answers: { [household]: 4 },
        }),
      ),
    );
    expect(res.status).toBe(201);
    if (signOut) await tablet.call((api) => api.visits.signOut({ id: res.json.id }));
    return res.json.id as number;
  }

  it("without proof, a lookup gives the first name and last initial, and no answers, whatever secret is sent", async () => {
    const number = newNumber();
    await knownAtTablet(number);
    // Someone else's secret (a visit with another number) proves nothing of this one.
    const stranger = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.tutoring.id)),
    );
    expect(stranger.json.proves).toBe(true);
    for (const proof of [undefined, stranger.json.visitToken, "c".repeat(32)]) {
      const res = await phone().call((api) =>
        api.door.lookUp({ code, phoneNumber: number, ...(proof ? { proof } : {}) }),
      );
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        FirstName: "Maria",
        LastName: "L",
        Answers: {},
        AnsweredAt: {},
        Proven: false,
      });
    }
  });

  it("with the phone's own earlier secret, a lookup gives its visitor's names and remembered answers", async () => {
    const number = newNumber();
    const first = await phone().call((api) =>
      api.door.signIn(
        atDoor(code, site.catalog.pantry.id, {
          PhoneNumber: number,
          FirstName: "Amara",
          LastName: "Okafor",
          Answers: { [household]: 3 },
        }),
      ),
    );
    // The number's first visit: nobody's names or answers to read, so its secret proves it.
    expect(first.status).toBe(201);
    expect(first.json.proves).toBe(true);
    await phone().call((api) => api.door.signOut({ visitToken: first.json.visitToken }));
    const res = await phone().call((api) =>
      api.door.lookUp({ code, phoneNumber: number, proof: first.json.visitToken }),
    );
    expect(res.json).toMatchObject({
      FirstName: "Amara",
      LastName: "Okafor",
      Answers: { [household]: 3 },
      Proven: true,
    });
    // A sign-in with that proof is proven too, and its secret proves the phone in turn.
    const again = await phone().call((api) =>
      api.door.signIn(
        atDoor(code, site.catalog.pantry.id, {
          PhoneNumber: number,
          FirstName: "Amara",
          LastName: "Okafor",
          proof: first.json.visitToken,
        }),
      ),
    );
    expect(again.status).toBe(201);
    expect(again.json.proves).toBe(true);
  });

  it("answers a sign-in without proof the same whether or not that person is here now", async () => {
    const here = newNumber();
    const gone = newNumber();
    const open = await knownAtTablet(here, false);
    await knownAtTablet(gone);
    const answers = [];
    for (const number of [here, gone]) {
      const res = await phone().call((api) =>
        api.door.signIn(
          atDoor(code, site.catalog.pantry.id, {
            PhoneNumber: number,
            FirstName: "Mallory",
            LastName: "Probe",
            Answers: { [household]: 9 },
          }),
        ),
      );
      const { TimeIn: _, visitToken, ...rest } = res.json;
      expect(visitToken).toMatch(/^[a-z0-9]{32}$/);
      answers.push({ status: res.status, ...rest });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toMatchObject({ status: 201, id: 0, FirstName: "Mallory", proves: false });
    // Maria's own visit is untouched, and staff see both (the probe's kept, marked as unproven).
    const mine = await staff.call((api) => api.visits.get({ id: open }));
    expect(mine.json).toMatchObject({ FirstName: "Maria", TimeOut: null });
    const rows = await site.world.services.db.kysely
      .selectFrom("visits")
      .select(["first_name", "unproven"])
      .where("phone_number", "=", here)
      .where("time_out", "is", null)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { first_name: "Maria", unproven: false },
      { first_name: "Mallory", unproven: true },
    ]);
  });

  it("never replaces a number's remembered names and answers without proof, nor excuses its questions", async () => {
    const number = newNumber();
    await knownAtTablet(number);
    // Without proof the remembered answer excuses nothing: the phone was shown none.
    const unanswered = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.pantry.id, { PhoneNumber: number })),
    );
    expect(unanswered.status).toBe(422);
    expect(unanswered.json.errors.map((e: { path: string }) => e.path)).toEqual([
      `Answers.${household}`,
    ]);
    const probe = await phone().call((api) =>
      api.door.signIn(
        atDoor(code, site.catalog.pantry.id, {
          PhoneNumber: number,
          FirstName: "Mallory",
          LastName: "Probe",
          Answers: { [household]: 9 },
        }),
      ),
    );
    expect(probe.json.proves).toBe(false);
    const seen = await tablet.call((api) => api.visits.search({ phoneNumber: number }));
    expect(seen.json).toMatchObject({ FirstName: "Maria", Answers: { [household]: 4 } });
    const fromStaff = await staff.call((api) => api.visits.search({ phoneNumber: number }));
    expect(fromStaff.json).toMatchObject({
      FirstName: "Maria",
      LastName: "Lopez",
      Answers: { [household]: 4 },
    });
    // The probe's secret is no proof either: it reads what anyone may.
    const withProbe = await phone().call((api) =>
      api.door.lookUp({ code, phoneNumber: number, proof: probe.json.visitToken }),
    );
    expect(withProbe.json).toMatchObject({ FirstName: "Maria", LastName: "L", Proven: false });
    // Maria at the tablet is not refused as "already signed in" by the probe's open visit.
    const maria = await tablet.call((api) =>
      api.visits.create(
        visitor(site.catalog.main.id, site.catalog.pantry.id, { PhoneNumber: number }),
      ),
    );
    expect(maria.status).toBe(201);
  });

  it("a visitor forgotten by staff leaves no proof behind", async () => {
    const number = newNumber();
    const first = await phone().call((api) =>
      api.door.signIn(atDoor(code, site.catalog.tutoring.id, { PhoneNumber: number })),
    );
    expect(first.json.proves).toBe(true);
    await phone().call((api) => api.door.signOut({ visitToken: first.json.visitToken }));
    expect(
      (await site.admin.call((api) => api.visitors.forget({ phoneNumber: number }))).status,
    ).toBe(200);
    // The number comes back at the tablet; the old phone's secret reads nothing of it.
    await knownAtTablet(number);
    const res = await phone().call((api) =>
      api.door.lookUp({ code, phoneNumber: number, proof: first.json.visitToken }),
    );
    expect(res.json).toMatchObject({
      FirstName: "Maria",
      LastName: "L",
      Answers: {},
      Proven: false,
    });
  });

  it("never shows a phone a visit's id", async () => {
    const mine = phone();
    const made = await mine.call((api) => api.door.signIn(atDoor(code, site.catalog.tutoring.id)));
    const next = await mine.call((api) => api.door.signIn(atDoor(code, site.catalog.tutoring.id)));
    const { visitToken } = made.json;
    const read = await mine.call((api) => api.door.visit({ visitToken }));
    const out = await mine.call((api) => api.door.signOut({ visitToken }));
    for (const res of [made, next, read, out]) expect(res.json.id).toBe(0);
    const ids = [await visitIdOf(visitToken), await visitIdOf(next.json.visitToken)];
    for (const res of [made, next, read, out])
      for (const id of ids) expect(Object.values(res.json)).not.toContain(id);
  });
});

describe("the door's limits", () => {
  // A site of its own whose budgets a few calls spend (the server's windows): each test spends
  // one in a handful of calls, and the other tests' sign-ins spend none of them.
  const limits: RateLimits = {
    ...serverLimits,
    doorCallsPerAddress: { ...serverLimits.doorCallsPerAddress, max: 8 },
    doorSignInsPerCode: { ...serverLimits.doorSignInsPerCode, max: 12 },
    doorRefusalsPerAddressPerCode: { ...serverLimits.doorRefusalsPerAddressPerCode, max: 3 },
    doorLookupsPerAddressPerCode: { ...serverLimits.doorLookupsPerAddressPerCode, max: 3 },
    doorReadsPerVisit: { ...serverLimits.doorReadsPerVisit, max: 6 },
  };
  const limited = useCatalogWorld({ rateLimits: limits });
  let limitedStaff: Client;
  let limitedCode: string;
  beforeAll(async () => {
    limitedStaff = await staffClient(limited.world);
    limitedCode = await openDoor(limited.catalog.main.id, limited, limitedStaff);
  });

  it("limits each address's calls", async () => {
    const one = phone(limited);
    const statuses: number[] = [];
    for (let i = 0; i <= limits.doorCallsPerAddress.max; i++)
      statuses.push((await one.call((api) => api.door.get({ code: limitedCode }))).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limits.doorCallsPerAddress.max);
    const refused = await one.call((api) => api.door.get({ code: limitedCode }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers["Retry-After"])).toBeGreaterThan(0);
    // Another address is not held back by this one.
    expect((await phone(limited).call((api) => api.door.get({ code: limitedCode }))).status).toBe(
      200,
    );
  });

  it("limits a phone's reads of its own visit per visit, so a waiting room's phones behind one address each read theirs", async () => {
    const doorCode = await openDoor(limited.catalog.east.id, limited, limitedStaff);
    const waitingRoom = phone(limited);
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const signIn = await waitingRoom.call((api) =>
        api.door.signIn(atDoor(doorCode, limited.catalog.jobs.id)),
      );
      expect(signIn.status).toBe(201);
      tokens.push(signIn.json.visitToken);
    }
    // Both phones read theirs as often as a visit's budget allows: more than the address's.
    const reads = limits.doorReadsPerVisit.max;
    expect(tokens.length * reads).toBeGreaterThan(limits.doorCallsPerAddress.max);
    for (const visitToken of tokens)
      for (let i = 0; i < reads; i++)
        expect((await waitingRoom.call((api) => api.door.visit({ visitToken }))).status).toBe(200);
    // One read more is refused for that visit alone.
    const [first, second] = tokens as [string, string];
    expect((await waitingRoom.call((api) => api.door.visit({ visitToken: first }))).status).toBe(
      429,
    );
    // A secret that names no visit spends the address's budget, as other door calls do.
    const statuses: number[] = [];
    for (let i = 0; i < limits.doorCallsPerAddress.max; i++) {
      const unknown = "x".repeat(43);
      statuses.push(
        (await waitingRoom.call((api) => api.door.visit({ visitToken: unknown }))).status,
      );
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 429).every((s) => s === 404)).toBe(true);
    void second;
  });

  it("limits each code's sign-ins, from any address", async () => {
    const doorCode = await openDoor(limited.catalog.east.id, limited, limitedStaff);
    const sent = Array.from({ length: limits.doorSignInsPerCode.max + 1 }, () =>
      phone(limited).call((api) => api.door.signIn(atDoor(doorCode, limited.catalog.jobs.id))),
    );
    const statuses = (await Promise.all(sent)).map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limits.doorSignInsPerCode.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it("spends a code's sign-in budget only on the sign-ins it accepts: strangers' refused ones leave it whole", async () => {
    const doorCode = await openDoor(limited.catalog.east.id, limited, limitedStaff);
    // Eastside offers Job Help alone: a sign-in for Tutoring is refused (422) and writes nothing.
    const refused = () => atDoor(doorCode, limited.catalog.tutoring.id);
    const accepted = () => atDoor(doorCode, limited.catalog.jobs.id);
    const before = await visitCount(limited.world);
    // As many refusals as the code's whole budget, as many as each address may make.
    const each = limits.doorRefusalsPerAddressPerCode.max;
    for (let n = 0; n < limits.doorSignInsPerCode.max / each; n++) {
      const stranger = phone(limited);
      for (let i = 0; i < each; i++)
        expect((await stranger.call((api) => api.door.signIn(refused()))).status).toBe(422);
    }
    expect(await visitCount(limited.world)).toBe(before);
    // The code's budget is whole: a visitor signs in, and so do as many after them as it allows.
    const sent = Array.from({ length: limits.doorSignInsPerCode.max + 1 }, () =>
      phone(limited).call((api) => api.door.signIn(accepted())),
    );
    const statuses = (await Promise.all(sent)).map((res) => res.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(limits.doorSignInsPerCode.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
  });

  it("limits refused sign-ins per address and code: past them that address waits at that code, and no other address or limitedCode does", async () => {
    const doorCode = await openDoor(limited.catalog.east.id, limited, limitedStaff);
    const one = phone(limited);
    const refused = () => atDoor(doorCode, limited.catalog.tutoring.id);
    for (let i = 0; i < limits.doorRefusalsPerAddressPerCode.max; i++)
      expect((await one.call((api) => api.door.signIn(refused()))).status).toBe(422);
    const waits = await one.call((api) => api.door.signIn(refused()));
    expect(waits.status).toBe(429);
    expect(Number(waits.headers["Retry-After"])).toBeGreaterThan(0);
    // That address, even with a sign-in that would pass, waits at this code…
    expect(
      (await one.call((api) => api.door.signIn(atDoor(doorCode, limited.catalog.jobs.id)))).status,
    ).toBe(429);
    // …and not at another; nor does another address at this one.
    expect(
      (await one.call((api) => api.door.signIn(atDoor(limitedCode, limited.catalog.tutoring.id))))
        .status,
    ).toBe(201);
    expect(
      (
        await phone(limited).call((api) =>
          api.door.signIn(atDoor(doorCode, limited.catalog.jobs.id)),
        )
      ).status,
    ).toBe(201);
  });

  it("limits lookups per address and code: no number of addresses spends another's", async () => {
    const lookUp = (client: Client, doorCode: string) =>
      client.call((api) => api.door.lookUp({ code: doorCode, phoneNumber: "5105550000" }));
    const one = phone(limited);
    const statuses: number[] = [];
    for (let i = 0; i <= limits.doorLookupsPerAddressPerCode.max; i++)
      statuses.push((await lookUp(one, limitedCode)).status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(limits.doorLookupsPerAddressPerCode.max);
    expect(statuses.at(-1)).toBe(429);
    // Many addresses each spend their own: more lookups in all than one address may make, many times over.
    for (let n = 0; n < 7; n++) {
      const stranger = phone(limited);
      for (let i = 0; i < limits.doorLookupsPerAddressPerCode.max; i++)
        expect((await lookUp(stranger, limitedCode)).status).toBe(404);
    }
    expect((await lookUp(phone(limited), limitedCode)).status).toBe(404);
    // The limited address still looks up at another door.
    const eastCode = await openDoor(limited.catalog.east.id, limited, limitedStaff);
    expect((await lookUp(one, eastCode)).status).toBe(404);
  });
});
