import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { drawOrder } from "./draw.ts";
import { doorVisitView } from "../door/queries.ts";
import { drawDueLotteries, placesAhead } from "./queries.ts";
import { funderSummaryCsv } from "../reports/funder-summary-csv.ts";
import { funderSummaryInput } from "../reports/funder-summary-schema.ts";

/**
 * The line: numbers by arrival per location and local day, a lottery drawn again from its seed,
 * staff calling (two at once call two people), and the screen that shows numbers, never names.
 */

const site = useCatalogWorld();
let staff: Client;

afterEach(() => void (site.world.clock.fixed = undefined));

/** A location in Los Angeles with its line as given, offering the pantry (and any others given). */
async function place(
  Queue: "off" | "arrival" | "lottery",
  LotteryAt: string | null = null,
  programIds: number[] = [],
) {
  const res = await site.admin.call((api) =>
    api.locations.create({
      Name: `Line ${Queue} ${Math.random()}`,
      ProgramIds: [site.catalog.pantry.id, ...programIds],
      TimeZone: "America/Los_Angeles",
      Queue,
      LotteryAt,
    }),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id as number;
}

/** A sign-in at `when` (the API's clock stopped there). */
async function signIn(locationId: number, when: string, by: Client = staff) {
  site.world.clock.fixed = new Date(when);
  const res = await by.call((api) =>
    api.visits.create(visitor(locationId, site.catalog.pantry.id)),
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; QueueNumber: number | null };
}

const auditCount = async () =>
  Number(
    (
      await site.world.services.db.kysely
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  staff = await staffClient(site.world);
});

describe("numbers", () => {
  it("count up by arrival and start again at midnight in the location's zone; none when the queue is off", async () => {
    const line = await place("arrival");
    const off = await place("off");
    // 23:58 and 23:59 on 2 March in Los Angeles (07:58Z, 07:59Z on the 3rd).
    expect((await signIn(line, "2026-03-03T07:58:00Z")).QueueNumber).toBe(1);
    expect((await signIn(line, "2026-03-03T07:59:00Z")).QueueNumber).toBe(2);
    // 00:01 on 3 March there: a new day.
    expect((await signIn(line, "2026-03-03T08:01:00Z")).QueueNumber).toBe(1);
    expect((await signIn(off, "2026-03-03T08:02:00Z")).QueueNumber).toBeNull();
  });

  it("are never given twice when many sign in at once", async () => {
    const line = await place("arrival");
    site.world.clock.fixed = new Date("2026-03-04T18:00:00Z");
    const replies = await Promise.all(
      Array.from({ length: 12 }, () =>
        staff.call((api) => api.visits.create(visitor(line, site.catalog.pantry.id))),
      ),
    );
    const numbers = replies.map((reply) => reply.json.QueueNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
  });

  it("are not taken by a sign-in that is refused", async () => {
    const line = await place("arrival");
    site.world.clock.fixed = new Date("2026-03-05T18:00:00Z");
    const first = visitor(line, site.catalog.pantry.id);
    expect((await staff.call((api) => api.visits.create(first as never))).json.QueueNumber).toBe(1);
    // The same phone again while signed in: 409, after the statement took a number it gave back.
    const again = await staff.call((api) => api.visits.create(first as never));
    expect(again.status).toBe(409);
    expect((await signIn(line, "2026-03-05T18:01:00Z")).QueueNumber).toBe(2);
  });
});

describe("a program's own line", () => {
  it("numbers its visits apart, each line from 1 with none given twice at once; places ahead are counted in the line; call-next calls within a program; the screen, the visit and the phone say each line", async () => {
    const made = await site.admin.call((api) =>
      api.programs.create({ Name: `Clothing ${Math.random()}`, OwnQueue: true }),
    );
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const clothing = made.json as { id: number; Name: string; OwnQueue: boolean };
    expect(clothing.OwnQueue).toBe(true);
    const line = await place("arrival", null, [clothing.id]);
    site.world.clock.fixed = new Date("2026-03-15T18:00:00Z");
    const programOf = (i: number) => (i % 2 ? clothing.id : site.catalog.pantry.id);
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        staff.call((api) => api.visits.create(visitor(line, programOf(i)))),
      ),
    );
    const numbersOf = (programId: number) =>
      replies
        .filter((reply) => reply.json.ProgramId === programId)
        .map((reply) => reply.json.QueueNumber as number)
        .sort((a, b) => a - b);
    expect(numbersOf(site.catalog.pantry.id)).toEqual([1, 2, 3, 4]);
    expect(numbersOf(clothing.id)).toEqual([1, 2, 3, 4]);
    // Each visit says its line, for the tablet to name it: the program's own, or null (shared).
    for (const reply of replies)
      expect(reply.json.QueueLine).toBe(reply.json.ProgramId === clothing.id ? clothing.id : null);

    const called = await staff.call((api) =>
      api.queue.callNext({ id: line, desk: "C", programId: clothing.id }),
    );
    expect(called.json).toMatchObject({ ProgramId: clothing.id, QueueNumber: 1, CalledTo: "C" });
    const queue = (await staff.call((api) => api.queue.get({ id: line }))).json;
    const ownLine = { id: clothing.id, Name: clothing.Name, NameEs: null };
    expect(queue.serving).toEqual([
      { number: 1, desk: "C", visitId: called.json.id, line: ownLine },
    ]);
    // A phone's places ahead are its own line's: clothing 2 and 3, none of the pantry's four.
    const lastInClothing = replies.find(
      (reply) => reply.json.ProgramId === clothing.id && reply.json.QueueNumber === 4,
    )!;
    expect(
      await placesAhead(
        site.world.services.db.kysely,
        lastInClothing.json.id,
        site.world.clock.fixed,
      ),
    ).toBe(2);
    // The phone's own visit, as its stream sends it, counts the same in its one read; the called
    // visit waits no more.
    const db = site.world.services.db.kysely;
    expect(
      (await doorVisitView(db, lastInClothing.json.id, site.world.clock.fixed)).PlacesAhead,
    ).toBe(2);
    expect(await doorVisitView(db, called.json.id, site.world.clock.fixed)).toMatchObject({
      PlacesAhead: null,
      CalledTo: "C",
    });
    const { code } = (await staff.call((api) => api.queue.createScreen({ id: line }))).json;
    const shown = await site.world.client().call((api) => api.queue.screen({ code }));
    expect(shown.json.serving).toEqual([{ number: 1, desk: "C", line: ownLine }]);
    expect(shown.json.waitingLines).toEqual([
      { line: null, numbers: [1, 2, 3, 4] },
      { line: ownLine, numbers: [2, 3, 4] },
    ]);

    // The visitor's phone is told the line too, and that the location has several.
    await site.admin.call((api) => api.locations.update({ id: line, SelfSignIn: true }));
    const door = (await staff.call((api) => api.door.newCode({ id: line }))).json;
    const { LocationId: _, ...fields } = visitor(0, clothing.id);
    const phone = site.world.client("10.9.0.2");
    const fromPhone = await phone.call((api) => api.door.signIn({ code: door.code, ...fields }));
    expect(fromPhone.json).toMatchObject({
      QueueNumber: 5,
      QueueLine: clothing.id,
      SeveralLines: true,
    });
  });
});

describe("calling", () => {
  it("calls in order, two staff at once call two different people, then 409 when nobody waits", async () => {
    const line = await place("arrival");
    const a = await signIn(line, "2026-03-06T18:00:00Z");
    const b = await signIn(line, "2026-03-06T18:01:00Z");
    const c = await signIn(line, "2026-03-06T18:02:00Z");
    const other = await staffClient(site.world);
    const first = await staff.call((api) => api.queue.callNext({ id: line, desk: "1" }));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ id: a.id, QueueNumber: 1, CalledTo: "1" });
    const both = await Promise.all([
      staff.call((api) => api.queue.callNext({ id: line, desk: "2" })),
      other.call((api) => api.queue.callNext({ id: line, desk: "3" })),
    ]);
    expect(both.map((reply) => reply.status)).toEqual([200, 200]);
    expect(both.map((reply) => reply.json.id as number).sort()).toEqual([b.id, c.id].sort());
    const before = await auditCount();
    const none = await staff.call((api) => api.queue.callNext({ id: line, desk: "1" }));
    expect(none.status).toBe(409);
    expect(none.json.key).toBe("queue.nobodyWaiting");
    expect(await auditCount()).toBe(before);

    const queue = await staff.call((api) => api.queue.get({ id: line }));
    expect(queue.json.waiting).toEqual([]);
    expect(queue.json.serving).toHaveLength(3);
  });

  it("calls a number, marks it served or not present, and refuses each step out of turn with nothing written", async () => {
    const line = await place("arrival");
    const a = await signIn(line, "2026-03-07T18:00:00Z");
    const b = await signIn(line, "2026-03-07T18:01:00Z");
    const before = await auditCount();
    const notCalled = await staff.call((api) => api.queue.served({ id: a.id }));
    expect(notCalled.status).toBe(409);
    expect(notCalled.json.key).toBe("queue.notCalled");
    expect(await auditCount()).toBe(before);

    const called = await staff.call((api) => api.queue.callNumber({ id: b.id, desk: "Desk B" }));
    expect(called.json).toMatchObject({ CalledTo: "Desk B", ServedAt: null });
    expect((await staff.call((api) => api.queue.callNumber({ id: b.id, desk: "2" }))).status).toBe(
      409,
    );
    const queue = await staff.call((api) => api.queue.get({ id: line }));
    expect(queue.json).toEqual({
      serving: [{ number: 2, desk: "Desk B", visitId: b.id, line: null }],
      waiting: [{ number: 1, visitId: a.id, line: null }],
    });
    const served = await staff.call((api) => api.queue.served({ id: b.id }));
    expect(served.status).toBe(200);
    expect(served.json.ServedAt).toBe("2026-03-07T18:01:00.000Z");
    expect((await staff.call((api) => api.queue.noShow({ id: b.id }))).status).toBe(409);

    await staff.call((api) => api.queue.callNumber({ id: a.id, desk: "1" }));
    expect(
      (await staff.call((api) => api.queue.noShow({ id: a.id }))).json.NoShowAt,
    ).not.toBeNull();
    expect((await staff.call((api) => api.queue.get({ id: line }))).json).toEqual({
      serving: [],
      waiting: [],
    });
  });

  it("is staff's at their own locations: a tablet 403, another location's staff 404, a blank desk 422", async () => {
    const line = await place("arrival");
    const elsewhere = await place("arrival");
    const a = await signIn(line, "2026-03-08T18:00:00Z");
    const tablet = await tabletClient(site.world, line);
    const otherTablet = await tabletClient(site.world, elsewhere);
    const narrowed = await site.world.createUser({
      access: [{ locationId: elsewhere, role: "staff" }],
    });
    const outsider = site.world.client();
    await outsider.login(narrowed.email, narrowed.password);
    const before = await auditCount();

    expect((await tablet.call((api) => api.queue.callNext({ id: line, desk: "1" }))).status).toBe(
      403,
    );
    expect((await tablet.call((api) => api.queue.callNumber({ id: a.id, desk: "1" }))).status).toBe(
      403,
    );
    expect(
      (await outsider.call((api) => api.queue.callNumber({ id: a.id, desk: "1" }))).status,
    ).toBe(404);
    expect((await outsider.call((api) => api.queue.callNext({ id: line, desk: "1" }))).status).toBe(
      404,
    );
    expect((await outsider.call((api) => api.queue.get({ id: line }))).status).toBe(404);
    expect((await staff.call((api) => api.queue.get({ id: 987_654 }))).status).toBe(404);
    expect((await staff.call((api) => api.queue.callNext({ id: 987_654, desk: "1" }))).status).toBe(
      404,
    );
    const blank = await staff.call((api) => api.queue.callNumber({ id: a.id, desk: " " }));
    expect(blank.status).toBe(422);
    expect(blank.json.errors[0].path).toBe("desk");
    expect(await auditCount()).toBe(before);

    // A tablet reads its own location's line, numbers only; another location's is 403.
    const read = await tablet.call((api) => api.queue.get({ id: line }));
    expect(read.json).toEqual({ serving: [], waiting: [{ number: 1, visitId: a.id, line: null }] });
    expect((await otherTablet.call((api) => api.queue.get({ id: line }))).status).toBe(403);
  });
});

describe("the lottery", () => {
  it("orders those signed in before LotteryAt by its recorded seed, once; later arrivals come after", async () => {
    const line = await place("lottery", "09:00");
    // 08:00 to 08:05 on 9 March in Los Angeles (daylight time: 15:00Z).
    const early = [];
    for (let minute = 0; minute < 6; minute++)
      early.push(await signIn(line, `2026-03-09T15:0${minute}:00Z`));
    expect(
      await drawDueLotteries(site.world.services.db.kysely, new Date("2026-03-09T15:59:00Z")),
    ).toEqual([]);
    const late = await signIn(line, "2026-03-09T16:00:10Z");

    const draws = await drawDueLotteries(
      site.world.services.db.kysely,
      new Date("2026-03-09T16:00:30Z"),
    );
    const mine = draws.filter((draw) => draw.locationId === line);
    expect(mine).toHaveLength(1);
    const [draw] = mine;
    expect(draw!.visitIds).toEqual(early.map((visit) => visit.id));
    // Recorded: the seed and the ids draw the same order again.
    const recorded = await site.world.services.db.kysely
      .selectFrom("queue_draws")
      .select(["seed", "visit_ids"])
      .where("location_id", "=", line)
      .executeTakeFirstOrThrow();
    const order = drawOrder(recorded.seed, recorded.visit_ids);
    expect(order).toEqual(draw!.order);

    site.world.clock.fixed = new Date("2026-03-09T16:01:00Z");
    const queue = await staff.call((api) => api.queue.get({ id: line }));
    expect(queue.json.waiting.map((w: { visitId: number }) => w.visitId)).toEqual([
      ...order,
      late.id,
    ]);
    // Once a day, however often it runs.
    expect(
      await drawDueLotteries(site.world.services.db.kysely, new Date("2026-03-09T16:02:00Z")),
    ).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where action = 'location.queue_draw' and location_id = ${line}`.execute(
      site.world.services.db.kysely,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("draws the same order from the same seed, whatever order the ids come in", () => {
    const ids = [3, 11, 42, 7, 19, 5, 28];
    const order = drawOrder("a1b2c3", ids);
    expect([...order].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    expect(drawOrder("a1b2c3", [...ids].reverse())).toEqual(order);
    expect(drawOrder("ffff00", ids)).not.toEqual(order);
  });
});

describe("the now-serving screen", () => {
  it("shows numbers and desks by its code, never names; an unknown code is 404", async () => {
    const line = await place("arrival");
    const a = await signIn(line, "2026-03-10T18:00:00Z");
    await signIn(line, "2026-03-10T18:01:00Z");
    await staff.call((api) => api.queue.callNumber({ id: a.id, desk: "4" }));
    const made = await staff.call((api) => api.queue.createScreen({ id: line }));
    expect(made.status).toBe(201);
    expect(made.json.url).toMatch(new RegExp(`/screen/${made.json.code}$`));
    const anonymous = site.world.client();
    const shown = await anonymous.call((api) => api.queue.screen({ code: made.json.code }));
    expect(shown.json).toEqual({
      location: { id: line, Name: expect.any(String) },
      serving: [{ number: 1, desk: "4", line: null }],
      waiting: [2],
      waitingLines: [{ line: null, numbers: [2] }],
    });
    expect(JSON.stringify(shown.json)).not.toContain("Grace");
    expect((await anonymous.call((api) => api.queue.screen({ code: "nope" }))).status).toBe(404);
    expect((await anonymous.call((api) => api.queue.createScreen({ id: line }))).status).toBe(401);
  });

  it("is listed to staff and revoked, audited: its page is 404 from then on; another location's staff 404", async () => {
    const line = await place("arrival");
    const { code } = (await staff.call((api) => api.queue.createScreen({ id: line }))).json;
    const kept = (await staff.call((api) => api.queue.createScreen({ id: line }))).json.code;
    const listed = await staff.call((api) => api.queue.screens({ id: line }));
    expect(listed.json.map((screen: { code: string }) => screen.code).sort()).toEqual(
      [code, kept].sort(),
    );
    expect(listed.json[0]).toMatchObject({ url: expect.stringMatching(/\/screen\//) });
    const narrowed = await site.world.createUser({
      access: [{ locationId: site.catalog.east.id, role: "staff" }],
    });
    const outsider = site.world.client();
    await outsider.login(narrowed.email, narrowed.password);
    expect((await outsider.call((api) => api.queue.screens({ id: line }))).status).toBe(404);
    expect((await outsider.call((api) => api.queue.revokeScreen({ id: line, code }))).status).toBe(
      404,
    );

    const revoked = await staff.call((api) => api.queue.revokeScreen({ id: line, code }));
    expect(revoked.status).toBe(204);
    const anonymous = site.world.client();
    expect((await anonymous.call((api) => api.queue.screen({ code }))).status).toBe(404);
    expect((await anonymous.call((api) => api.queue.screen({ code: kept }))).status).toBe(200);
    expect((await staff.call((api) => api.queue.revokeScreen({ id: line, code }))).status).toBe(
      404,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from audit_log
      where action = 'location.screen_revoke' and location_id = ${line}`.execute(
      site.world.services.db.kysely,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe("the door", () => {
  it("tells a visitor's phone their number, how many are ahead, then the desk they are called to", async () => {
    const line = await place("arrival");
    await site.admin.call((api) => api.locations.update({ id: line, SelfSignIn: true }));
    const { code } = (await staff.call((api) => api.door.newCode({ id: line }))).json;
    const ahead = await signIn(line, "2026-03-11T18:00:00Z");
    site.world.clock.fixed = new Date("2026-03-11T18:01:00Z");
    const phone = site.world.client("10.9.0.1");
    const { LocationId: _, ...fields } = visitor(0, site.catalog.pantry.id);
    const made = await phone.call((api) => api.door.signIn({ code, ...fields }));
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json).toMatchObject({
      QueueNumber: 2,
      QueueLine: null,
      SeveralLines: false,
      PlacesAhead: 1,
      CalledTo: null,
    });
    const read = () =>
      phone.call((api) => api.door.visit({ visitToken: made.json.visitToken as string }));

    await staff.call((api) => api.queue.callNumber({ id: ahead.id, desk: "1" }));
    expect((await read()).json).toMatchObject({ PlacesAhead: 0, CalledTo: null });
    await staff.call((api) => api.queue.callNext({ id: line, desk: "2" }));
    expect((await read()).json).toMatchObject({ QueueNumber: 2, PlacesAhead: null, CalledTo: "2" });
  });
});

describe("webhooks", () => {
  it("send visit.called and visit.served to endpoints that want them", async () => {
    const line = await place("arrival");
    const endpoint = await site.admin.call((api) =>
      api.webhooks.create({
        url: "https://93.184.215.14/hooks",
        events: ["visit.called", "visit.served"],
      }),
    );
    expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(201);
    const a = await signIn(line, "2026-03-12T18:00:00Z");
    await staff.call((api) => api.queue.callNumber({ id: a.id, desk: "1" }));
    await staff.call((api) => api.queue.served({ id: a.id }));
    const events = await site.world.services.db.kysely
      .selectFrom("webhook_events")
      .select("type")
      .where("visit_id", "=", a.id)
      .orderBy("id")
      .execute();
    expect(events.map((event) => event.type)).toEqual(["visit.called", "visit.served"]);
    await site.admin.call((api) => api.webhooks.remove({ id: endpoint.json.id }));
  });
});

describe("the waits", () => {
  it("say how long numbered visitors waited from sign-in to call, per local day and program", async () => {
    const line = await place("arrival");
    // 10:00 and 10:10 on 13 March in Los Angeles; called at 10:10 and 10:30.
    const a = await signIn(line, "2026-03-13T17:00:00Z");
    const b = await signIn(line, "2026-03-13T17:10:00Z");
    site.world.clock.fixed = new Date("2026-03-13T17:10:00Z");
    await staff.call((api) => api.queue.callNumber({ id: a.id, desk: "1" }));
    site.world.clock.fixed = new Date("2026-03-13T17:30:00Z");
    await staff.call((api) => api.queue.callNumber({ id: b.id, desk: "1" }));
    // 23:30 that day there (06:30Z the next): the same local day, never called.
    await signIn(line, "2026-03-14T06:30:00Z");

    const waits = await staff.call((api) =>
      api.queue.waits({ id: line, from: "2026-03-13", to: "2026-03-13" }),
    );
    expect(waits.json).toEqual([
      {
        day: "2026-03-13",
        Program: { id: site.catalog.pantry.id, Name: site.catalog.pantry.Name, NameEs: null },
        numbered: 3,
        called: 2,
        averageWaitMinutes: 15,
        medianWaitMinutes: 15,
        p90WaitMinutes: 19,
        longestWaitMinutes: 20,
      },
    ]);
    // The funder summary's CSV of that location ends with them.
    const csv = await funderSummaryCsv(
      site.world.services.db.kysely,
      funderSummaryInput.parse({
        from: "2026-03-13",
        to: "2026-03-13",
        locationId: line,
        timeZone: "America/Los_Angeles",
      }),
    );
    expect(csv).toContain(
      "\nDay,Program,Numbered,Called,MedianWaitMinutes,P90WaitMinutes,AverageWaitMinutes,LongestWaitMinutes\n" +
        `2026-03-13,${site.catalog.pantry.Name},3,2,15,19,15,20\n`,
    );
    const backwards = await staff.call((api) =>
      api.queue.waits({ id: line, from: "2026-03-13", to: "2026-03-12" }),
    );
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors[0].path).toBe("to");
  });
});
