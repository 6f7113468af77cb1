import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld } from "../../test/fixtures.ts";
import { insertVisits as insertVisitRows, type VisitRow } from "../../test/visit-rows.ts";
import type { Client } from "../../test/world.ts";

/** A returning visitor's names by phone: whose lookups reach which visits, how fast, and how they are counted. */

const site = useCatalogWorld();
let mainTablet: Client;
let eastTablet: Client;
beforeAll(async () => {
  mainTablet = await tabletClient(site.world, site.catalog.main.id);
  eastTablet = await tabletClient(site.world, site.catalog.east.id);
});
/** The same tablet calling from another address. */
function fromAddress(tablet: Client, address: string): Client {
  const moved = site.world.client(address);
  for (const [name, value] of tablet.jar) moved.jar.set(name, value);
  return moved;
}

const insertVisits = (rows: VisitRow[]) =>
  insertVisitRows(
    site.world,
    { locationId: site.catalog.main.id, programId: site.catalog.tutoring.id },
    rows,
  );

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
        locationId: site.catalog.east.id,
        programId: site.catalog.jobs.id,
      },
    ]);
    const res = await mainTablet.call((api) => api.visits.search({ phoneNumber: "2125550199" }));
    expect(res.status).toBe(200);
    // No questions remembered here: none to fill in (answers.test.ts has some); no household.
    expect(res.json).toEqual({
      FirstName: "New",
      LastName: "Test",
      Answers: {},
      AnsweredAt: {},
      Household: null,
    });
    expect(
      (await mainTablet.call((api) => api.visits.search({ phoneNumber: "9999999999" }))).status,
    ).toBe(404);
    expect(
      (await mainTablet.call((api) => api.visits.search({ phoneNumber: "212-555" }))).status,
    ).toBe(422);
    expect(
      (await site.world.client().call((api) => api.visits.search({ phoneNumber: "2125550199" })))
        .status,
    ).toBe(401);
  });

  it("answers a tablet only for visitors of its own location (404 for another's), and staff for every location", async () => {
    await insertVisits([{ timeIn: "2025-06-01T10:00:00Z", phone: "2125550188", first: "Main" }]);
    const elsewhere = await eastTablet.call((api) =>
      api.visits.search({ phoneNumber: "2125550188" }),
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.json).toEqual({
      status: 404,
      message: "Visitor not found",
      key: "notFound",
      values: { thing: "Visitor" },
    });
    expect(
      (await site.admin.call((api) => api.visits.search({ phoneNumber: "2125550188" }))).json,
    ).toEqual({
      FirstName: "Main",
      LastName: "Test",
      Answers: {},
      AnsweredAt: {},
      Household: null,
    });
    const staff = await staffClient(site.world);
    expect(
      (await staff.call((api) => api.visits.search({ phoneNumber: "2125550188" }))).status,
    ).toBe(200);
  });

  it("slows down a location's lookups on one budget, shared by all its tablets and addresses (429 with Retry-After); other locations keep theirs", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Budget", ProgramIds: [site.catalog.jobs.id] }),
      )
    ).json as { id: number };
    const tablets = [
      await tabletClient(site.world, location.id),
      await tabletClient(site.world, location.id),
      await tabletClient(site.world, location.id),
    ];
    tablets[1] = fromAddress(tablets[1]!, "192.0.2.11");
    tablets[2] = fromAddress(tablets[2]!, "192.0.2.12");
    for (let i = 0; i < 60; i++) {
      const res = await tablets[i % 3]!.call((api) =>
        api.visits.search({ phoneNumber: `30355500${String(i).padStart(2, "0")}` }),
      );
      expect(res.status, `lookup ${i}`).toBe(404);
    }
    for (const tablet of [...tablets, await tabletClient(site.world, location.id)]) {
      const res = await tablet.call((api) => api.visits.search({ phoneNumber: "3035550060" }));
      expect(res.status).toBe(429);
      expect(Number(res.headers["Retry-After"])).toBeGreaterThan(0);
    }
    expect(
      (await eastTablet.call((api) => api.visits.search({ phoneNumber: "3035550060" }))).status,
    ).toBe(404);
  });

  it("counts each tablet's lookups per day in the audit log (one row, its count raised), never the phone numbers", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({
          Name: "Counted",
          ProgramIds: [site.catalog.jobs.id],
          TimeZone: "America/Los_Angeles",
        }),
      )
    ).json as { id: number };
    const one = await tabletClient(site.world, location.id);
    const two = await tabletClient(site.world, location.id);
    const tabletIds = (
      await site.world.services.db.kysely
        .selectFrom("tablets")
        .select("id")
        .where("location_id", "=", location.id)
        .orderBy("id")
        .execute()
    ).map((t) => t.id);
    // Noon in Los Angeles: the day counted is the location's, whatever the machine's zone.
    const noon = Date.parse("2026-03-10T19:00:00Z");
    site.world.clock.offsetMs = noon - Date.now();
    try {
      for (let i = 0; i < 3; i++)
        await one.call((api) => api.visits.search({ phoneNumber: `505555010${i}` }));
      await two.call((api) => api.visits.search({ phoneNumber: "5055550109" }));
      site.world.clock.offsetMs = noon + 24 * 3600_000 - Date.now();
      await one.call((api) => api.visits.search({ phoneNumber: "5055550108" }));
    } finally {
      site.world.clock.offsetMs = 0;
    }
    const rows = await site.world.services.db.kysely
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
    const log = await site.admin.call((api) =>
      api.audit.list({ action: "visitor.lookup", locationId: location.id }),
    );
    expect(log.status).toBe(200);
    expect(log.json).toHaveLength(3);
  });
});
