import { sql } from "@vsi/db";
import { defaultDatabaseKind } from "@vsi/db/testing";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { statementsOf } from "../../test/statements.ts";
import type { Client } from "../../test/world.ts";

/**
 * A program's visit limit: a household's sign-in past it is kept, waiting for staff, who approve
 * or decline it with a reason. Periods are the location's (Los Angeles here), clock changes too.
 */

const site = useCatalogWorld();
let staff: Client;
let first: number;
let second: number;

const newPhone = () => visitor(0, 0).PhoneNumber.replace(/\D/g, "");
const fieldErrors = (json: { errors?: Array<{ path: string; key: string }> }) =>
  (json.errors ?? []).map((error) => [error.path, error.key]);

async function place(Name: string) {
  const res = await site.admin.call((api) =>
    api.locations.create({ Name, ProgramIds: [], TimeZone: "America/Los_Angeles" }),
  );
  expect(res.status).toBe(201);
  return res.json.id as number;
}

async function limited(VisitLimit: Record<string, unknown> | null, LocationIds = [first]) {
  const res = await site.admin.call((api) =>
    api.programs.create({
      Name: `Limited ${newPhone()}`,
      LocationIds,
      SignsInHousehold: true,
      VisitLimit: VisitLimit as never,
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

/** A sign-in with the API's clock stopped at `when`, signed out at once so the next may come. */
async function visitAt(
  when: string,
  programId: number,
  PhoneNumber: string,
  { locationId = first, ...fields }: Record<string, unknown> & { locationId?: number } = {},
) {
  site.world.clock.fixed = new Date(when);
  const res = await staff.call((api) =>
    api.visits.create(visitor(locationId, programId, { PhoneNumber, ...fields }) as never),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  await staff.call((api) => api.visits.signOut({ id: res.json.id }));
  return res.json as { id: number; Eligibility: string; HouseholdId: number };
}

beforeAll(async () => {
  staff = await staffClient(site.world);
  first = await place("Limited First");
  second = await place("Limited Second");
});
afterEach(() => void (site.world.clock.fixed = undefined));

describe("a visit limit", () => {
  it("per calendar month in the location's zone: the month's second visit waits, the next month's does not", async () => {
    const program = await limited({ count: 1, per: "month" });
    const phone = newPhone();
    expect((await visitAt("2026-03-15T18:00:00Z", program, phone)).Eligibility).toBe("ok");
    // 31 March, 23:30 in Los Angeles: still March there.
    expect((await visitAt("2026-04-01T06:30:00Z", program, phone)).Eligibility).toBe("waiting");
    // 1 April, 01:00 there: a new month.
    expect((await visitAt("2026-04-01T08:00:00Z", program, phone)).Eligibility).toBe("ok");
    expect((await visitAt("2026-04-20T18:00:00Z", program, phone)).Eligibility).toBe("waiting");
  });

  it("per week from Monday, across the spring clock change", async () => {
    const program = await limited({ count: 1, per: "week" });
    const phone = newPhone();
    expect((await visitAt("2026-03-02T17:00:00Z", program, phone)).Eligibility).toBe("ok");
    // Sunday 8 March, 23:30 daylight time: the clocks went forward that morning, same week.
    expect((await visitAt("2026-03-09T06:30:00Z", program, phone)).Eligibility).toBe("waiting");
    // Monday 9 March, 00:30: the next week.
    expect((await visitAt("2026-03-09T07:30:00Z", program, phone)).Eligibility).toBe("ok");
  });

  it("per rolling days: counts the visits within that many days of this one", async () => {
    const program = await limited({ count: 2, per: "days", days: 7 });
    const phone = newPhone();
    expect((await visitAt("2026-05-01T18:00:00Z", program, phone)).Eligibility).toBe("ok");
    expect((await visitAt("2026-05-03T18:00:00Z", program, phone)).Eligibility).toBe("ok");
    expect((await visitAt("2026-05-07T18:00:00Z", program, phone)).Eligibility).toBe("waiting");
    // Seven days and an hour after the first: only the one of 3 May is within the week.
    expect((await visitAt("2026-05-08T19:00:00Z", program, phone)).Eligibility).toBe("ok");
  });

  it("counts the visits at this location alone, unless it is across locations", async () => {
    const here = await limited({ count: 1, per: "month" }, [first, second]);
    const anywhere = await limited({ count: 1, per: "month", acrossLocations: true }, [
      first,
      second,
    ]);
    const phone = newPhone();
    expect((await visitAt("2026-07-02T18:00:00Z", here, phone)).Eligibility).toBe("ok");
    expect(
      (await visitAt("2026-07-03T18:00:00Z", here, phone, { locationId: second })).Eligibility,
    ).toBe("ok");
    expect((await visitAt("2026-07-04T18:00:00Z", anywhere, phone)).Eligibility).toBe("ok");
    expect(
      (await visitAt("2026-07-05T18:00:00Z", anywhere, phone, { locationId: second })).Eligibility,
    ).toBe("waiting");
  });

  it("counts a visit an offline tablet sends late in the period it happened", async () => {
    const program = await limited({ count: 1, per: "month" });
    const phone = newPhone();
    expect((await visitAt("2026-05-20T18:00:00Z", program, phone)).Eligibility).toBe("ok");
    // Sent on 1 June (05:00 there), made on 31 May: May's second.
    const late = await visitAt("2026-06-01T12:00:00Z", program, phone, {
      TimeIn: "2026-05-31T20:00:00Z",
    });
    expect(late.Eligibility).toBe("waiting");
    expect((await visitAt("2026-06-01T12:05:00Z", program, phone)).Eligibility).toBe("ok");
  });

  it("lets one of two sign-ins of one household at once pass a limit of one, and keeps the other waiting", async () => {
    const program = await limited({ count: 1, per: "month" });
    const phones = [newPhone(), newPhone()];
    const household = await staff.call((api) =>
      api.households.create({
        Members: phones.map((PhoneNumber, n) => ({ FirstName: `Racer ${n}`, PhoneNumber })),
      }),
    );
    site.world.clock.fixed = new Date("2026-10-05T18:00:00Z");
    const signIns = () =>
      phones.map((PhoneNumber) =>
        staff.call((api) => api.visits.create(visitor(first, program, { PhoneNumber }) as never)),
      );
    // PGlite runs one statement at a time. On the server, the household's row is held so that
    // both sign-ins are in flight together, each waiting (on the row, or on the other) before it
    // commits.
    const answers = await Promise.all(
      defaultDatabaseKind() === "pglite"
        ? signIns()
        : await site.world.services.db.kysely.transaction().execute(async (trx) => {
            await sql`select 1 from households where id = ${household.json.id} for update`.execute(
              trx,
            );
            const racing = signIns();
            for (;;) {
              const { rows } = await sql<{ n: number }>`
                select count(*)::int as n from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock'`.execute(
                site.world.services.db.kysely,
              );
              if (rows[0]!.n >= 2) break;
              await new Promise((resolve) => setTimeout(resolve, 20));
            }
            return racing;
          }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers.map((answer) => answer.json.Eligibility).sort()).toEqual(["ok", "waiting"]);
  });

  it("leaves a program that signs in one person alone, and a program without a limit", async () => {
    const noLimit = await limited(null);
    const phone = newPhone();
    for (const when of ["2026-08-01T18:00:00Z", "2026-08-02T18:00:00Z"])
      expect((await visitAt(when, noLimit, phone)).Eligibility).toBe("ok");
    const person = await site.admin.call((api) =>
      api.programs.create({
        Name: `One person ${newPhone()}`,
        LocationIds: [first],
        VisitLimit: { count: 1, per: "month" } as never,
      }),
    );
    for (const when of ["2026-08-03T18:00:00Z", "2026-08-04T18:00:00Z"])
      expect((await visitAt(when, person.json.id, phone)).Eligibility).toBe("ok");
  });

  it("is an admin's to set on a program: each field's problem named, days only for days, null to take it off", async () => {
    const refused = async (VisitLimit: unknown) =>
      fieldErrors(
        (
          await site.admin.call((api) =>
            api.programs.create({ Name: `Bad ${newPhone()}`, VisitLimit: VisitLimit as never }),
          )
        ).json,
      );
    expect(await refused({ count: 0, per: "month" })).toEqual([
      ["VisitLimit.count", "visitLimitCount"],
    ]);
    expect(await refused({ count: 1, per: "year" })).toEqual([["VisitLimit.per", "visitLimitPer"]]);
    expect(await refused({ count: 1, per: "days" })).toEqual([
      ["VisitLimit.days", "visitLimitDays"],
    ]);
    const program = await limited({ count: 2, per: "month", days: 9 });
    const got = await site.admin.call((api) => api.programs.get({ id: program }));
    expect(got.json.VisitLimit).toEqual({
      count: 2,
      per: "month",
      days: null,
      acrossLocations: false,
    });
    const off = await site.admin.call((api) =>
      api.programs.update({ id: program, VisitLimit: null }),
    );
    expect(off.json.VisitLimit).toBeNull();
  });
});

describe("staff's decision on a waiting visit", () => {
  it("approves or declines it once, with a reason, recorded without the reason; an approved visit counts, a declined one does not", async () => {
    // Rolling days: which visits count then decides what a later one is.
    const program = await limited({ count: 1, per: "days", days: 7 });
    const phone = newPhone();
    await visitAt("2026-09-01T18:00:00Z", program, phone);
    const waiting = await visitAt("2026-09-06T18:00:00Z", program, phone);
    expect(waiting.Eligibility).toBe("waiting");

    const blank = await staff.call((api) => api.visits.approve({ id: waiting.id, reason: " " }));
    expect(fieldErrors(blank.json)).toEqual([["reason", "required"]]);
    const approved = await staff.call((api) =>
      api.visits.approve({ id: waiting.id, reason: "Fire at home: emergency box" }),
    );
    expect(approved.status).toBe(200);
    expect(approved.json.Eligibility).toBe("approved");
    const again = await staff.call((api) => api.visits.decline({ id: waiting.id, reason: "No" }));
    expect(again.status).toBe(409);
    expect(again.json.key).toBe("notWaiting");
    const row = await site.world.services.db.kysely
      .selectFrom("visits")
      .select(["eligibility_reason", "eligibility_decided_at"])
      .where("id", "=", waiting.id)
      .executeTakeFirstOrThrow();
    expect(row.eligibility_reason).toBe("Fire at home: emergency box");
    const logged = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_id", "=", waiting.id)
      .where("action", "in", ["visit.approve", "visit.decline"])
      .execute();
    expect(logged).toEqual([{ action: "visit.approve", details: {} }]);

    // Nine days after the first, four after the approved one: that one counts.
    const third = await visitAt("2026-09-10T18:00:00Z", program, phone);
    expect(third.Eligibility).toBe("waiting");
    const declined = await staff.call((api) =>
      api.visits.decline({ id: third.id, reason: "Came on Sunday" }),
    );
    expect(declined.json.Eligibility).toBe("declined");
    // Eight days after the approved one, four after the declined one: none counts.
    expect((await visitAt("2026-09-14T18:00:00Z", program, phone)).Eligibility).toBe("ok");
  });

  it("refuses a visit within its limit (409) and one that does not exist (404)", async () => {
    const program = await limited({ count: 1, per: "month" });
    const ok = await visitAt("2026-11-01T18:00:00Z", program, newPhone());
    expect((await staff.call((api) => api.visits.approve({ id: ok.id, reason: "x" }))).status).toBe(
      409,
    );
    expect(
      (await staff.call((api) => api.visits.decline({ id: 999_999, reason: "x" }))).status,
    ).toBe(404);
  });

  it("keeps a tablet's limited sign-in one statement", async () => {
    const program = await limited({ count: 1, per: "month" });
    const tablet = await tabletClient(site.world, first);
    const statements = await statementsOf(
      site.world,
      () => tablet.call((api) => api.visits.create(visitor(first, program))),
      201,
    );
    expect(statements).toHaveLength(1);
  });
});
