import { sql } from "@vsi/db";
import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";

/**
 * A visit's times read the same on the tablet's sheet as in every other answer: ISO text to the
 * millisecond (microseconds cut), however the row was read.
 */
const site = useCatalogWorld();

describe("the sheet's times", () => {
  it("are the text the rest of the API writes for the same visit, microseconds cut", async () => {
    const { main, tutoring } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    const signIn = await tablet.call((api) => api.visits.create(visitor(main.id, tutoring.id)));
    expect(signIn.status).toBe(201);
    const { id } = signIn.json as { id: number };
    // Times with microseconds that round up, and a day and a year's last millisecond.
    await sql`update visits set time_in = '2026-12-31 23:59:59.999999+00',
      created_at = '2026-03-08 02:30:00.0005-08', updated_at = '2027-01-01 00:00:00.000001+05:30'
      where id = ${id}`.execute(site.world.services.db.kysely);

    const sheet = await tablet.call((api) =>
      api.visits.list({ locationId: main.id, programId: tutoring.id }),
    );
    expect(sheet.status).toBe(200);
    const listed = (sheet.json as Record<string, unknown>[]).find((v) => v.id === id);
    const staff = await staffClient(site.world);
    const one = await staff.call((api) => api.visits.get({ id }));
    expect(one.status).toBe(200);
    // The same visit but for what a tablet does not see (tablet-view.test.ts).
    expect(listed).toEqual({
      ...one.json,
      LastName: one.json.LastName.charAt(0),
      PhoneNumber: `xxxxxx${one.json.PhoneNumber.slice(-4)}`,
    });
    expect(listed).toMatchObject({
      TimeIn: "2026-12-31T23:59:59.999Z",
      TimeOut: null,
      createdAt: "2026-03-08T10:30:00.000Z",
      updatedAt: "2026-12-31T18:30:00.000Z",
    });
  });
});
