import { describe, expect, it } from "vitest";
import { useCatalogServer, visitor } from "./fixtures.ts";

// Services hand Kysely's .set() every column, undefined for a field the PATCH left out; Kysely
// leaves undefined values out of the UPDATE, so those columns keep what they held.

const world = useCatalogServer();

describe("a PATCH that leaves a field out keeps it", () => {
  it("visits: correcting the temperature keeps the names and the phone", async () => {
    const { main, pantry } = world.catalog;
    const created = (
      await world.admin.post(
        "/api/visits",
        visitor(main.id, pantry.id, { FirstName: "Ada", LastName: "Lovelace" }),
      )
    ).json;
    const res = await world.admin.patch(`/api/visits/${created.id}`, { Temperature: "99.1" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: created.PhoneNumber,
      Temperature: "99.1",
    });
    expect((await world.admin.get(`/api/visits/${created.id}`)).json).toMatchObject({
      FirstName: "Ada",
      LastName: "Lovelace",
      PhoneNumber: created.PhoneNumber,
      Temperature: "99.1",
    });
  });

  it("locations: a new name keeps the address, the unit and the programs", async () => {
    const { pantry, jobs } = world.catalog;
    const created = (
      await world.admin.post("/api/locations", {
        Name: "Harbor",
        Address: "9 Pier Rd",
        TemperatureUnit: "C",
        ProgramIds: [jobs.id, pantry.id],
      })
    ).json;
    const res = await world.admin.patch(`/api/locations/${created.id}`, { Name: "Harbor Hall" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      Name: "Harbor Hall",
      Address: "9 Pier Rd",
      TemperatureUnit: "C",
    });
    expect(res.json.Programs.map((p: { id: number }) => p.id)).toEqual([jobs.id, pantry.id]);
  });

  it("programs: a new name keeps the locations, new locations keep the name", async () => {
    const { main, east } = world.catalog;
    const created = (
      await world.admin.post("/api/programs", { Name: "Legal Aid", LocationIds: [main.id] })
    ).json;
    const renamed = await world.admin.patch(`/api/programs/${created.id}`, {
      Name: "Legal Clinic",
    });
    expect(renamed.status).toBe(200);
    expect(renamed.json.Locations.map((l: { id: number }) => l.id)).toEqual([main.id]);
    const moved = await world.admin.patch(`/api/programs/${created.id}`, {
      LocationIds: [east.id],
    });
    expect(moved.json).toMatchObject({ Name: "Legal Clinic" });
    expect(moved.json.Locations.map((l: { id: number }) => l.id)).toEqual([east.id]);
  });

  it("users: a new first name keeps the rest, the password and the account's state", async () => {
    const user = await world.server.createUser({
      firstName: "Grace",
      lastName: "Hopper",
      isAdmin: true,
    });
    const deactivated = await world.admin.patch(`/api/users/${user.id}`, { isActive: false });
    expect(deactivated.json).toMatchObject({ isActive: false });
    const res = await world.admin.patch(`/api/users/${user.id}`, { firstName: "Amazing Grace" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: "Amazing Grace",
      lastName: "Hopper",
      email: user.email,
      isAdmin: true,
      isActive: false,
    });
    await world.admin.patch(`/api/users/${user.id}`, { isActive: true });
    const login = await world.server.client().login(user.email, user.password);
    expect(login.status).toBe(200);
  });
});
