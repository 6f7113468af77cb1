import type { Db } from "@vsi/db";
import { eachMigratedDatabase } from "@vsi/db/testing";
import { describe, expect, it } from "vitest";
import { HttpError } from "../kernel/errors.ts";
import { hashToken } from "../kernel/tokens.ts";
import { createVisit, signOutVisit, tabletSheet, type NewVisitFields } from "./queries.ts";
import type { TimeZone } from "../kernel/calendar.ts";

/**
 * A tablet's calls as their queries run them, on each kind of database: one statement checks the
 * tablet and does the work, so a tablet that is not live, or not of that location, writes nothing.
 */

const databases = eachMigratedDatabase();

const now = new Date("2026-03-02T15:00:00Z");
const utc = "UTC" as TimeZone;

/** Two locations offering one program, and a tablet at the first; the tablet's token hash. */
async function site(db: Db) {
  const kysely = db.kysely;
  const location = (name: string) =>
    kysely
      .insertInto("locations")
      .values({
        name,
        address: `${name} St`,
        auto_sign_out_time: null,
        max_stay_minutes: null,
        asks_temperature: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
  const [main, east] = [await location("Main"), await location("East")];
  const program = await kysely
    .insertInto("programs")
    .values({ name: "Tutoring" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await kysely
    .insertInto("location_programs")
    .values([
      { location_id: main.id, program_id: program.id, position: 0 },
      { location_id: east.id, program_id: program.id, position: 0 },
    ])
    .execute();
  const tokenHash = hashToken("a tablet's sheet token");
  const tablet = await kysely
    .insertInto("tablets")
    .values({ location_id: main.id, token_hash: tokenHash, created_by_user_id: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  let phones = 0;
  const visitor = (LocationId: number): NewVisitFields => ({
    FirstName: "Ada",
    LastName: "Lovelace",
    PhoneNumber: `41555501${String(++phones).padStart(2, "0")}`,
    Temperature: "98.6",
    LocationId,
    ProgramId: program.id,
    Answers: {},
    questionsRevision: null,
  });
  const revoke = () =>
    kysely.updateTable("tablets").set({ revoked_at: now }).where("id", "=", tablet.id).execute();
  const visitCount = async () =>
    Number(
      (
        await kysely
          .selectFrom("visits")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    kysely,
    main,
    east,
    program,
    tablet,
    writer: { tablet: tokenHash },
    visitor,
    revoke,
    visitCount,
  };
}

/** What a refusal says: its status and message. */
async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, said } = error as HttpError;
  return { status, ...said };
}

describe.each(Object.keys(databases))("a tablet's calls, on %s", (kind) => {
  it("sign in at the tablet's location with its audit row naming the tablet, list it, sign it out", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, main, program, tablet, writer, visitor } = await site(db);
    const visit = await createVisit(kysely, visitor(main.id), now, writer, "t:key-1");
    expect(visit).toMatchObject({ location_id: main.id, program_id: program.id, time_out: null });
    const sheet = await tabletSheet(kysely, writer.tablet, { timeZone: utc }, now);
    expect(sheet.tablet).toEqual({ tabletId: tablet.id, locationId: main.id });
    expect(sheet.visits.map((v) => v.id)).toEqual([visit.id]);
    const ended = await signOutVisit(kysely, visit.id, now, "visitor", writer, now);
    expect(ended?.signed_out_by).toBe("visitor");
    const audit = await kysely
      .selectFrom("audit_log")
      .select(["action", "actor", "tablet_id", "user_id", "subject_id"])
      .where("subject_type", "=", "visit")
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      {
        action: "visit.sign_in",
        actor: "tablet",
        tablet_id: tablet.id,
        user_id: null,
        subject_id: visit.id,
      },
      {
        action: "visit.sign_out",
        actor: "tablet",
        tablet_id: tablet.id,
        user_id: null,
        subject_id: visit.id,
      },
    ]);
    // Its sheet is empty again, and still says which tablet it is.
    expect(await tabletSheet(kysely, writer.tablet, { timeZone: utc }, now)).toEqual({
      tablet: { tabletId: tablet.id, locationId: main.id },
      visits: [],
    });
  });

  it("refuse another location's sign-in (403) and sign-out (no row), writing nothing", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, east, writer, visitor, visitCount } = await site(db);
    expect(await refusal(createVisit(kysely, visitor(east.id), now, writer))).toEqual({
      status: 403,
      message: "This tablet belongs to another location",
      key: "otherLocationTablet",
      values: {},
    });
    expect(await visitCount()).toBe(0);
    const staffs = await createVisit(kysely, visitor(east.id), now, { actor: { kind: "system" } });
    expect(await signOutVisit(kysely, staffs.id, now, "visitor", writer, now)).toBeUndefined();
    const row = await kysely
      .selectFrom("visits")
      .select("time_out")
      .where("id", "=", staffs.id)
      .executeTakeFirstOrThrow();
    expect(row.time_out).toBeNull();
  });

  it("refuse a disconnected tablet (401) from its next call: no sheet, no sign-in, no replay of a key, no sign-out", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, main, writer, visitor, revoke, visitCount } = await site(db);
    const fields = visitor(main.id);
    const first = await createVisit(kysely, fields, now, writer, "t:key-2");
    await revoke();
    expect(await tabletSheet(kysely, writer.tablet, { timeZone: utc }, now)).toEqual({
      visits: [],
    });
    const disconnected = {
      status: 401,
      message: "This tablet was disconnected",
      key: "tabletDisconnected",
      values: {},
    };
    expect(await refusal(createVisit(kysely, visitor(main.id), now, writer))).toEqual(disconnected);
    expect(await refusal(createVisit(kysely, fields, now, writer, "t:key-2"))).toEqual(
      disconnected,
    );
    expect(await visitCount()).toBe(1);
    expect(await signOutVisit(kysely, first.id, now, "visitor", writer, now)).toBeUndefined();
  });
});
