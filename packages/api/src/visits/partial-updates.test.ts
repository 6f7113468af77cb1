import { describe, expect, it } from "vitest";
import { useCatalogWorld, visitor } from "../../test/fixtures.ts";

// Services hand Kysely's .set() every column, undefined for a field the update left out; Kysely
// leaves undefined values out of the UPDATE, so those columns keep what they held.

const site = useCatalogWorld();

describe("an update that leaves a field out keeps it", () => {
  it("visits: correcting the temperature keeps the names and the phone", async () => {
    const { main, pantry } = site.catalog;
    const created = (
      await site.admin.call((api) =>
        api.visits.create(visitor(main.id, pantry.id, { FirstName: "Ada", LastName: "Lovelace" })),
      )
    ).json;
    const res = await site.admin.call((api) =>
      api.visits.update({ id: created.id, Temperature: "99.1" }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: created.PhoneNumber,
      Temperature: "99.1",
    });
    expect((await site.admin.call((api) => api.visits.get({ id: created.id }))).json).toMatchObject(
      {
        FirstName: "Ada",
        LastName: "Lovelace",
        PhoneNumber: created.PhoneNumber,
        Temperature: "99.1",
      },
    );
  });
});
