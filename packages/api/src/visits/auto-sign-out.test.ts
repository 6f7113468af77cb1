import type { Db } from "@vsi/db";
import { eachMigratedDatabase } from "@vsi/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogWorld, tabletClient, visitor } from "../../test/fixtures.ts";
import { autoSignOut } from "./auto-sign-out.ts";

/**
 * When the automatic sign-out ends a visit, on each kind of database: at a location's time of day
 * in its own zone, or after its maximum stay. The job that runs it every minute is the server's
 * (apps/server, auto-sign-out-job.test.ts).
 */

const databases = eachMigratedDatabase();

describe.each(Object.keys(databases))("automatic sign-out on %s", (kind) => {
  let setup: Db | undefined;
  let program: number;
  let phones = 0;
  beforeAll(async () => {
    setup = await databases[kind]!();
    if (!setup) return;
    program = (
      await setup.kysely
        .insertInto("programs")
        .values({ name: "Food Pantry" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  });

  const db = () => setup!.kysely;
  async function location(settings: {
    zone?: string;
    at?: string | null;
    maxMinutes?: number | null;
  }) {
    const row = await db()
      .insertInto("locations")
      .values({
        name: "L",
        address: "",
        time_zone: settings.zone ?? "America/Los_Angeles",
        auto_sign_out_time: settings.at ?? null,
        max_stay_minutes: settings.maxMinutes ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  async function visit(locationId: number, timeIn: string) {
    const row = await db()
      .insertInto("visits")
      .values({
        first_name: "A",
        last_name: "B",
        phone_number: String(4_155_000_000 + ++phones),
        temperature: "98.6",
        location_id: locationId,
        program_id: program,
        time_in: new Date(timeIn),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const read = (id: number) =>
    db()
      .selectFrom("visits")
      .select(["time_out", "signed_out_by"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  const ended = async (id: number) => {
    const row = await read(id);
    return row.time_out ? [row.time_out.toISOString(), row.signed_out_by] : null;
  };

  it("a visit open at 20:59 is signed out at 21:00 Los Angeles time, not at 21:00 UTC", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    // 20:59 PST on 20 November is 04:59 UTC on the 21st.
    const id = await visit(la, "2026-11-21T04:59:00Z");
    expect(await autoSignOut(db(), new Date("2026-11-21T04:59:30Z"))).toEqual([]);
    // 05:00:30 UTC is 21:00:30 in Los Angeles: signed out at 21:00 local. Read in UTC, it would
    // have waited until 21:00 UTC, 16 hours later.
    const signedOut = await autoSignOut(db(), new Date("2026-11-21T05:00:30Z"));
    expect(signedOut.map((v) => v.id)).toEqual([id]);
    expect(await ended(id)).toEqual(["2026-11-21T05:00:00.000Z", "auto"]);
  });

  it("ends at the next local 21:00 across a daylight-saving change, both ways", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    // 22:00 PST on 7 March, past that day's 21:00: ends 21:00 PDT on 8 March, 23 hours later.
    const spring = await visit(la, "2026-03-08T06:00:00Z");
    // 22:00 PDT on 31 October: ends 21:00 PST on 1 November, 24 hours later.
    const autumn = await visit(la, "2026-11-01T05:00:00Z");
    await autoSignOut(db(), new Date("2026-03-09T03:59:00Z"));
    expect(await ended(spring)).toBeNull();
    await autoSignOut(db(), new Date("2026-03-09T04:00:00Z"));
    expect(await ended(spring)).toEqual(["2026-03-09T04:00:00.000Z", "auto"]);
    await autoSignOut(db(), new Date("2026-11-02T04:59:59Z"));
    expect(await ended(autumn)).toBeNull();
    await autoSignOut(db(), new Date("2026-11-02T05:00:00Z"));
    expect(await ended(autumn)).toEqual(["2026-11-02T05:00:00.000Z", "auto"]);
  });

  it("a visit found after its time (a server that was down) still ends at that time", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ at: "21:00" });
    const id = await visit(la, "2026-11-21T04:59:00Z");
    await autoSignOut(db(), new Date("2026-11-23T12:00:00Z"));
    expect(await ended(id)).toEqual(["2026-11-21T05:00:00.000Z", "auto"]);
  });

  it("reads the time in the location's own zone", async (ctx) => {
    if (!setup) return ctx.skip();
    const madrid = await location({ zone: "Europe/Madrid", at: "21:00" });
    const id = await visit(madrid, "2026-11-21T19:30:00Z"); // 20:30 in Madrid
    await autoSignOut(db(), new Date("2026-11-21T20:00:00Z"));
    expect(await ended(id)).toEqual(["2026-11-21T20:00:00.000Z", "auto"]);
  });

  it("a maximum stay ends a visit that long after it began; with both rules, the earlier wins", async (ctx) => {
    if (!setup) return ctx.skip();
    const stay = await location({ maxMinutes: 90 });
    const both = await location({ at: "21:00", maxMinutes: 12 * 60 });
    const short = await visit(stay, "2026-11-21T16:00:00Z");
    const evening = await visit(both, "2026-11-22T03:30:00Z"); // 19:30 PST: 21:00 comes before 12 hours
    const morning = await visit(both, "2026-11-21T16:00:00Z"); // 08:00 PST: 12 hours is 20:00, before 21:00
    await autoSignOut(db(), new Date("2026-11-21T17:29:00Z"));
    expect(await ended(short)).toBeNull();
    await autoSignOut(db(), new Date("2026-11-23T00:00:00Z"));
    expect(await ended(short)).toEqual(["2026-11-21T17:30:00.000Z", "auto"]);
    expect(await ended(morning)).toEqual(["2026-11-22T04:00:00.000Z", "auto"]);
    expect(await ended(evening)).toEqual(["2026-11-22T05:00:00.000Z", "auto"]);
  });

  it("leaves alone a location with no setting, and visits already signed out", async (ctx) => {
    if (!setup) return ctx.skip();
    const none = await location({});
    const open = await visit(none, "2020-01-01T10:00:00Z");
    const la = await location({ at: "21:00" });
    const out = await visit(la, "2026-11-21T16:00:00Z");
    await db()
      .updateTable("visits")
      .set({ time_out: new Date("2026-11-21T17:00:00Z"), signed_out_by: "visitor" })
      .where("id", "=", out)
      .execute();
    await autoSignOut(db(), new Date("2030-01-01T00:00:00Z"));
    expect(await ended(open)).toBeNull();
    expect(await ended(out)).toEqual(["2026-11-21T17:00:00.000Z", "visitor"]);
  });

  it("two runs at once sign each visit out once", async (ctx) => {
    if (!setup) return ctx.skip();
    const la = await location({ maxMinutes: 60 });
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => visit(la, "2026-11-21T16:00:00Z")),
    );
    const now = new Date("2026-11-21T18:00:00Z");
    const runs = await Promise.all([
      autoSignOut(db(), now),
      autoSignOut(db(), now),
      autoSignOut(db(), now),
    ]);
    const signedOut = runs
      .flat()
      .map((v) => v.id)
      .filter((id) => ids.includes(id));
    expect(signedOut.sort()).toEqual([...ids].sort());
  });
});

describe("the automatic sign-out run now by an admin", () => {
  const site = useCatalogWorld();

  /** A location whose visits end after a quarter of an hour, and one visit signed in there now. */
  async function quarterHourVisit() {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({
          Name: `Quarter Hall ${Math.random()}`,
          ProgramIds: [site.catalog.pantry.id],
          MaxStayHours: 0.25,
        }),
      )
    ).json as { id: number };
    const tablet = await tabletClient(site.world, location.id);
    const visit = (
      await tablet.call((api) => api.visits.create(visitor(location.id, site.catalog.pantry.id)))
    ).json as { id: number; TimeIn: string };
    return { location, visit };
  }

  const read = async (id: number) =>
    (await site.admin.call((api) => api.visits.get({ id }))).json as {
      TimeOut: string | null;
      SignedOutBy: string | null;
    };

  /** Half an hour on, on the API's clock: past the quarter hour's stay. */
  async function halfAnHourLater<T>(work: () => Promise<T>): Promise<T> {
    site.world.clock.offsetMs = 30 * 60_000;
    try {
      return await work();
    } finally {
      site.world.clock.offsetMs = 0;
    }
  }

  it("runs now for an admin (settings.runAutoSignOut), saying how many it signed out", async () => {
    const { visit } = await quarterHourVisit();
    const run = () => site.admin.call((api) => api.settings.runAutoSignOut({}));
    expect((await run()).json).toEqual({ signedOut: 0 });
    const later = await halfAnHourLater(run);
    expect(later.status).toBe(200);
    expect(later.json).toEqual({ signedOut: 1 });
    expect(await read(visit.id)).toEqual(
      expect.objectContaining({
        TimeOut: new Date(Date.parse(visit.TimeIn) + 15 * 60_000).toISOString(),
        SignedOutBy: "auto",
      }),
    );
    expect((await halfAnHourLater(run)).json).toEqual({ signedOut: 0 });
  });
});
