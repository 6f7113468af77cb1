import { describe, expect, it } from "vitest";
import { useCatalogWorld, visitor } from "../../test/fixtures.ts";

// Services hand Kysely's .set() every column, undefined for a field the PATCH left out; Kysely
// leaves undefined values out of the UPDATE, so those columns keep what they held.

const site = useCatalogWorld();

describe("a PATCH that leaves a field out keeps it", () => {
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

  it("users: a new first name keeps the rest, the password and the account's state", async () => {
    const user = await site.world.createUser({
      firstName: "Grace",
      lastName: "Hopper",
      isAdmin: true,
    });
    const deactivated = await site.admin.call((api) =>
      api.users.update({ id: user.id, isActive: false }),
    );
    expect(deactivated.json).toMatchObject({ isActive: false });
    const res = await site.admin.call((api) =>
      api.users.update({ id: user.id, firstName: "Amazing Grace" }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: "Amazing Grace",
      lastName: "Hopper",
      email: user.email,
      isAdmin: true,
      isActive: false,
    });
    await site.admin.call((api) => api.users.update({ id: user.id, isActive: true }));
    const login = await site.world.client().login(user.email, user.password);
    expect(login.status).toBe(200);
  });
});
