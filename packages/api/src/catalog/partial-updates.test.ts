import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";

// Services hand Kysely's .set() every column, undefined for a field the update left out; Kysely
// leaves undefined values out of the UPDATE, so those columns keep what they held.

const site = useCatalogWorld();

describe("an update that leaves a field out keeps it", () => {
  it("locations: a new name keeps the address, the unit and the programs", async () => {
    const { pantry, jobs } = site.catalog;
    const created = (
      await site.admin.call((api) =>
        api.locations.create({
          Name: "Harbor",
          Address: "9 Pier Rd",
          TemperatureUnit: "C",
          ProgramIds: [jobs.id, pantry.id],
        }),
      )
    ).json;
    const res = await site.admin.call((api) =>
      api.locations.update({ id: created.id, Name: "Harbor Hall" }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      Name: "Harbor Hall",
      Address: "9 Pier Rd",
      TemperatureUnit: "C",
    });
    expect(res.json.Programs.map((p: { id: number }) => p.id)).toEqual([jobs.id, pantry.id]);
  });

  it("programs: a new name keeps the locations, new locations keep the name", async () => {
    const { main, east } = site.catalog;
    const created = (
      await site.admin.call((api) =>
        api.programs.create({ Name: "Legal Aid", LocationIds: [main.id] }),
      )
    ).json;
    const renamed = await site.admin.call((api) =>
      api.programs.update({ id: created.id, Name: "Legal Clinic" }),
    );
    expect(renamed.status).toBe(200);
    expect(renamed.json.Locations.map((l: { id: number }) => l.id)).toEqual([main.id]);
    const moved = await site.admin.call((api) =>
      api.programs.update({ id: created.id, LocationIds: [east.id] }),
    );
    expect(moved.json).toMatchObject({ Name: "Legal Clinic" });
    expect(moved.json.Locations.map((l: { id: number }) => l.id)).toEqual([east.id]);
  });
});
