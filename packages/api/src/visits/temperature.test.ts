import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { visitCount } from "../../test/visit-rows.ts";
import { temperatureRequired } from "./queries.ts";

const site = useCatalogWorld();

/** A location offering the pantry, asking temperatures or not. */
async function location(AsksTemperature?: boolean) {
  const res = await site.admin.call((api) =>
    api.locations.create({
      Name: `Site ${Math.random()}`,
      ProgramIds: [site.catalog.pantry.id],
      ...(AsksTemperature === undefined ? {} : { AsksTemperature }),
    }),
  );
  expect(res.status).toBe(201);
  return res.json as { id: number; AsksTemperature: boolean };
}

const withoutTemperature = (LocationId: number) => {
  const { Temperature: _left, ...fields } = visitor(LocationId, site.catalog.pantry.id);
  return fields;
};

describe("a location's temperature question", () => {
  it("is not asked at a new location, however it is made, until an admin switches it on", async () => {
    expect((await location()).AsksTemperature).toBe(false);
    const row = await site.world.services.db.kysely
      .insertInto("locations")
      .values({ name: `Row ${Math.random()}`, address: "" })
      .returning("asks_temperature")
      .executeTakeFirstOrThrow();
    expect(row.asks_temperature).toBe(false);
    const quiet = await location();
    const on = await site.admin.call((api) =>
      api.locations.update({ id: quiet.id, AsksTemperature: true }),
    );
    expect(on.json.AsksTemperature).toBe(true);
  });

  it("is asked where an admin switched it on, until switched off, and the switch is kept and audited", async () => {
    const asking = await location(true);
    expect(asking.AsksTemperature).toBe(true);
    const res = await site.admin.call((api) =>
      api.locations.update({ id: asking.id, AsksTemperature: false }),
    );
    expect(res.status).toBe(200);
    expect(res.json.AsksTemperature).toBe(false);
    const anyone = site.world.client();
    expect((await anyone.call((api) => api.locations.get({ id: asking.id }))).json).toMatchObject({
      AsksTemperature: false,
    });
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "location.update")
      .where("subject_id", "=", asking.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.details)).toContain("AsksTemperature");
  });

  it("where asked, a sign-in without one is a 422 on Temperature and writes nothing, from a tablet or staff", async () => {
    const asking = await location(true);
    const tablet = await tabletClient(site.world, asking.id);
    const staff = await staffClient(site.world);
    for (const [client, headers] of [
      [tablet, {}],
      [tablet, { "idempotency-key": "no-temperature-1" }],
      [staff, {}],
    ] as const) {
      const res = await client.call((api) => api.visits.create(withoutTemperature(asking.id)), {
        headers,
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        {
          path: "Temperature",
          message: temperatureRequired,
          key: "temperatureRequired",
          values: {},
        },
      ]);
    }
    expect(await visitCount(site.world, asking.id)).toBe(0);
  });

  it("where not asked, a sign-in needs none and keeps none, even from a tablet that still sends one", async () => {
    const quiet = await location(false);
    const tablet = await tabletClient(site.world, quiet.id);
    const plain = await tablet.call((api) => api.visits.create(withoutTemperature(quiet.id)));
    expect(plain.status).toBe(201);
    expect(plain.json.Temperature).toBeNull();
    const keyed = await tablet.call((api) => api.visits.create(withoutTemperature(quiet.id)), {
      headers: { "idempotency-key": "no-temperature-2" },
    });
    expect(keyed.status).toBe(201);
    expect(keyed.json.Temperature).toBeNull();
    const sent = await tablet.call((api) =>
      api.visits.create(visitor(quiet.id, site.catalog.pantry.id, { Temperature: "98.6" })),
    );
    expect(sent.status).toBe(201);
    expect(sent.json.Temperature).toBeNull();
    const stored = await site.world.services.db.kysely
      .selectFrom("visits")
      .select("temperature")
      .where("location_id", "=", quiet.id)
      .execute();
    expect(stored.map((row) => row.temperature)).toEqual([null, null, null]);
    const report = await site.admin.call((api) => api.visits.list({ locationId: quiet.id }));
    expect(report.json.map((v: { Temperature: unknown }) => v.Temperature)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it("switched off later, leaves the temperatures already given as they were", async () => {
    const site2 = await location(true);
    const tablet = await tabletClient(site.world, site2.id);
    const before = await tablet.call((api) =>
      api.visits.create(visitor(site2.id, site.catalog.pantry.id, { Temperature: "98.1" })),
    );
    expect(before.status).toBe(201);
    await site.admin.call((api) => api.locations.update({ id: site2.id, AsksTemperature: false }));
    const after = await tablet.call((api) => api.visits.create(withoutTemperature(site2.id)));
    expect(after.status).toBe(201);
    const report = await site.admin.call((api) => api.visits.list({ locationId: site2.id }));
    const byId = new Map(
      report.json.map((v: { id: number; Temperature: string | null }) => [v.id, v.Temperature]),
    );
    expect(byId.get(before.json.id)).toBe("98.1");
    expect(byId.get(after.json.id)).toBeNull();
  });
});
