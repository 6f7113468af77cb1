import { sql } from "@vsi/db";
import { describeOnPostgres } from "@vsi/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";
import { figuresStatement } from "./today.ts";

const site = useCatalogWorld();

// Phones by letter, so the people counts below can be followed by hand.
const phone = (letter: string) => `41555${String(letter.charCodeAt(0)).padStart(5, "0")}`;

interface Planned {
  at: string;
  program: "pantry" | "tutoring";
  /** A letter for a phone, or "" for a visit erased before visitors had keys (none to count). */
  who: string;
  open?: boolean;
  /** Erased since (retention): its phone is gone, its key stays. */
  erased?: boolean;
}

async function insertVisits(locationId: number, visits: Planned[]) {
  const db = site.world.services.db.kysely;
  const rows = await db
    .insertInto("visits")
    .values(
      visits.map((v) => ({
        first_name: v.who ? "Dana" : "",
        last_name: v.who ? "Dash" : "",
        phone_number: v.who ? phone(v.who) : "",
        temperature: v.who ? "98.2" : "",
        location_id: locationId,
        program_id: site.catalog[v.program].id,
        time_in: new Date(v.at),
        time_out: v.open ? null : new Date(Date.parse(v.at) + 20 * 60_000),
        erased_at: v.who ? null : new Date(v.at),
      })),
    )
    .returning("id")
    .execute();
  const erased = rows.filter((_, i) => visits[i]!.erased).map((r) => r.id);
  if (erased.length)
    await db
      .updateTable("visits")
      .set({ first_name: "", last_name: "", phone_number: "", temperature: "", erased_at: now })
      .where("id", "in", erased)
      .execute();
}

async function createLocation(Name: string, TimeZone: string) {
  const { pantry, tutoring } = site.catalog;
  const res = await site.admin.call((api) =>
    api.locations.create({ Name, TimeZone, ProgramIds: [pantry.id, tutoring.id] }),
  );
  if (res.status !== 201) throw new Error(`location: ${res.status} ${JSON.stringify(res.json)}`);
  return res.json as { id: number; Name: string };
}

const today = (
  caller: Client,
  input: {
    locationId?: number | string;
    programId?: number;
    timeZone?: string;
    language?: string;
  } = {},
) => caller.call((api) => api.reports.today(input as never));

/** The chart's days that had visits, as date → count, and their split by program. */
const busyDays = (days: Array<{ date: string; visits: number }>) =>
  Object.fromEntries(days.filter((d) => d.visits > 0).map((d) => [d.date, d.visits]));

// Wednesday 14 January 2026, 06:30 UTC: still Tuesday the 13th, 22:30, in Los Angeles (UTC-8);
// already Wednesday the 14th, 15:30, in Tokyo (UTC+9).
const now = new Date("2026-01-14T06:30:00Z");

let la: { id: number };
let tokyo: { id: number };

beforeAll(async () => {
  la = await createLocation("Los Angeles", "America/Los_Angeles");
  tokyo = await createLocation("Tokyo", "Asia/Tokyo");
  await insertVisits(la.id, [
    // Today in Los Angeles (Tuesday the 13th): A twice, B, and M, whose details were erased since.
    { at: "2026-01-14T05:00:00Z", program: "tutoring", who: "A", open: true },
    { at: "2026-01-13T18:00:00Z", program: "tutoring", who: "A" },
    { at: "2026-01-13T08:30:00Z", program: "pantry", who: "B" },
    { at: "2026-01-13T20:00:00Z", program: "pantry", who: "M", erased: true },
    // Monday the 12th, 23:30 and 00:30 local: this week; Sunday the 11th, 23:30: last week.
    { at: "2026-01-13T07:30:00Z", program: "pantry", who: "C" },
    { at: "2026-01-12T08:30:00Z", program: "tutoring", who: "D" },
    { at: "2026-01-12T07:30:00Z", program: "pantry", who: "D" },
    // Saturday the 10th, never signed out: last week, and still signed in.
    { at: "2026-01-10T20:00:00Z", program: "tutoring", who: "I", open: true },
    // Saturday the 10th too: a visit erased before keys existed, a visit but nobody to count.
    { at: "2026-01-10T21:00:00Z", program: "pantry", who: "" },
    // Tuesday the 6th (the same day last week), Monday the 5th at 00:10 (last week's first minutes),
    // Sunday the 4th at 23:50 (the week before).
    { at: "2026-01-06T20:00:00Z", program: "pantry", who: "E" },
    { at: "2026-01-05T08:10:00Z", program: "pantry", who: "F" },
    { at: "2026-01-05T07:50:00Z", program: "pantry", who: "G" },
    // 13 days ago (the chart's first day) and 14 days ago (before it).
    { at: "2025-12-31T20:00:00Z", program: "pantry", who: "H" },
    { at: "2025-12-30T20:00:00Z", program: "pantry", who: "H" },
  ]);
  await insertVisits(tokyo.id, [
    // Today in Tokyo (Wednesday the 14th): A (also in Los Angeles today) and J, still in.
    { at: "2026-01-13T16:00:00Z", program: "tutoring", who: "A" },
    { at: "2026-01-14T05:00:00Z", program: "tutoring", who: "J", open: true },
    // Tuesday the 13th, 23:00 local: this week; Sunday the 11th: last week; Wednesday the 7th.
    { at: "2026-01-13T14:00:00Z", program: "pantry", who: "K" },
    { at: "2026-01-11T03:00:00Z", program: "pantry", who: "K" },
    { at: "2026-01-07T03:00:00Z", program: "tutoring", who: "L" },
  ]);
});

describe("reports.today: the dashboard's figures", () => {
  it("counts one location's today, this week (from Monday) and last week in its own zone, people once each, an erased visit's too", async () => {
    site.world.clock.fixed = now;
    const res = await today(site.admin, { locationId: la.id, timeZone: "Asia/Tokyo" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      // A location's links read days in its own zone, whatever the viewer's.
      timeZone: "America/Los_Angeles",
      dates: {
        today: "2026-01-13",
        sameDayLastWeek: "2026-01-06",
        weekStart: "2026-01-12",
        lastWeekStart: "2026-01-05",
        lastWeekEnd: "2026-01-11",
        chartFrom: "2025-12-31",
      },
      signedInNow: 2,
      today: { visits: 4, people: 3 },
      sameDayLastWeek: { visits: 1, people: 1 },
      thisWeek: { visits: 6, people: 5 },
      lastWeek: { visits: 5, people: 4 },
    });

    const other = await today(site.admin, { locationId: tokyo.id });
    expect(other.json).toMatchObject({
      timeZone: "Asia/Tokyo",
      dates: { today: "2026-01-14", weekStart: "2026-01-12", chartFrom: "2026-01-01" },
      signedInNow: 1,
      today: { visits: 2, people: 2 },
      sameDayLastWeek: { visits: 1, people: 1 },
      thisWeek: { visits: 3, people: 3 },
      lastWeek: { visits: 2, people: 2 },
    });
  });

  it("counts one program's visits alone when asked, who is in now included", async () => {
    site.world.clock.fixed = now;
    const res = await today(site.admin, { locationId: la.id, programId: site.catalog.pantry.id });
    expect(res.json).toMatchObject({
      signedInNow: 0,
      today: { visits: 2, people: 2 },
      perLocation: [{ locationId: la.id, signedInNow: 0, today: { visits: 2, people: 2 } }],
    });
  });

  it("adds every location up, each by its own day, counting a person seen at two once; the links' days are the viewer's", async () => {
    site.world.clock.fixed = now;
    const res = await today(await staffClient(site.world), { timeZone: "Asia/Tokyo" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      timeZone: "Asia/Tokyo",
      dates: { today: "2026-01-14", sameDayLastWeek: "2026-01-07", chartFrom: "2026-01-01" },
      signedInNow: 3,
      today: { visits: 6, people: 4 },
      sameDayLastWeek: { visits: 2, people: 2 },
      thisWeek: { visits: 9, people: 7 },
      lastWeek: { visits: 7, people: 6 },
      busiestProgram: { id: site.catalog.tutoring.id, Name: "Tutoring", visits: 4 },
    });
  });

  it("charts the last 14 days, oldest first and today last, quiet days empty, each day split by program", async () => {
    site.world.clock.fixed = now;
    const res = await today(site.admin, { locationId: la.id });
    const days = res.json.days as Array<{
      date: string;
      visits: number;
      stack: Array<{ key: string; label: string; count: number }>;
    }>;
    expect(days).toHaveLength(14);
    expect(days[0]!.date).toBe("2025-12-31");
    expect(days[13]!.date).toBe("2026-01-13");
    expect(busyDays(days)).toEqual({
      "2025-12-31": 1,
      "2026-01-04": 1,
      "2026-01-05": 1,
      "2026-01-06": 1,
      "2026-01-10": 2,
      "2026-01-11": 1,
      "2026-01-12": 2,
      "2026-01-13": 4,
    });
    expect(days.find((d) => d.date === "2026-01-12")!.stack).toEqual([
      { key: String(site.catalog.pantry.id), label: "Food Pantry", count: 1 },
      { key: String(site.catalog.tutoring.id), label: "Tutoring", count: 1 },
    ]);
    expect(days.find((d) => d.date === "2026-01-02")).toEqual({
      date: "2026-01-02",
      visits: 0,
      stack: [],
    });

    // Across locations, each location's own days line up: its today is the chart's last day.
    const all = await today(site.admin, { timeZone: "Asia/Tokyo" });
    expect(busyDays(all.json.days)).toEqual({
      "2026-01-01": 1,
      "2026-01-05": 1,
      "2026-01-06": 1,
      "2026-01-07": 2,
      "2026-01-11": 3,
      "2026-01-12": 1,
      "2026-01-13": 3,
      "2026-01-14": 6,
    });
  });

  it("names the busiest program today, a tie going to the first by name, and none on a day without visits", async () => {
    site.world.clock.fixed = now;
    // Los Angeles today: Tutoring 2, Food Pantry 2 (the erased visit counts as it was).
    const tie = await today(site.admin, { locationId: la.id });
    expect(tie.json.busiestProgram).toEqual({
      id: site.catalog.pantry.id,
      Name: "Food Pantry",
      visits: 2,
    });
    site.world.clock.fixed = new Date("2026-01-20T12:00:00Z");
    const quiet = await today(site.admin, { locationId: la.id });
    expect(quiet.json).toMatchObject({
      busiestProgram: null,
      today: { visits: 0, people: 0 },
      // Still in: the figure is who is in now, however long ago they came.
      signedInNow: 2,
    });
  });

  it("names the programs in the language asked for, English when left out", async () => {
    site.world.clock.fixed = now;
    const { tutoring } = site.catalog;
    const spanish = (NameEs: string) =>
      site.admin.call((api) => api.programs.update({ id: tutoring.id, NameEs }));
    await spanish("Tutoría");
    try {
      // Tokyo today: Tutoring alone.
      const read = async (language?: string) => {
        const { json } = await today(site.admin, {
          locationId: tokyo.id,
          ...(language ? { language } : {}),
        });
        const labels = json.days.flatMap((d: { stack: Array<{ label: string }> }) =>
          d.stack.map((s) => s.label),
        );
        return [json.busiestProgram.Name, [...new Set(labels)].sort()];
      };
      expect(await read("es")).toEqual(["Tutoría", ["Food Pantry", "Tutoría"]]);
      expect(await read()).toEqual(["Tutoring", ["Food Pantry", "Tutoring"]]);
    } finally {
      await spanish("");
    }
  });

  it("starts a week on Monday: on a Monday this week is that day alone, on a Sunday all seven", async () => {
    const madrid = await createLocation("Madrid", "Europe/Madrid");
    await insertVisits(madrid.id, [
      { at: "2026-03-01T22:30:00Z", program: "pantry", who: "P" }, // Sunday 1 March, 23:30
      { at: "2026-03-01T23:30:00Z", program: "pantry", who: "Q" }, // Monday 2 March, 00:30
      { at: "2026-03-08T11:00:00Z", program: "pantry", who: "R" }, // Sunday 8 March, 12:00
      { at: "2026-03-09T08:00:00Z", program: "pantry", who: "S" }, // Monday 9 March, 09:00
    ]);
    site.world.clock.fixed = new Date("2026-03-09T09:00:00Z"); // Monday, 10:00 in Madrid
    const monday = await today(site.admin, { locationId: madrid.id });
    expect(monday.json).toMatchObject({
      dates: { weekStart: "2026-03-09", lastWeekStart: "2026-03-02", lastWeekEnd: "2026-03-08" },
      thisWeek: { visits: 1, people: 1 },
      lastWeek: { visits: 2, people: 2 },
    });
    site.world.clock.fixed = new Date("2026-03-08T19:00:00Z"); // Sunday, 20:00 in Madrid
    const sunday = await today(site.admin, { locationId: madrid.id });
    expect(sunday.json).toMatchObject({
      dates: { weekStart: "2026-03-02", lastWeekStart: "2026-02-23", lastWeekEnd: "2026-03-01" },
      thisWeek: { visits: 2, people: 2 },
      lastWeek: { visits: 1, people: 1 },
    });
  });

  it("begins each day at the zone's own midnight of that date, across a change of clocks", async () => {
    // Clocks went forward in Los Angeles on Sunday 8 March 2026: Monday began at 07:00 UTC, not 08:00.
    const spring = await createLocation("Spring", "America/Los_Angeles");
    await insertVisits(spring.id, [
      { at: "2026-03-09T07:30:00Z", program: "tutoring", who: "T" }, // Monday 00:30 PDT
      { at: "2026-03-08T08:30:00Z", program: "tutoring", who: "U" }, // Sunday 00:30 PST
      { at: "2026-03-08T07:30:00Z", program: "tutoring", who: "V" }, // Saturday 23:30 PST
    ]);
    site.world.clock.fixed = new Date("2026-03-09T19:00:00Z"); // Monday, noon PDT
    const res = await today(site.admin, { locationId: spring.id });
    expect(res.json).toMatchObject({
      dates: { today: "2026-03-09" },
      today: { visits: 1, people: 1 },
      thisWeek: { visits: 1, people: 1 },
      lastWeek: { visits: 2, people: 2 },
    });
    expect(busyDays(res.json.days)).toEqual({ "2026-03-07": 1, "2026-03-08": 1, "2026-03-09": 1 });
  });

  it("leaves archived locations out: not counted, their id a 404", async () => {
    site.world.clock.fixed = now;
    const before = (await today(site.admin, { timeZone: "America/Los_Angeles" })).json;
    const closing = await createLocation("Closing", "America/Los_Angeles");
    await insertVisits(closing.id, [
      { at: "2026-01-14T04:00:00Z", program: "pantry", who: "W", open: true },
    ]);
    const open = (await today(site.admin, { timeZone: "America/Los_Angeles" })).json;
    expect(open.signedInNow).toBe(before.signedInNow + 1);
    expect(open.today.visits).toBe(before.today.visits + 1);

    expect((await site.admin.call((api) => api.locations.remove({ id: closing.id }))).status).toBe(
      200,
    );
    const after = (await today(site.admin, { timeZone: "America/Los_Angeles" })).json;
    expect(after.signedInNow).toBe(before.signedInNow);
    expect(after.today).toEqual(before.today);
    expect((await today(site.admin, { locationId: closing.id })).status).toBe(404);
    expect((await today(site.admin, { locationId: 999_999 })).status).toBe(404);
  });

  it("is for staff: 401 anonymous, 403 a tablet, 422 bad input; the set-up list is an admin's alone", async () => {
    site.world.clock.fixed = now;
    expect((await today(site.world.client())).status).toBe(401);
    const tablet = await tabletClient(site.world, la.id);
    expect((await today(tablet, { locationId: la.id })).status).toBe(403);
    const bad = await today(site.admin, { locationId: "abc", timeZone: "Mars/Olympus" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "locationId",
      "timeZone",
    ]);

    const staff = await staffClient(site.world);
    const seen = await today(staff, { locationId: la.id });
    expect(seen.status).toBe(200);
    expect(seen.json.today).toEqual({ visits: 4, people: 3 });
    expect(seen.json.setup).toBeNull();
    expect((await today(site.admin, { locationId: la.id })).json.setup).not.toBeNull();
  });
});

// PGlite answers EXPLAIN too, but the plan that matters is the server's.
describeOnPostgres("the dashboard's plan on PostgreSQL", () => {
  it("reads each location's last 14 days from its own index range and who is in from the open visits' index, without the table", async () => {
    const db = site.world.services.db.kysely;
    const busy = await createLocation("Busy", "America/Chicago");
    const quiet = await createLocation("Quiet", "America/Chicago");
    // Years of history, so reading more than the last 14 days would show.
    for (const [id, n] of [
      [busy.id, 30_000],
      [quiet.id, 3_000],
    ] as const) {
      await sql`insert into visits (first_name, last_name, phone_number, temperature, time_in, time_out, location_id, program_id)
          select 'Plan', 'Rows', (4190000000 + g)::text, '98', t, t + interval '30 minutes', ${id}, ${site.catalog.pantry.id}
          from generate_series(1, ${n}::int) g cross join lateral (select timestamptz '2026-01-14T00:00:00Z' - g * interval '37 minutes' as t) x`.execute(
        db,
      );
    }
    await sql`vacuum analyze visits`.execute(db);
    const statement = figuresStatement([busy.id, quiet.id], "America/Chicago", now);
    const { rows } = await sql<{ "QUERY PLAN": string }>`explain (costs off) ${statement}`.execute(
      db,
    );
    const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
    expect(plan).toContain("Index Only Scan using visits_location_time_in_idx on visits");
    // Either partial index of open visits: both hold only who is in.
    expect(plan).toMatch(/Index Only Scan using visits_(one_)?open_idx on visits/);
    expect(plan).not.toContain("Seq Scan on visits");
  });
});
