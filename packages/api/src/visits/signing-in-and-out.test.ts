import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, createCatalog, staffClient, tabletClient, visitor } from "./fixtures.ts";
import { newLoopbackAddress } from "./addresses.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

let server: TestServer;
let admin: Client;
let catalog: Awaited<ReturnType<typeof createCatalog>>;
let mainTablet: Client;
let eastTablet: Client;

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  catalog = await createCatalog(admin);
  mainTablet = await tabletClient(server, catalog.main.id);
  eastTablet = await tabletClient(server, catalog.east.id);
});
afterAll(() => server.close());

let insertedPhones = 0;
async function insertVisits(
  rows: Array<{
    timeIn: string;
    timeOut?: string | null;
    locationId?: number;
    programId?: number;
    first?: string;
    phone?: string;
  }>,
) {
  await server.services.db.kysely
    .insertInto("visits")
    .values(
      rows.map((r, i) => ({
        first_name: r.first ?? `V${i}`,
        last_name: "Test",
        phone_number: r.phone ?? String(4_155_000_000 + ++insertedPhones),
        temperature: "98.1",
        location_id: r.locationId ?? catalog.main.id,
        program_id: r.programId ?? catalog.tutoring.id,
        time_in: new Date(r.timeIn),
        time_out: r.timeOut ? new Date(r.timeOut) : null,
      })),
    )
    .execute();
}

/** How many visits the database holds: a refused write leaves it as it was. */
async function visitCount(): Promise<number> {
  const row = await server.services.db.kysely
    .selectFrom("visits")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("signing in and out on a tablet", () => {
  it("creates a visit (201) with TimeIn from the server and TimeOut null", async () => {
    const before = Date.now();
    const res = await mainTablet.post(
      "/api/visits",
      visitor(catalog.main.id, catalog.tutoring.id, { PhoneNumber: "415-555-1234" }),
    );
    expect(res.status).toBe(201);
    // The tablet gets back what its sheet shows (tablet-view.test.ts); the row has it all.
    expect(res.json).toMatchObject({
      FirstName: "Grace",
      LastName: "H",
      PhoneNumber: "xxxxxx1234",
      Temperature: "98.6",
      TimeOut: null,
      LocationId: catalog.main.id,
      ProgramId: catalog.tutoring.id,
    });
    expect(new Date(res.json.TimeIn).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await admin.get(`/api/visits/${res.json.id}`)).json).toMatchObject({
      LastName: "Hopper",
      PhoneNumber: "4155551234",
    });
  });

  it("validates like the sign-in form and writes nothing on failure", async () => {
    const before = await visitCount();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ PhoneNumber: "415-555-123" }, "PhoneNumber"],
      [{ Temperature: "-1" }, "Temperature"],
      [{ Temperature: "98.6F" }, "Temperature"],
      [{ FirstName: "   " }, "FirstName"],
      [{ LastName: "" }, "LastName"],
      [{ ProgramId: catalog.jobs.id }, "ProgramId"],
      [{ FirstName: "x".repeat(100_000) }, "FirstName"],
      [{ LocationId: "one" }, "LocationId"],
    ];
    for (const [override, path] of cases) {
      const res = await mainTablet.post(
        "/api/visits",
        visitor(catalog.main.id, catalog.tutoring.id, override),
      );
      expect(res.status, JSON.stringify(override).slice(0, 60)).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    expect(await visitCount()).toBe(before);
  });

  it("keeps a tablet to its own location", async () => {
    const res = await eastTablet.post("/api/visits", visitor(catalog.main.id, catalog.tutoring.id));
    expect(res.status).toBe(403);
    expect((await eastTablet.get(`/api/visits?locationId=${catalog.main.id}`)).status).toBe(403);
    const mine = (await mainTablet.post("/api/visits", visitor(catalog.main.id, catalog.pantry.id)))
      .json;
    expect((await eastTablet.get(`/api/visits/${mine.id}`)).status).toBe(403);
    expect((await eastTablet.patch(`/api/visits/${mine.id}/sign-out`)).status).toBe(403);
    expect((await eastTablet.patch(`/api/visits/${mine.id}`, { FirstName: "X" })).status).toBe(403);
    expect((await mainTablet.patch(`/api/visits/${mine.id}/sign-out`)).status).toBe(200);
  });

  it("lists a tablet's open visits oldest first, and a sign-out keeps its first time", async () => {
    const first = (
      await mainTablet.post(
        "/api/visits",
        visitor(catalog.main.id, catalog.pantry.id, { FirstName: "First" }),
      )
    ).json;
    const second = (
      await mainTablet.post(
        "/api/visits",
        visitor(catalog.main.id, catalog.pantry.id, { FirstName: "Second" }),
      )
    ).json;
    const sheet = await mainTablet.get(
      `/api/visits?locationId=${catalog.main.id}&programId=${catalog.pantry.id}&timeZone=America/Los_Angeles`,
    );
    expect(sheet.status).toBe(200);
    const ids = sheet.json.map((v: { id: number }) => v.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(
      sheet.json.every(
        (v: { TimeOut: string | null; LocationId: number }) =>
          v.TimeOut === null && v.LocationId === catalog.main.id,
      ),
    ).toBe(true);

    expect(first.SignedOutBy).toBeNull();
    const out = await mainTablet.patch(`/api/visits/${first.id}/sign-out`);
    expect(out.status).toBe(200);
    expect(out.json.TimeOut).not.toBeNull();
    expect(out.json.SignedOutBy).toBe("visitor");
    server.clock.offsetMs = 60_000;
    const again = await mainTablet.patch(`/api/visits/${first.id}/sign-out`);
    server.clock.offsetMs = 0;
    expect(again.json.TimeOut).toBe(out.json.TimeOut);
    // Staff signing out a visit the visitor already ended changes neither the time nor who did it.
    const staffAgain = await admin.patch(`/api/visits/${first.id}/sign-out`);
    expect(staffAgain.json).toMatchObject({ TimeOut: out.json.TimeOut, SignedOutBy: "visitor" });
    const after = await mainTablet.get(
      `/api/visits?locationId=${catalog.main.id}&programId=${catalog.pantry.id}`,
    );
    expect(after.json.map((v: { id: number }) => v.id)).not.toContain(first.id);
  });

  it("signs out over /trpc as the web app does", async () => {
    await mainTablet.prime();
    const created = await mainTablet.trpc(
      "mutation",
      "visits.create",
      visitor(catalog.main.id, catalog.tutoring.id, { FirstName: "Rpc" }),
    );
    expect(created.status).toBe(200);
    const id = created.json.result.data.id;
    const out = await mainTablet.trpc("mutation", "visits.signOut", { id });
    expect(out.json.result.data.TimeOut).not.toBeNull();
    expect(out.json.result.data.SignedOutBy).toBe("visitor");
    const list = await mainTablet.trpc("query", "visits.list", {
      locationId: catalog.main.id,
      programId: catalog.tutoring.id,
    });
    expect(list.json.result.data.map((v: { id: number }) => v.id)).not.toContain(id);
  });

  it("an Idempotency-Key makes a retried sign-in return the first visit and create nothing", async () => {
    const body = visitor(catalog.main.id, catalog.tutoring.id, { FirstName: "Retry" });
    const a = await mainTablet.post("/api/visits", body, { "idempotency-key": "attempt-1" });
    const b = await mainTablet.post("/api/visits", body, { "idempotency-key": "attempt-1" });
    expect(a.status).toBe(201);
    expect(b.json.id).toBe(a.json.id);
    // Concurrent retries still make one visit.
    const another = visitor(catalog.main.id, catalog.tutoring.id, { FirstName: "Retry" });
    const results = await Promise.all(
      [1, 2, 3, 4].map(() =>
        mainTablet.post("/api/visits", another, { "idempotency-key": "attempt-2" }),
      ),
    );
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    const rows = await server.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("first_name", "=", "Retry")
      .execute();
    expect(rows).toHaveLength(2);
    // Another tablet using the same key gets its own visit, never this one.
    const other = await eastTablet.post("/api/visits", visitor(catalog.east.id, catalog.jobs.id), {
      "idempotency-key": "attempt-1",
    });
    expect(other.json.id).not.toBe(a.json.id);
    // A keyed sign-in is validated like any other, and a refused one claims no key.
    const refused = await mainTablet.post(
      "/api/visits",
      visitor(catalog.main.id, catalog.jobs.id),
      { "idempotency-key": "attempt-3" },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      { path: "ProgramId", message: "Program is not offered at this location" },
    ]);
    const unknownPlace = await admin.post("/api/visits", visitor(987654, catalog.jobs.id), {
      "idempotency-key": "attempt-4",
    });
    expect(unknownPlace.json.errors).toEqual([
      { path: "LocationId", message: "Location not found" },
    ]);
    const keys = await server.services.db.kysely
      .selectFrom("visit_idempotency_keys")
      .select("key")
      .where("key", "like", "%attempt-%")
      .execute();
    expect(keys.map((k) => k.key.split(":")[1]).sort()).toEqual([
      "attempt-1",
      "attempt-1",
      "attempt-2",
    ]);
    const retried = await mainTablet.post(
      "/api/visits",
      visitor(catalog.main.id, catalog.tutoring.id),
      { "idempotency-key": "attempt-3" },
    );
    expect(retried.status).toBe(201);
    // After 24 hours the key may be used again.
    server.clock.offsetMs = 25 * 3600_000;
    const later = await mainTablet.post("/api/visits", body, { "idempotency-key": "attempt-1" });
    server.clock.offsetMs = 0;
    expect(later.json.id).not.toBe(a.json.id);
  });
});

describe("a sign-in the tablet kept while offline", () => {
  it("keeps the visitor's own TimeIn (tablet and staff, with and without a key) and createdAt from the server", async () => {
    const timeIn = new Date(server.services.now().getTime() - 2 * 3600_000).toISOString();
    // A new visitor each time (visitor() varies the phone), the same TimeIn.
    const kept = () => visitor(catalog.main.id, catalog.tutoring.id, { TimeIn: timeIn });
    const sends = [
      () => mainTablet.post("/api/visits", kept(), { "idempotency-key": "queued-1" }),
      () => mainTablet.post("/api/visits", kept()),
      () => admin.post("/api/visits", kept(), { "idempotency-key": "queued-2" }),
      () => admin.post("/api/visits", kept()),
    ];
    for (const send of sends) {
      const before = server.services.now().getTime();
      const res = await send();
      expect(res.status).toBe(201);
      expect(res.json.TimeIn).toBe(timeIn);
      expect(new Date(res.json.createdAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
    await mainTablet.prime();
    const rpc = await mainTablet.trpc("mutation", "visits.create", {
      ...visitor(catalog.main.id, catalog.tutoring.id),
      TimeIn: timeIn,
      idempotencyKey: "queued-3",
    });
    expect(rpc.json.result.data.TimeIn).toBe(timeIn);
  });

  it("refuses a TimeIn over 24 hours old, in the future, or not a time (422 on TimeIn) and writes nothing", async () => {
    const before = await visitCount();
    const now = server.services.now().getTime();
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
        const res = await mainTablet.post(
          "/api/visits",
          visitor(catalog.main.id, catalog.tutoring.id, { TimeIn }),
          key,
        );
        expect(res.status, TimeIn).toBe(422);
        expect(res.json.errors).toEqual([{ path: "TimeIn", message }]);
      }
    }
    expect(await visitCount()).toBe(before);
  });
});

describe("one open visit per phone at a location and program", () => {
  it("refuses a second sign-in with 409 and the open visit, over /api and /trpc", async () => {
    const body = visitor(catalog.main.id, catalog.pantry.id, { FirstName: "Twice" });
    const first = await mainTablet.post("/api/visits", body);
    expect(first.status).toBe(201);
    const again = await mainTablet.post(
      "/api/visits",
      { ...body, FirstName: "Again" },
      { "idempotency-key": "twice-2" },
    );
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      status: 409,
      message: "This phone number is already signed in here",
      visit: { id: first.json.id, FirstName: "Twice", TimeIn: first.json.TimeIn, TimeOut: null },
    });
    await mainTablet.prime();
    const rpc = await mainTablet.trpc("mutation", "visits.create", body);
    expect(rpc.status).toBe(409);
    expect(rpc.json.error).toMatchObject({ status: 409, visit: { id: first.json.id } });
    // The same phone may be in another program at once, and again here once signed out.
    expect(
      (
        await mainTablet.post(
          "/api/visits",
          visitor(catalog.main.id, catalog.tutoring.id, { PhoneNumber: body.PhoneNumber }),
        )
      ).status,
    ).toBe(201);
    await mainTablet.patch(`/api/visits/${first.json.id}/sign-out`);
    expect((await mainTablet.post("/api/visits", body)).status).toBe(201);
  });

  it("lets exactly one of two tablets racing the same phone in win; the others get 409 with the winner", async () => {
    const secondTablet = await tabletClient(server, catalog.main.id);
    const body = visitor(catalog.main.id, catalog.pantry.id, { FirstName: "Race" });
    const results = await Promise.all(
      [mainTablet, secondTablet, mainTablet, secondTablet, mainTablet, secondTablet].map(
        (tablet, i) =>
          tablet.post("/api/visits", body, i % 2 ? { "idempotency-key": `race-${i}` } : {}),
      ),
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.json.visit.id)).toEqual(
      Array(5).fill(won[0]!.json.id),
    );
    const open = await server.services.db.kysely
      .selectFrom("visits")
      .select("id")
      .where("first_name", "=", "Race")
      .where("time_out", "is", null)
      .execute();
    expect(open).toHaveLength(1);
  });

  it("ends a visit left open for over 12 hours when that phone signs in again", async () => {
    const body = visitor(catalog.main.id, catalog.pantry.id, { FirstName: "Forgot" });
    const old = (await mainTablet.post("/api/visits", body)).json;
    server.clock.offsetMs = 13 * 3600_000;
    try {
      const fresh = await mainTablet.post("/api/visits", body);
      expect(fresh.status).toBe(201);
      const ended = (await admin.get(`/api/visits/${old.id}`)).json;
      expect(ended.TimeOut).toBe(fresh.json.TimeIn);
      expect(ended.SignedOutBy).toBe("auto");
    } finally {
      server.clock.offsetMs = 0;
    }
  });

  it("refuses correcting a visit's phone to one already signed in there (409, not 500)", async () => {
    const first = visitor(catalog.main.id, catalog.pantry.id);
    const a = (await mainTablet.post("/api/visits", first)).json;
    const b = (await mainTablet.post("/api/visits", visitor(catalog.main.id, catalog.pantry.id)))
      .json;
    const res = await admin.patch(`/api/visits/${b.id}`, { PhoneNumber: first.PhoneNumber });
    expect(res.status).toBe(409);
    expect(res.json.visit.id).toBe(a.id);
  });
});

describe("visitor lookup", () => {
  it("returns the names of the latest visit with that phone number at the tablet's own location", async () => {
    await insertVisits([
      {
        timeIn: "2025-01-01T10:00:00Z",
        timeOut: "2025-01-01T11:00:00Z",
        phone: "2125550199",
        first: "Old",
      },
      { timeIn: "2025-06-01T10:00:00Z", phone: "2125550199", first: "New" },
      // A later visit elsewhere is not this location's to tell.
      {
        timeIn: "2025-07-01T10:00:00Z",
        phone: "2125550199",
        first: "Elsewhere",
        locationId: catalog.east.id,
        programId: catalog.jobs.id,
      },
    ]);
    const res = await mainTablet.get("/api/visits/search?phoneNumber=2125550199");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ FirstName: "New", LastName: "Test" });
    expect((await mainTablet.get("/api/visits/search?phoneNumber=9999999999")).status).toBe(404);
    expect((await mainTablet.get("/api/visits/search?phoneNumber=212-555")).status).toBe(422);
    expect((await server.client().get("/api/visits/search?phoneNumber=2125550199")).status).toBe(
      401,
    );
  });

  it("answers a tablet only for visitors of its own location (404 for another's), and staff for every location", async () => {
    await insertVisits([{ timeIn: "2025-06-01T10:00:00Z", phone: "2125550188", first: "Main" }]);
    const elsewhere = await eastTablet.get("/api/visits/search?phoneNumber=2125550188");
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json).toEqual({ status: 404, message: "Visitor not found" });
    expect((await admin.get("/api/visits/search?phoneNumber=2125550188")).json).toEqual({
      FirstName: "Main",
      LastName: "Test",
    });
    const staff = await staffClient(server);
    expect((await staff.get("/api/visits/search?phoneNumber=2125550188")).status).toBe(200);
  });

  it("slows down a location's lookups on one budget, shared by all its tablets and addresses (429 with Retry-After); other locations keep theirs", async () => {
    const location = (
      await admin.post("/api/locations", { Name: "Budget", ProgramIds: [catalog.jobs.id] })
    ).json as { id: number };
    const tablets = [
      await tabletClient(server, location.id),
      await tabletClient(server, location.id),
      await tabletClient(server, location.id),
    ];
    tablets[1]!.address = newLoopbackAddress();
    tablets[2]!.address = newLoopbackAddress();
    for (let i = 0; i < 60; i++) {
      const res = await tablets[i % 3]!.get(
        `/api/visits/search?phoneNumber=30355500${String(i).padStart(2, "0")}`,
      );
      expect(res.status, `lookup ${i}`).toBe(404);
    }
    for (const tablet of [...tablets, await tabletClient(server, location.id)]) {
      const res = await tablet.get("/api/visits/search?phoneNumber=3035550060");
      expect(res.status).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    }
    expect((await eastTablet.get("/api/visits/search?phoneNumber=3035550060")).status).toBe(404);
  });

  it("counts each tablet's lookups per day in the audit log (one row, its count raised), never the phone numbers", async () => {
    const location = (
      await admin.post("/api/locations", {
        Name: "Counted",
        ProgramIds: [catalog.jobs.id],
        TimeZone: "America/Los_Angeles",
      })
    ).json as { id: number };
    const one = await tabletClient(server, location.id);
    const two = await tabletClient(server, location.id);
    const tabletIds = (
      await server.services.db.kysely
        .selectFrom("tablets")
        .select("id")
        .where("location_id", "=", location.id)
        .orderBy("id")
        .execute()
    ).map((t) => t.id);
    // Noon in Los Angeles: the day counted is the location's, whatever the machine's zone.
    const noon = Date.parse("2026-03-10T19:00:00Z");
    server.clock.offsetMs = noon - Date.now();
    try {
      for (let i = 0; i < 3; i++) await one.get(`/api/visits/search?phoneNumber=505555010${i}`);
      await two.get("/api/visits/search?phoneNumber=5055550109");
      server.clock.offsetMs = noon + 24 * 3600_000 - Date.now();
      await one.get("/api/visits/search?phoneNumber=5055550108");
    } finally {
      server.clock.offsetMs = 0;
    }
    const rows = await server.services.db.kysely
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "visitor.lookup")
      .where("location_id", "=", location.id)
      .orderBy("id")
      .execute();
    expect(
      rows.map((r) => [r.actor, r.tablet_id, r.subject_type, r.subject_id, r.details]),
    ).toEqual([
      ["tablet", tabletIds[0], "tablet", tabletIds[0], { day: "2026-03-10", lookups: 3 }],
      ["tablet", tabletIds[1], "tablet", tabletIds[1], { day: "2026-03-10", lookups: 1 }],
      ["tablet", tabletIds[0], "tablet", tabletIds[0], { day: "2026-03-11", lookups: 1 }],
    ]);
    expect(JSON.stringify(rows)).not.toContain("505555");
    // The admin's log shows them as any other entry.
    const log = await admin.get(`/api/audit?action=visitor.lookup&locationId=${location.id}`);
    expect(log.status).toBe(200);
    expect(log.json).toHaveLength(3);
  });
});

describe("the staff report", () => {
  it("reads from/to as calendar days in timeZone (a 23:30 Los Angeles visit is the next day in UTC)", async () => {
    const location = (
      await admin.post("/api/locations", { Name: "TZ", ProgramIds: [catalog.pantry.id] })
    ).json;
    // 2026-03-10 23:30 in Los Angeles (UTC-7 after DST began) is 2026-03-11 06:30 UTC.
    await insertVisits([
      {
        timeIn: "2026-03-11T06:30:00Z",
        locationId: location.id,
        programId: catalog.pantry.id,
        first: "Late",
      },
    ]);
    const q = (from: string, to: string, tz?: string) =>
      admin.get(
        `/api/visits?locationId=${location.id}&from=${from}&to=${to}${tz ? `&timeZone=${tz}` : ""}`,
      );
    expect((await q("2026-03-10", "2026-03-10", "America/Los_Angeles")).json).toHaveLength(1);
    expect((await q("2026-03-11", "2026-03-11", "America/Los_Angeles")).json).toHaveLength(0);
    expect((await q("2026-03-11", "2026-03-11")).json).toHaveLength(1);
    expect((await q("2026-03-10", "2026-03-10")).json).toHaveLength(0);
    const bad = await q("2026-03-10", "2026-03-10", "Mars/Olympus");
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("timeZone");
    expect((await admin.get("/api/visits?from=yesterday")).status).toBe(422);
  });

  it("paginates 25 per page, newest first, with Link and X-Total-Count on first, middle and last pages", async () => {
    const location = (
      await admin.post("/api/locations", { Name: "Pages", ProgramIds: [catalog.jobs.id] })
    ).json;
    await insertVisits(
      Array.from({ length: 101 }, (_, i) => ({
        timeIn: new Date(Date.UTC(2024, 0, 1) + i * 3600_000).toISOString(),
        locationId: location.id,
        programId: catalog.jobs.id,
        first: `P${i}`,
      })),
    );
    const base = `/api/visits?locationId=${location.id}&from=&to=`;
    const first = await admin.get(base);
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(25);
    expect(first.json[0].FirstName).toBe("P100");
    expect(first.json[0].Location).toEqual({ id: location.id, Name: "Pages" });
    expect(first.json[0].Program).toEqual({ id: catalog.jobs.id, Name: "Job Help" });
    expect(first.headers["x-total-count"]).toBe("101");
    const link = (h: unknown) =>
      String(h)
        .split(", ")
        .map((part) =>
          part
            .match(/page=(\d+)>; rel="(\w+)"/)!
            .slice(1)
            .reverse()
            .join("="),
        )
        .sort();
    expect(link(first.headers.link)).toEqual(["last=5", "next=2"]);
    expect(String(first.headers.link)).toContain(`locationId=${location.id}`);

    const middle = await admin.get(`${base}&page=3`);
    expect(middle.json[0].FirstName).toBe("P50");
    expect(link(middle.headers.link)).toEqual(["first=1", "last=5", "next=4", "prev=2"]);

    const last = await admin.get(`${base}&page=5`);
    expect(last.json).toHaveLength(1);
    expect(last.json[0].FirstName).toBe("P0");
    expect(link(last.headers.link)).toEqual(["first=1", "prev=4"]);

    // Every page together is every visit once, newest first, whichever end a page is read from.
    const names: string[] = [];
    for (let page = 1; page <= 5; page++)
      names.push(
        ...(await admin.get(`${base}&page=${page}`)).json.map(
          (v: { FirstName: string }) => v.FirstName,
        ),
      );
    expect(names).toEqual(Array.from({ length: 101 }, (_, i) => `P${100 - i}`));
    expect((await admin.get(`${base}&page=6`)).json).toEqual([]);

    const trpc = await admin.trpc("query", "visits.report", { locationId: location.id, page: 4 });
    expect(trpc.json.result.data).toMatchObject({ total: 101, page: 4, pageCount: 5 });
    expect(trpc.json.result.data.visits).toHaveLength(25);
  });

  it("exports every matching row as CSV, formatted in the time zone", async () => {
    const location = (
      await admin.post("/api/locations", { Name: "Csv, Inc.", ProgramIds: [catalog.pantry.id] })
    ).json;
    await insertVisits([
      {
        timeIn: "2026-07-04T21:07:00Z",
        timeOut: "2026-07-04T22:15:00Z",
        locationId: location.id,
        programId: catalog.pantry.id,
        first: "Ann",
        phone: "4155551234",
      },
      {
        timeIn: "2026-07-05T06:30:00Z",
        locationId: location.id,
        programId: catalog.pantry.id,
        first: "Bob",
        phone: "6505550000",
      },
      ...Array.from({ length: 2100 }, (_, i) => ({
        timeIn: new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString(),
        timeOut: null,
        locationId: location.id,
        programId: catalog.pantry.id,
        first: `Row${i}`,
      })),
    ]);
    const res = await admin.get(
      `/api/visits?format=csv&locationId=${location.id}&from=2026-07-04&to=2026-07-04&timeZone=America/Los_Angeles`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="visits-2026-07-04-csv-inc.csv"',
    );
    expect(res.body.split("\n")).toEqual([
      "\uFEFFDate,Location,Program,Name,PhoneNumber,Temperature,TimeIn,TimeOut,DurationMinutes,SignedOutBy",
      '2026-07-04,"Csv, Inc.",Food Pantry,Bob Test,650-555-0000,98.1,2026-07-04T23:30:00-07:00,,,',
      '2026-07-04,"Csv, Inc.",Food Pantry,Ann Test,415-555-1234,98.1,2026-07-04T14:07:00-07:00,2026-07-04T15:15:00-07:00,68,',
      "",
    ]);
    // All rows, not one page, across several batches, each exactly once.
    const all = await admin.get(`/api/visits?format=csv&locationId=${location.id}`);
    const names = all.body
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => line.match(/^[^,]*,"Csv, Inc\.",Food Pantry,([^,]*),/)?.[1]);
    const expected = [
      "Ann Test",
      "Bob Test",
      ...Array.from({ length: 2100 }, (_, i) => `Row${i} Test`),
    ];
    expect(names.sort()).toEqual(expected.sort());
  });

  it("CSV is for staff: 401 anonymous, 403 tablet, 422 bad filters", async () => {
    expect((await server.client().get("/api/visits?format=csv")).status).toBe(401);
    expect((await mainTablet.get("/api/visits?format=csv")).status).toBe(403);
    expect((await admin.get("/api/visits?format=csv&timeZone=Nowhere/Land")).status).toBe(422);
    const badDate = await admin.get("/api/visits?format=csv&from=31-12-2026");
    expect(badDate.status).toBe(422);
    expect(badDate.json).toEqual({
      status: 422,
      message: "Validation failed",
      errors: [{ path: "from", message: "Use a date like 2026-11-21" }],
    });
  });

  it("a staff sign-out records that staff did it, over /api and /trpc", async () => {
    const staff = await staffClient(server);
    const a = (await mainTablet.post("/api/visits", visitor(catalog.main.id, catalog.tutoring.id)))
      .json;
    const b = (await mainTablet.post("/api/visits", visitor(catalog.main.id, catalog.tutoring.id)))
      .json;
    const rest = await staff.patch(`/api/visits/${a.id}/sign-out`);
    expect(rest.json).toMatchObject({ id: a.id, SignedOutBy: "staff" });
    expect(rest.json.TimeOut).not.toBeNull();
    await staff.prime();
    const rpc = await staff.trpc("mutation", "visits.signOut", { id: b.id });
    expect(rpc.json.result.data).toMatchObject({ id: b.id, SignedOutBy: "staff" });
  });

  it("staff may read and correct visits; only admins delete", async () => {
    const staff = await staffClient(server);
    const created = (
      await mainTablet.post("/api/visits", visitor(catalog.main.id, catalog.tutoring.id))
    ).json;
    expect((await staff.get(`/api/visits/${created.id}`)).json.id).toBe(created.id);
    const fixed = await staff.patch(`/api/visits/${created.id}`, {
      LastName: "Hopper-Murray",
      PhoneNumber: "(212) 555-0100",
    });
    expect(fixed.status).toBe(200);
    expect(fixed.json).toMatchObject({ LastName: "Hopper-Murray", PhoneNumber: "2125550100" });
    expect((await staff.patch(`/api/visits/${created.id}`, { Temperature: "hot" })).status).toBe(
      422,
    );
    expect((await staff.delete(`/api/visits/${created.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/visits/${created.id}`)).status).toBe(200);
    expect((await admin.get(`/api/visits/${created.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/visits/${created.id}`)).status).toBe(404);
  });
});
