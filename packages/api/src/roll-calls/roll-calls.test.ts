import { beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { runRetention } from "../admin/retention.ts";
import type { RollCall } from "./schema.ts";

/** Roll calls: who was on site when it started, marked safe by staff on several devices at once. */

const site = useCatalogWorld();
let staff: Client;
let otherStaff: Client;

/** A new location offering Tutoring and Food Pantry, so each test has its own roll call. */
async function freshLocation(name: string) {
  const res = await site.admin.call((api) =>
    api.locations.create({
      Name: name,
      ProgramIds: [site.catalog.tutoring.id, site.catalog.pantry.id],
    }),
  );
  expect(res.status).toBe(201);
  return res.json.id as number;
}

async function signIn(locationId: number, programId: number, FirstName: string, LastName: string) {
  const res = await staff.call((api) =>
    api.visits.create(visitor(locationId, programId, { FirstName, LastName })),
  );
  expect(res.status).toBe(201);
  return res.json.id as number;
}

async function start(locationId: number, drill = false): Promise<RollCall> {
  const res = await staff.call((api) => api.rollCalls.start({ id: locationId, drill }));
  expect(res.status).toBe(201);
  return res.json;
}

const get = async (client: Client, id: number): Promise<RollCall> =>
  (await client.call((api) => api.rollCalls.get({ id }))).json;

const mark = (client: Client, id: number, personId: number, safe: boolean, markedAt?: string) =>
  client.call((api) =>
    api.rollCalls.mark({ id, personId, safe, ...(markedAt ? { markedAt } : {}) }),
  );

const auditRows = (rollCallId: number) =>
  site.world.services.db.kysely
    .selectFrom("audit_log")
    .selectAll()
    .where("subject_type", "=", "roll_call")
    .where("subject_id", "=", rollCallId)
    .orderBy("id")
    .execute();

beforeAll(async () => {
  staff = await staffClient(site.world);
  otherStaff = await staffClient(site.world);
});

describe("starting a roll call", () => {
  it("freezes everyone signed in at the location then, grouped by program, and no one else", async () => {
    const here = await freshLocation("Roll Call Freeze");
    const elsewhere = await freshLocation("Roll Call Elsewhere");
    const ada = await signIn(here, site.catalog.tutoring.id, "Ada", "Byron");
    await signIn(here, site.catalog.pantry.id, "Ben", "Okafor");
    const left = await signIn(here, site.catalog.pantry.id, "Cleo", "Gone");
    await staff.call((api) => api.visits.signOut({ id: left }));
    await signIn(elsewhere, site.catalog.tutoring.id, "Dan", "Away");

    const rollCall = await start(here);
    expect(rollCall).toMatchObject({
      locationId: here,
      locationName: "Roll Call Freeze",
      drill: false,
      endedAt: null,
      accounted: 0,
      missing: 2,
    });
    expect(rollCall.people.map((p) => [p.name, p.program, p.safe, p.markedAt])).toEqual([
      ["Ben Okafor", "Food Pantry", false, null],
      ["Ada Byron", "Tutoring", false, null],
    ]);
    expect(rollCall.people[1]!.visitId).toBe(ada);

    // Signed in after it started: not on it.
    await signIn(here, site.catalog.tutoring.id, "Eve", "Late");
    expect((await get(staff, rollCall.id)).people).toHaveLength(2);
  });

  it("lists a party's people: the visitor, the household's members who came, and the others as the visitor's guests", async () => {
    const here = await freshLocation("Roll Call Party");
    const program = await site.admin.call((api) =>
      api.programs.create({
        Name: "Roll Call Households",
        LocationIds: [here],
        SignsInHousehold: true,
      }),
    );
    const phone = visitor(0, 0).PhoneNumber.replace(/\D/g, "");
    const made = await staff.call((api) =>
      api.households.create({
        Members: [
          { FirstName: "Marta", LastName: "Ruiz", PhoneNumber: phone },
          { FirstName: "Ana", LastName: "Ruiz" },
        ],
      }),
    );
    const ids = made.json.Members.map((member: { id: number }) => member.id);
    const visit = await staff.call((api) =>
      api.visits.create(
        visitor(here, program.json.id, {
          FirstName: "Marta",
          LastName: "Ruiz",
          PhoneNumber: phone,
          PartySize: 4,
          HouseholdMemberIds: ids,
        }) as never,
      ),
    );
    expect(visit.status, JSON.stringify(visit.json)).toBe(201);

    const rollCall = await start(here);
    expect(rollCall.missing).toBe(4);
    expect(rollCall.people.map((p) => [p.name, p.visitId])).toEqual([
      ["Ana Ruiz", visit.json.id],
      ["Marta Ruiz", visit.json.id],
      ["Marta Ruiz +1", visit.json.id],
      ["Marta Ruiz +2", visit.json.id],
    ]);
  });

  it("keeps one open roll call per location: a second start is a 409 naming the open one", async () => {
    const here = await freshLocation("Roll Call One Open");
    const first = await start(here, true);
    const again = await otherStaff.call((api) => api.rollCalls.start({ id: here, drill: false }));
    expect(again.status).toBe(409);
    expect(again.json.rollCallId).toBe(first.id);

    await staff.call((api) => api.rollCalls.end({ id: first.id }));
    expect((await start(here)).id).not.toBe(first.id);
  });

  it("makes one roll call of two starts at the same moment", async () => {
    const here = await freshLocation("Roll Call Race");
    const [a, b] = await Promise.all([
      staff.call((api) => api.rollCalls.start({ id: here, drill: false })),
      otherStaff.call((api) => api.rollCalls.start({ id: here, drill: false })),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const made = a.status === 201 ? a.json.id : b.json.id;
    expect((a.status === 409 ? a : b).json.rollCallId).toBe(made);
  });

  it("refuses an unknown or archived location (404) and bad input (422)", async () => {
    expect(
      (await staff.call((api) => api.rollCalls.start({ id: 999_999, drill: false }))).status,
    ).toBe(404);
    const res = await staff.call((api) =>
      api.rollCalls.start({ id: site.catalog.east.id, drill: "yes" as unknown as boolean }),
    );
    expect(res.status).toBe(422);
    expect(res.json.errors[0].path).toBe("drill");
  });
});

describe("who may", () => {
  it("lets staff only: a tablet may neither start, read, mark nor end one", async () => {
    const here = await freshLocation("Roll Call Tablet");
    await signIn(here, site.catalog.tutoring.id, "Tab", "Let");
    const rollCall = await start(here);
    const tablet = await tabletClient(site.world, here);
    const person = rollCall.people[0]!.id;
    const calls = [
      tablet.call((api) => api.rollCalls.start({ id: here, drill: false })),
      tablet.call((api) => api.rollCalls.list({ locationId: here })),
      tablet.call((api) => api.rollCalls.get({ id: rollCall.id })),
      mark(tablet, rollCall.id, person, true),
      tablet.call((api) => api.rollCalls.addPerson({ id: rollCall.id, name: "X" })),
      tablet.call((api) => api.rollCalls.end({ id: rollCall.id })),
    ];
    expect((await Promise.all(calls)).map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const anonymous = site.world.client();
    expect((await anonymous.call((api) => api.rollCalls.get({ id: rollCall.id }))).status).toBe(
      401,
    );
    expect((await get(staff, rollCall.id)).people[0]!.safe).toBe(false);
  });
});

describe("marking", () => {
  it("keeps every mark with its time, author and device; the same mark made twice is one; undo is a mark", async () => {
    const here = await freshLocation("Roll Call Marks");
    await signIn(here, site.catalog.tutoring.id, "Mark", "Twice");
    const rollCall = await start(here);
    const person = rollCall.people[0]!.id;
    const me = (await staff.call((api) => api.users.me())).json;
    const other = (await otherStaff.call((api) => api.users.me())).json;
    const startedAt = new Date(rollCall.startedAt).getTime();
    const at = (ms: number) => new Date(startedAt + ms).toISOString();
    site.world.clock.offsetMs = 60_000;
    onTestFinished(() => void (site.world.clock.offsetMs = 0));
    const markFrom = (client: Client, safe: boolean, markedAt: string, device?: string) =>
      client.call((api) =>
        api.rollCalls.mark({ id: rollCall.id, personId: person, safe, markedAt, device }),
      );

    const first = await markFrom(staff, true, at(1000), "Phone A");
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      safe: true,
      markedAt: at(1000),
      markedBy: { id: me.id },
      marks: [{ safe: true, markedAt: at(1000), markedBy: { id: me.id }, device: "Phone A" }],
    });

    // The same mark again, from another phone a moment later: still the first one alone.
    const second = await markFrom(otherStaff, true, at(2000), "Phone B");
    expect(second.json).toEqual(first.json);

    // The undo is a mark of its own: the first keeps its time and author.
    const undone = await markFrom(otherStaff, false, at(3000));
    expect(undone.json).toMatchObject({
      safe: false,
      markedAt: at(3000),
      markedBy: { id: other.id },
    });
    const safeAgain = await markFrom(staff, true, at(4000), "Phone A");
    expect(safeAgain.json.marks).toEqual([
      {
        safe: true,
        markedAt: at(1000),
        receivedAt: expect.any(String),
        markedBy: { id: me.id, name: `${me.firstName} ${me.lastName}` },
        device: "Phone A",
      },
      {
        safe: false,
        markedAt: at(3000),
        receivedAt: expect.any(String),
        markedBy: { id: other.id, name: `${other.firstName} ${other.lastName}` },
        device: null,
      },
      {
        safe: true,
        markedAt: at(4000),
        receivedAt: expect.any(String),
        markedBy: { id: me.id, name: `${me.firstName} ${me.lastName}` },
        device: "Phone A",
      },
    ]);
    const record = await get(staff, rollCall.id);
    expect(record.people[0]).toEqual(safeAgain.json);
    expect(record.accounted).toBe(1);

    const long = await markFrom(staff, false, at(5000), "x".repeat(61));
    expect(long.status).toBe(422);
    expect(long.json.errors[0].path).toBe("device");
    expect((await get(staff, rollCall.id)).people[0]!.marks).toHaveLength(3);
  });

  it("takes a mark queued offline at its own time, and ignores one older than the last", async () => {
    const here = await freshLocation("Roll Call Offline");
    await signIn(here, site.catalog.tutoring.id, "Off", "Line");
    const rollCall = await start(here);
    const person = rollCall.people[0]!.id;
    const startedAt = new Date(rollCall.startedAt).getTime();
    const at = (ms: number) => new Date(startedAt + ms).toISOString();
    // The marks arrive a minute after they were made.
    site.world.clock.offsetMs = 60_000;
    onTestFinished(() => void (site.world.clock.offsetMs = 0));

    expect((await mark(staff, rollCall.id, person, true, at(2000))).json).toMatchObject({
      safe: true,
      markedAt: at(2000),
    });
    // An undo made before that mark, arriving late, changes nothing and is not kept.
    const late = await mark(otherStaff, rollCall.id, person, false, at(1000));
    expect(late.json).toMatchObject({ safe: true, markedAt: at(2000) });
    expect(late.json.marks).toHaveLength(1);
    // A device whose clock is ahead cannot mark in the future.
    const future = await mark(otherStaff, rollCall.id, person, false, at(3_600_000));
    expect(new Date(future.json.markedAt).getTime()).toBeLessThan(startedAt + 3_600_000);

    const bad = await mark(staff, rollCall.id, person, true, "yesterday");
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("markedAt");
  });

  it("leaves one consistent row when two devices mark the same person at the same moment", async () => {
    const here = await freshLocation("Roll Call Same Moment");
    await signIn(here, site.catalog.pantry.id, "Both", "Devices");
    await signIn(here, site.catalog.pantry.id, "Other", "Person");
    const rollCall = await start(here);
    const [person, other] = rollCall.people.map((p) => p.id) as [number, number];

    // The same mark from both at once: one mark, by one of them.
    const same = await Promise.all([
      mark(staff, rollCall.id, person, true),
      mark(otherStaff, rollCall.id, person, true),
    ]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    const stored = (await get(staff, rollCall.id)).people.find((p) => p.id === person)!;
    expect(stored.safe).toBe(true);
    expect(stored.marks).toHaveLength(1);
    expect(same.map((r) => r.json)).toEqual([stored, stored]);

    // Opposite marks at once: whichever came last holds, with its own time and author.
    const opposite = await Promise.all([
      mark(staff, rollCall.id, other, true),
      mark(otherStaff, rollCall.id, other, false),
      mark(otherStaff, rollCall.id, other, true),
    ]);
    expect(opposite.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = await get(staff, rollCall.id);
    const row = after.people.find((p) => p.id === other)!;
    expect(row.markedBy).not.toBeNull();
    expect(row.markedAt).not.toBeNull();
    // The row is what the last of them answered, not a mix of two, and its state its latest mark.
    expect(opposite.map((r) => r.json)).toContainEqual(row);
    expect(row.marks.at(-1)).toEqual({
      safe: row.safe,
      markedAt: row.markedAt,
      receivedAt: row.markedAt,
      markedBy: row.markedBy,
      device: null,
    });
    // Kept marks alternate, safe first, in time order: none repeats the one before it.
    row.marks.forEach((m, i) => expect(m.safe).toBe(i % 2 === 0));
    expect(after.accounted + after.missing).toBe(2);
    expect(after.accounted).toBe(after.people.filter((p) => p.safe).length);
  });

  it("answers 404 for a person of another roll call", async () => {
    const a = await start(await freshLocation("Roll Call A"));
    const bHere = await freshLocation("Roll Call B");
    await signIn(bHere, site.catalog.tutoring.id, "Bee", "Person");
    const b = await start(bHere);
    expect((await mark(staff, a.id, b.people[0]!.id, true)).status).toBe(404);
  });
});

describe("adding someone not signed in", () => {
  it("adds them unmarked, without a visit; a blank name is a 422", async () => {
    const rollCall = await start(await freshLocation("Roll Call Add"));
    const res = await staff.call((api) =>
      api.rollCalls.addPerson({ id: rollCall.id, name: "  Walk In  " }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ name: "Walk In", visitId: null, program: null, safe: false });
    const blank = await staff.call((api) =>
      api.rollCalls.addPerson({ id: rollCall.id, name: " " }),
    );
    expect(blank.status).toBe(422);
    expect(blank.json.errors[0].path).toBe("name");
    expect((await get(staff, rollCall.id)).people).toHaveLength(1);
  });
});

describe("ending", () => {
  it("answers the counts, keeps the record, refuses later changes, and logs counts but never names", async () => {
    const here = await freshLocation("Roll Call End");
    await signIn(here, site.catalog.tutoring.id, "Safe", "Person");
    await signIn(here, site.catalog.tutoring.id, "Missing", "Person");
    const rollCall = await start(here, true);
    const safe = rollCall.people.find((p) => p.name === "Safe Person")!;
    await mark(staff, rollCall.id, safe.id, true);

    const ended = await otherStaff.call((api) => api.rollCalls.end({ id: rollCall.id }));
    expect(ended.status).toBe(200);
    expect(ended.json).toEqual({ accounted: 1, missing: 1 });

    const record = await get(staff, rollCall.id);
    expect(record).toMatchObject({ drill: true, accounted: 1, missing: 1 });
    expect(record.endedAt).not.toBeNull();
    expect(record.endedBy?.id).not.toBe(record.startedBy?.id);

    expect((await staff.call((api) => api.rollCalls.end({ id: rollCall.id }))).status).toBe(409);
    expect((await mark(staff, rollCall.id, safe.id, false)).status).toBe(409);
    expect(
      (await staff.call((api) => api.rollCalls.addPerson({ id: rollCall.id, name: "Late" })))
        .status,
    ).toBe(409);

    const logged = await auditRows(rollCall.id);
    expect(logged.map((r) => [r.action, r.location_id, r.details])).toEqual([
      ["roll_call.start", here, { drill: true, people: 2 }],
      ["roll_call.end", here, { drill: true, accounted: 1, missing: 1 }],
    ]);
    expect(JSON.stringify(logged)).not.toMatch(/Person/);
  });

  it("keeps a mark tapped before the end that arrives after it, with its device's time and its arrival; refuses one tapped after", async () => {
    const here = await freshLocation("Roll Call Late Marks");
    for (const last of ["Before", "AtEnd", "After"])
      await signIn(here, site.catalog.tutoring.id, "Late", last);
    onTestFinished(() => void (site.world.clock.fixed = undefined));
    const startedAt = new Date("2026-03-04T10:00:00.000Z");
    const at = (minutes: number) => new Date(startedAt.getTime() + minutes * 60_000);
    site.world.clock.fixed = startedAt;
    const rollCall = await start(here);
    const person = (last: string) => rollCall.people.find((p) => p.name === `Late ${last}`)!.id;
    site.world.clock.fixed = at(10);
    expect((await otherStaff.call((api) => api.rollCalls.end({ id: rollCall.id }))).json).toEqual({
      accounted: 0,
      missing: 3,
    });

    // The phone was offline outside: its marks reach the server five minutes after the end.
    site.world.clock.fixed = at(15);
    const before = await mark(staff, rollCall.id, person("Before"), true, at(4).toISOString());
    expect(before.status, JSON.stringify(before.json)).toBe(200);
    expect(before.json).toMatchObject({ safe: true, markedAt: at(4).toISOString() });
    expect(before.json.marks).toEqual([
      expect.objectContaining({
        safe: true,
        markedAt: at(4).toISOString(),
        receivedAt: at(15).toISOString(),
      }),
    ]);
    const atEnd = await mark(staff, rollCall.id, person("AtEnd"), true, at(10).toISOString());
    expect(atEnd.status).toBe(200);
    const after = await mark(
      staff,
      rollCall.id,
      person("After"),
      true,
      new Date(at(10).getTime() + 1).toISOString(),
    );
    expect(after.status).toBe(409);
    expect(after.json.message).toBe("This roll call has ended");

    const record = await get(staff, rollCall.id);
    expect(record).toMatchObject({ endedAt: at(10).toISOString(), accounted: 2, missing: 1 });
    expect(record.people.map((p) => [p.name, p.safe])).toEqual([
      ["Late After", false],
      ["Late AtEnd", true],
      ["Late Before", true],
    ]);
    // Still nothing added to an ended roll call.
    expect(
      (await staff.call((api) => api.rollCalls.addPerson({ id: rollCall.id, name: "Later" })))
        .status,
    ).toBe(409);
  });

  it("lists roll calls newest first, one location's when asked", async () => {
    const here = await freshLocation("Roll Call List");
    const first = await start(here);
    await staff.call((api) => api.rollCalls.end({ id: first.id }));
    const second = await start(here, true);
    const res = await staff.call((api) => api.rollCalls.list({ locationId: here }));
    expect(res.headers["X-Total-Count"]).toBe("2");
    expect(res.json.map((r: RollCall) => [r.id, r.drill])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    expect(res.json[0]).not.toHaveProperty("people");
  });
});

describe("retention", () => {
  it("erases the names of ended roll calls older than the setting, with visitors' other details, and keeps their marks", async () => {
    const db = site.world.services.db.kysely;
    const here = await freshLocation("Roll Call Retention");
    await signIn(here, site.catalog.tutoring.id, "Old", "Name");
    const old = await start(here);
    await mark(staff, old.id, old.people[0]!.id, true);
    await staff.call((api) => api.rollCalls.end({ id: old.id }));
    const recent = await start(here);
    const now = new Date();
    await db
      .updateTable("roll_calls")
      .set({ started_at: new Date(now.getTime() - 40 * 86_400_000) })
      .where("id", "=", old.id)
      .execute();
    await db
      .updateTable("roll_calls")
      .set({ started_at: new Date(0) })
      .where("id", "=", recent.id)
      .execute();
    await db.updateTable("settings").set({ erase_after_days: 30 }).execute();
    try {
      await runRetention(db, now);
    } finally {
      await db.updateTable("settings").set({ erase_after_days: null }).execute();
    }
    const erased = await get(staff, old.id);
    expect(erased.people.map((p) => [p.name, p.safe, p.marks.length])).toEqual([["", true, 1]]);
    expect(erased.accounted).toBe(1);
    // Still open: its names wait until it ends.
    expect((await get(staff, recent.id)).people.map((p) => p.name)).toEqual(["Old Name"]);
  });

  it("erases a forgotten person's name from every roll call they were on, and keeps their marks", async () => {
    const here = await freshLocation("Roll Call Forget");
    const phone = "415-555-0187";
    const res = await staff.call((api) =>
      api.visits.create(
        visitor(here, site.catalog.tutoring.id, {
          FirstName: "Forget",
          LastName: "Me",
          PhoneNumber: phone,
        }),
      ),
    );
    expect(res.status).toBe(201);
    await signIn(here, site.catalog.tutoring.id, "Keep", "Me");
    const rollCall = await start(here);
    const forgotten = rollCall.people.find((p) => p.name === "Forget Me")!;
    await mark(staff, rollCall.id, forgotten.id, true);
    await site.admin.call((api) => api.visitors.forget({ phoneNumber: phone }));
    const record = await get(staff, rollCall.id);
    expect(record.people.map((p) => [p.name, p.marks.length])).toEqual([
      ["", 1],
      ["Keep Me", 0],
    ]);
  });
});
