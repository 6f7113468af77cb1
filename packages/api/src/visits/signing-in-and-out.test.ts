import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { visitCount } from "../../test/visit-rows.ts";
import type { Client } from "../../test/world.ts";

/** Signing in and out at a tablet, and staff reading, correcting and deleting visits. */

const site = useCatalogWorld();
let mainTablet: Client;
let eastTablet: Client;
beforeAll(async () => {
  mainTablet = await tabletClient(site.world, site.catalog.main.id);
  eastTablet = await tabletClient(site.world, site.catalog.east.id);
});

describe("signing in and out on a tablet", () => {
  it("creates a visit (201) with TimeIn from the server and TimeOut null", async () => {
    const before = Date.now();
    const res = await mainTablet.call((api) =>
      api.visits.create(
        visitor(site.catalog.main.id, site.catalog.tutoring.id, { PhoneNumber: "415-555-1234" }),
      ),
    );
    expect(res.status).toBe(201);
    // The tablet gets back what its sheet shows (tablet-view.test.ts); the row has it all.
    expect(res.json).toMatchObject({
      FirstName: "Grace",
      LastName: "H",
      PhoneNumber: "xxxxxx1234",
      Temperature: "98.6",
      TimeOut: null,
      LocationId: site.catalog.main.id,
      ProgramId: site.catalog.tutoring.id,
    });
    expect(new Date(res.json.TimeIn).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(
      (await site.admin.call((api) => api.visits.get({ id: res.json.id }))).json,
    ).toMatchObject({
      LastName: "Hopper",
      PhoneNumber: "4155551234",
    });
  });

  it("validates like the sign-in form and writes nothing on failure", async () => {
    const before = await visitCount(site.world);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ PhoneNumber: "415-555-123" }, "PhoneNumber"],
      [{ Temperature: "-1" }, "Temperature"],
      [{ Temperature: "98.6F" }, "Temperature"],
      [{ FirstName: "   " }, "FirstName"],
      [{ LastName: "" }, "LastName"],
      [{ ProgramId: site.catalog.jobs.id }, "ProgramId"],
      [{ FirstName: "x".repeat(100_000) }, "FirstName"],
      [{ LocationId: "one" }, "LocationId"],
    ];
    for (const [override, path] of cases) {
      const res = await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id, override)),
      );
      expect(res.status, JSON.stringify(override).slice(0, 60)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await visitCount(site.world)).toBe(before);
  });

  it("keeps a tablet to its own location", async () => {
    const res = await eastTablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
    );
    expect(res.status).toBe(403);
    expect(
      (await eastTablet.call((api) => api.visits.list({ locationId: site.catalog.main.id })))
        .status,
    ).toBe(403);
    const mine = (
      await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id)),
      )
    ).json;
    expect((await eastTablet.call((api) => api.visits.get({ id: mine.id }))).status).toBe(403);
    expect((await eastTablet.call((api) => api.visits.signOut({ id: mine.id }))).status).toBe(403);
    expect(
      (await eastTablet.call((api) => api.visits.update({ id: mine.id, FirstName: "X" }))).status,
    ).toBe(403);
    expect((await mainTablet.call((api) => api.visits.signOut({ id: mine.id }))).status).toBe(200);
  });

  it("lists a tablet's open visits oldest first, and a sign-out keeps its first time", async () => {
    const first = (
      await mainTablet.call((api) =>
        api.visits.create(
          visitor(site.catalog.main.id, site.catalog.pantry.id, { FirstName: "First" }),
        ),
      )
    ).json;
    const second = (
      await mainTablet.call((api) =>
        api.visits.create(
          visitor(site.catalog.main.id, site.catalog.pantry.id, { FirstName: "Second" }),
        ),
      )
    ).json;
    const sheet = await mainTablet.call((api) =>
      api.visits.list({
        locationId: site.catalog.main.id,
        programId: site.catalog.pantry.id,
        timeZone: "America/Los_Angeles",
      }),
    );
    expect(sheet.status).toBe(200);
    const ids = sheet.json.map((v: { id: number }) => v.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(
      sheet.json.every(
        (v: { TimeOut: string | null; LocationId: number }) =>
          v.TimeOut === null && v.LocationId === site.catalog.main.id,
      ),
    ).toBe(true);

    expect(first.SignedOutBy).toBeNull();
    const out = await mainTablet.call((api) => api.visits.signOut({ id: first.id }));
    expect(out.status).toBe(200);
    expect(out.json.TimeOut).not.toBeNull();
    expect(out.json.SignedOutBy).toBe("visitor");
    site.world.clock.offsetMs = 60_000;
    const again = await mainTablet.call((api) => api.visits.signOut({ id: first.id }));
    site.world.clock.offsetMs = 0;
    expect(again.json.TimeOut).toBe(out.json.TimeOut);
    // Staff signing out a visit the visitor already ended changes neither the time nor who did it.
    const staffAgain = await site.admin.call((api) => api.visits.signOut({ id: first.id }));
    expect(staffAgain.json).toMatchObject({ TimeOut: out.json.TimeOut, SignedOutBy: "visitor" });
    const after = await mainTablet.call((api) =>
      api.visits.list({ locationId: site.catalog.main.id, programId: site.catalog.pantry.id }),
    );
    expect(after.json.map((v: { id: number }) => v.id)).not.toContain(first.id);
  });

  it("an Idempotency-Key makes a retried sign-in return the first visit and create nothing", async () => {
    const body = visitor(site.catalog.main.id, site.catalog.tutoring.id, { FirstName: "Retry" });
    const a = await mainTablet.call((api) => api.visits.create(body), {
      headers: { "idempotency-key": "attempt-1" },
    });
    const b = await mainTablet.call((api) => api.visits.create(body), {
      headers: { "idempotency-key": "attempt-1" },
    });
    expect(a.status).toBe(201);
    expect(b.json.id).toBe(a.json.id);
    // Concurrent retries still make one visit.
    const another = visitor(site.catalog.main.id, site.catalog.tutoring.id, { FirstName: "Retry" });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        mainTablet.call((api) => api.visits.create(another), {
          headers: { "idempotency-key": "attempt-2" },
        }),
      ),
    );
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    const rows = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("first_name", "=", "Retry")
      .execute();
    expect(rows).toHaveLength(2);
    // Another tablet using the same key gets its own visit, never this one.
    const other = await eastTablet.call(
      (api) => api.visits.create(visitor(site.catalog.east.id, site.catalog.jobs.id)),
      {
        headers: {
          "idempotency-key": "attempt-1",
        },
      },
    );
    expect(other.json.id).not.toBe(a.json.id);
    // A keyed sign-in is validated like any other, and a refused one claims no key.
    const refused = await mainTablet.call(
      (api) => api.visits.create(visitor(site.catalog.main.id, site.catalog.jobs.id)),
      { headers: { "idempotency-key": "attempt-3" } },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      {
        path: "ProgramId",
        message: "Program is not offered at this location",
        key: "programNotOffered",
        values: {},
      },
    ]);
    const unknownPlace = await site.admin.call(
      (api) => api.visits.create(visitor(987654, site.catalog.jobs.id)),
      {
        headers: {
          "idempotency-key": "attempt-4",
        },
      },
    );
    expect(unknownPlace.json.errors).toEqual([
      {
        path: "LocationId",
        message: "Location not found",
        key: "notFound",
        values: { thing: "Location" },
      },
    ]);
    // Each visit keeps the key that wrote it; the refused sign-ins kept none.
    const keyed = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("idempotency_key", "is not", null)
      .where("id", "in", [a.json.id, results[0]!.json.id, other.json.id])
      .execute();
    expect(keyed).toHaveLength(3);
    const retried = await mainTablet.call(
      (api) => api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      { headers: { "idempotency-key": "attempt-3" } },
    );
    expect(retried.status).toBe(201);
    // After 24 hours the key may be used again.
    site.world.clock.offsetMs = 25 * 3600_000;
    const later = await mainTablet.call((api) => api.visits.create(body), {
      headers: { "idempotency-key": "attempt-1" },
    });
    site.world.clock.offsetMs = 0;
    expect(later.json.id).not.toBe(a.json.id);
  });
});

describe("a sign-in the tablet kept while offline", () => {
  it("keeps the visitor's own TimeIn (tablet and staff, with and without a key) and createdAt from the server", async () => {
    const timeIn = new Date(site.world.services.now().getTime() - 2 * 3600_000).toISOString();
    // A new visitor each time (visitor() varies the phone), the same TimeIn.
    const kept = () => visitor(site.catalog.main.id, site.catalog.tutoring.id, { TimeIn: timeIn });
    const sends = [
      () =>
        mainTablet.call((api) => api.visits.create(kept()), {
          headers: { "idempotency-key": "queued-1" },
        }),
      () => mainTablet.call((api) => api.visits.create(kept())),
      () =>
        site.admin.call((api) => api.visits.create(kept()), {
          headers: { "idempotency-key": "queued-2" },
        }),
      () => site.admin.call((api) => api.visits.create(kept())),
    ];
    for (const send of sends) {
      const before = site.world.services.now().getTime();
      const res = await send();
      expect(res.status).toBe(201);
      expect(res.json.TimeIn).toBe(timeIn);
      expect(new Date(res.json.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    // The key as the web app sends it, in the input.
    const inInput = await mainTablet.call((api) =>
      api.visits.create({
        ...visitor(site.catalog.main.id, site.catalog.tutoring.id),
        TimeIn: timeIn,
        idempotencyKey: "queued-3",
      }),
    );
    expect(inInput.json.TimeIn).toBe(timeIn);
  });

  it("refuses a TimeIn over 24 hours old, in the future, or not a time (422 on TimeIn) and writes nothing", async () => {
    const before = await visitCount(site.world);
    const now = site.world.services.now().getTime();
    const cases: Array<[string, string]> = [
      [
        new Date(now - 25 * 3600_000).toISOString(),
        "TimeIn is more than 24 hours old: sign the visitor in again",
      ],
      [new Date(now + 3600_000).toISOString(), "TimeIn is in the future: check the tablet's clock"],
      ["yesterday at nine", "TimeIn must be a date and time like 2026-11-21T09:00:00Z"],
    ];
    for (const [TimeIn, message] of cases) {
      for (const key of [{ "idempotency-key": `late-${TimeIn}` }, {}] as Array<
        Record<string, string>
      >) {
        const res = await mainTablet.call(
          (api) =>
            api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id, { TimeIn })),
          { headers: key },
        );
        expect(res.status, TimeIn).toBe(422);
        expect(res.json.errors).toMatchObject([{ path: "TimeIn", message }]);
      }
    }
    expect(await visitCount(site.world)).toBe(before);
  });
});

describe("one open visit per phone at a location and program", () => {
  it("refuses a second sign-in with 409 and the open visit, with a key or without", async () => {
    const body = visitor(site.catalog.main.id, site.catalog.pantry.id, { FirstName: "Twice" });
    const first = await mainTablet.call((api) => api.visits.create(body));
    expect(first.status).toBe(201);
    const again = await mainTablet.call(
      (api) => api.visits.create({ ...body, FirstName: "Again" }),
      { headers: { "idempotency-key": "twice-2" } },
    );
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      status: 409,
      message: "This phone number is already signed in here",
      visit: { id: first.json.id, FirstName: "Twice", TimeIn: first.json.TimeIn, TimeOut: null },
    });
    const unkeyed = await mainTablet.call((api) => api.visits.create(body));
    expect(unkeyed.status).toBe(409);
    expect(unkeyed.json).toMatchObject({ status: 409, visit: { id: first.json.id } });
    // The same phone may be in another program at once, and again here once signed out.
    expect(
      (
        await mainTablet.call((api) =>
          api.visits.create(
            visitor(site.catalog.main.id, site.catalog.tutoring.id, {
              PhoneNumber: body.PhoneNumber,
            }),
          ),
        )
      ).status,
    ).toBe(201);
    await mainTablet.call((api) => api.visits.signOut({ id: first.json.id }));
    expect((await mainTablet.call((api) => api.visits.create(body))).status).toBe(201);
  });

  it("lets exactly one of two tablets racing the same phone in win; the others get 409 with the winner", async () => {
    const secondTablet = await tabletClient(site.world, site.catalog.main.id);
    const body = visitor(site.catalog.main.id, site.catalog.pantry.id, { FirstName: "Race" });
    const results = await Promise.all(
      [mainTablet, secondTablet, mainTablet, secondTablet, mainTablet, secondTablet].map(
        (tablet, i) =>
          tablet.call((api) => api.visits.create(body), {
            headers: i % 2 ? { "idempotency-key": `race-${i}` } : {},
          }),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.visit.id)).toEqual(
      Array(5).fill(won[0]!.json.id),
    );
    const open = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("first_name", "=", "Race")
      .where("time_out", "is", null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it("ends a visit left open for over 12 hours when that phone signs in again", async () => {
    const body = visitor(site.catalog.main.id, site.catalog.pantry.id, { FirstName: "Forgot" });
    const old = (await mainTablet.call((api) => api.visits.create(body))).json;
    site.world.clock.offsetMs = 13 * 3600_000;
    try {
      const fresh = await mainTablet.call((api) => api.visits.create(body));
      expect(fresh.status).toBe(201);
      const ended = (await site.admin.call((api) => api.visits.get({ id: old.id }))).json;
      expect(ended.TimeOut).toBe(fresh.json.TimeIn);
      expect(ended.SignedOutBy).toBe("auto");
    } finally {
      site.world.clock.offsetMs = 0;
    }
  });

  it("refuses correcting a visit's phone to one already signed in there (409, not 500)", async () => {
    const first = visitor(site.catalog.main.id, site.catalog.pantry.id);
    const a = (await mainTablet.call((api) => api.visits.create(first))).json;
    const b = (
      await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.pantry.id)),
      )
    ).json;
    const res = await site.admin.call((api) =>
      api.visits.update({ id: b.id, PhoneNumber: first.PhoneNumber }),
    );
    expect(res.status).toBe(409);
    expect(res.json.visit.id).toBe(a.id);
  });
});

describe("staff and visits", () => {
  it("a staff sign-out records that staff did it", async () => {
    const staff = await staffClient(site.world);
    const a = (
      await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      )
    ).json;
    const b = (
      await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      )
    ).json;
    const rest = await staff.call((api) => api.visits.signOut({ id: a.id }));
    expect(rest.json).toMatchObject({ id: a.id, SignedOutBy: "staff" });
    expect(rest.json.TimeOut).not.toBeNull();
    const another = await staff.call((api) => api.visits.signOut({ id: b.id }));
    expect(another.json).toMatchObject({ id: b.id, SignedOutBy: "staff" });
  });

  it("staff may read and correct visits; only admins delete", async () => {
    const staff = await staffClient(site.world);
    const created = (
      await mainTablet.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      )
    ).json;
    expect((await staff.call((api) => api.visits.get({ id: created.id }))).json.id).toBe(
      created.id,
    );
    const fixed = await staff.call((api) =>
      api.visits.update({
        id: created.id,
        LastName: "Hopper-Murray",
        PhoneNumber: "(212) 555-0100",
      }),
    );
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({ LastName: "Hopper-Murray", PhoneNumber: "2125550100" });
    expect(
      (await staff.call((api) => api.visits.update({ id: created.id, Temperature: "hot" }))).status,
    ).toBe(422);
    expect((await staff.call((api) => api.visits.remove({ id: created.id }))).status).toBe(403);
    expect((await site.admin.call((api) => api.visits.remove({ id: created.id }))).status).toBe(
      200,
    );
    expect((await site.admin.call((api) => api.visits.get({ id: created.id }))).status).toBe(404);
    expect((await site.admin.call((api) => api.visits.remove({ id: created.id }))).status).toBe(
      404,
    );
  });
});
