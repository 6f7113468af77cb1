import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

const world = useCatalogServer();

const names = (list: Array<{ Name: string }>) => list.map((p) => p.Name);

describe("locations", () => {
  it("creates a location whose ProgramIds order is the tab order, dropping unknown ids", async () => {
    const res = await world.admin.post("/api/locations", {
      Name: "West",
      Address: "3 Elm",
      ProgramIds: [world.catalog.jobs.id, 999999, world.catalog.pantry.id, world.catalog.jobs.id],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ Name: "West", Address: "3 Elm" });
    expect(names(res.json.Programs)).toEqual(["Job Help", "Food Pantry"]);
    const detail = await world.server.client().get(`/api/locations/${res.json.id}`);
    expect(detail.status).toBe(200); // public: the sheet reads it without a login
    expect(names(detail.json.Programs)).toEqual(["Job Help", "Food Pantry"]);
  });

  it("lists locations with programs for staff, and not for anonymous callers", async () => {
    const staff = await staffClient(world.server);
    const res = await staff.get("/api/locations");
    expect(res.status).toBe(200);
    const main = res.json.find((l: { id: number }) => l.id === world.catalog.main.id);
    expect(names(main.Programs)).toEqual(["Tutoring", "Food Pantry"]);
    expect((await world.server.client().get("/api/locations")).status).toBe(401);
  });

  it("PATCH replaces the set and order of programs", async () => {
    const created = (
      await world.admin.post("/api/locations", {
        Name: "North",
        ProgramIds: [world.catalog.pantry.id, world.catalog.tutoring.id],
      })
    ).json;
    const res = await world.admin.patch(`/api/locations/${created.id}`, {
      ProgramIds: [world.catalog.tutoring.id, world.catalog.jobs.id],
    });
    expect(res.status).toBe(200);
    expect(names(res.json.Programs)).toEqual(["Tutoring", "Job Help"]);
    const renamed = await world.admin.patch(`/api/locations/${created.id}`, { Name: "North Hall" });
    expect(renamed.json.Name).toBe("North Hall");
    expect(names(renamed.json.Programs)).toEqual(["Tutoring", "Job Help"]);
  });

  it("keeps a time zone (Los Angeles unless given), an automatic sign-out time and a maximum stay", async () => {
    const plain = await world.admin.post("/api/locations", { Name: "Plain" });
    expect(plain.json).toMatchObject({
      TimeZone: "America/Los_Angeles",
      AutoSignOutAt: null,
      MaxStayHours: null,
    });
    const set = await world.admin.post("/api/locations", {
      Name: "Valencia",
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: 1.5,
    });
    expect(set.status).toBe(201);
    expect(set.json).toMatchObject({
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: 1.5,
    });
    expect((await world.server.client().get(`/api/locations/${set.json.id}`)).json).toMatchObject({
      AutoSignOutAt: "21:00",
      MaxStayHours: 1.5,
    });
    // A field left out stays; null clears it.
    const renamed = await world.admin.patch(`/api/locations/${set.json.id}`, {
      Name: "Valencia Centro",
      MaxStayHours: null,
    });
    expect(renamed.json).toMatchObject({
      Name: "Valencia Centro",
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: null,
    });
    const listed = (await world.admin.get("/api/locations")).json.find(
      (l: { id: number }) => l.id === set.json.id,
    );
    expect(listed).toMatchObject({
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: null,
    });

    const bad = await world.admin.patch(`/api/locations/${set.json.id}`, {
      TimeZone: "Mars/Olympus",
      AutoSignOutAt: "25:00",
      MaxStayHours: 0,
    });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "AutoSignOutAt",
      "MaxStayHours",
      "TimeZone",
    ]);
    for (const body of [
      { AutoSignOutAt: "9pm" },
      { AutoSignOutAt: "21:00:00" },
      { MaxStayHours: 169 },
      { MaxStayHours: 0.001 },
      { TimeZone: "+02:00" },
    ]) {
      expect(
        (await world.admin.patch(`/api/locations/${set.json.id}`, body)).status,
        JSON.stringify(body),
      ).toBe(422);
    }
  });

  it("validates input and refuses non-admins", async () => {
    const bad = await world.admin.post("/api/locations", { Name: "", ProgramIds: "x" });
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "Name",
      "ProgramIds",
    ]);
    const huge = await world.admin.post("/api/locations", { Name: "x".repeat(10_000) });
    expect(huge.status).toBe(422);
    const staff = await staffClient(world.server);
    expect((await staff.post("/api/locations", { Name: "Nope" })).status).toBe(403);
    expect((await world.admin.patch("/api/locations/999999", { Name: "Ghost" })).status).toBe(404);
    expect((await world.server.client().get("/api/locations/999999")).status).toBe(404);
    expect((await world.server.client().get("/api/locations/abc")).status).toBe(422);
  });

  it("deleting a location without visits removes it; with visits archives it and keeps its history", async () => {
    const empty = (
      await world.admin.post("/api/locations", {
        Name: "Temp",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    expect((await world.admin.delete(`/api/locations/${empty.id}`)).status).toBe(200);
    expect(
      await world.server.services.db.kysely
        .selectFrom("locations")
        .where("id", "=", empty.id)
        .select("id")
        .executeTakeFirst(),
    ).toBeUndefined();

    const used = (
      await world.admin.post("/api/locations", {
        Name: "Used",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    const tablet = await tabletClient(world.server, used.id);
    expect(
      (await tablet.post("/api/visits", visitor(used.id, world.catalog.pantry.id))).status,
    ).toBe(201);
    expect((await world.admin.delete(`/api/locations/${used.id}`)).status).toBe(200);

    expect((await world.server.client().get(`/api/locations/${used.id}`)).status).toBe(404);
    expect(
      (await world.admin.get("/api/locations")).json.map((l: { id: number }) => l.id),
    ).not.toContain(used.id);
    // The tablet of an archived location is no longer a tablet.
    expect((await tablet.get(`/api/visits?locationId=${used.id}`)).status).toBe(401);
    // The visit is still in the report, with its location's name.
    const report = await world.admin.get(`/api/visits?locationId=${used.id}`);
    expect(report.json).toHaveLength(1);
    expect(report.json[0].Location).toEqual({ id: used.id, Name: "Used" });
  });
});

describe("programs", () => {
  it("creates and updates a program with LocationIds; a new location gets it as its last tab", async () => {
    const res = await world.admin.post("/api/programs", {
      Name: "Art",
      LocationIds: [world.catalog.main.id],
    });
    expect(res.status).toBe(201);
    expect(res.json.Locations.map((l: { id: number }) => l.id)).toEqual([world.catalog.main.id]);
    const main = await world.admin.get(`/api/locations/${world.catalog.main.id}`);
    expect(names(main.json.Programs)).toEqual(["Tutoring", "Food Pantry", "Art"]);

    const updated = await world.admin.patch(`/api/programs/${res.json.id}`, {
      Name: "Arts",
      LocationIds: [world.catalog.east.id],
    });
    expect(updated.status).toBe(200);
    expect(updated.json.Name).toBe("Arts");
    expect(updated.json.Locations.map((l: { id: number }) => l.id)).toEqual([
      world.catalog.east.id,
    ]);
    expect(
      names((await world.admin.get(`/api/locations/${world.catalog.main.id}`)).json.Programs),
    ).toEqual(["Tutoring", "Food Pantry"]);
    expect(
      names((await world.admin.get(`/api/locations/${world.catalog.east.id}`)).json.Programs),
    ).toEqual(["Job Help", "Arts"]);
  });

  it("programs added to one location in parallel each get a tab position of their own", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Busy",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    const programs = await Promise.all(
      Array.from(
        { length: 12 },
        async (_, i) =>
          (await world.admin.post("/api/programs", { Name: `Parallel ${i}`, LocationIds: [] })).json
            .id as number,
      ),
    );
    const edits = await Promise.all(
      programs.map((id) =>
        world.admin.patch(`/api/programs/${id}`, { LocationIds: [location.id] }),
      ),
    );
    expect(edits.map((res) => res.status)).toEqual(programs.map(() => 200));
    const positions = await world.server.services.db.kysely
      .selectFrom("location_programs")
      .select("position")
      .where("location_id", "=", location.id)
      .orderBy("position")
      .execute();
    expect(positions.map((row) => row.position)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    const tabs = (await world.server.client().get(`/api/locations/${location.id}`)).json.Programs;
    expect(tabs[0].Name).toBe("Food Pantry");
    expect(names(tabs).sort()).toEqual(
      ["Food Pantry", ...programs.map((_, i) => `Parallel ${i}`)].sort(),
    );
  });

  it("reads for staff, writes for admins, 404 for unknown ids", async () => {
    const staff = await staffClient(world.server);
    expect((await staff.get("/api/programs")).status).toBe(200);
    expect((await staff.get(`/api/programs/${world.catalog.pantry.id}`)).json.Name).toBe(
      "Food Pantry",
    );
    expect((await staff.post("/api/programs", { Name: "X" })).status).toBe(403);
    expect((await world.admin.get("/api/programs/424242")).status).toBe(404);
    expect((await world.admin.delete("/api/programs/424242")).status).toBe(404);
  });

  it("deleting a program with visits archives it: gone from tabs, kept in reports", async () => {
    const program = (
      await world.admin.post("/api/programs", {
        Name: "Pop-up",
        LocationIds: [world.catalog.main.id],
      })
    ).json;
    const tablet = await tabletClient(world.server, world.catalog.main.id);
    expect(
      (await tablet.post("/api/visits", visitor(world.catalog.main.id, program.id))).status,
    ).toBe(201);
    expect((await world.admin.delete(`/api/programs/${program.id}`)).status).toBe(200);
    expect(
      names(
        (await world.server.client().get(`/api/locations/${world.catalog.main.id}`)).json.Programs,
      ),
    ).not.toContain("Pop-up");
    const report = await world.admin.get(`/api/visits?programId=${program.id}`);
    expect(report.json.map((v: { Program: { Name: string } }) => v.Program.Name)).toEqual([
      "Pop-up",
    ]);
    // Signing in to an archived program is refused.
    const again = await tablet.post("/api/visits", visitor(world.catalog.main.id, program.id));
    expect(again.status).toBe(422);
  });
});

describe("tablet setup", () => {
  it("ends the staff session, records a hashed tablet token and sets the sheet cookies", async () => {
    const staff = await staffClient(world.server);
    const res = await staff.get(`/api/locations/${world.catalog.main.id}/setup`);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(world.catalog.main.id);
    const sheetId = res.cookies.find((c) => c.name === "sheet-id");
    const sheetToken = res.cookies.find((c) => c.name === "sheet-token");
    expect(sheetId).toMatchObject({ value: String(world.catalog.main.id), path: "/" });
    expect(sheetId?.httpOnly).toBeFalsy();
    expect(sheetToken).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(sheetToken!.maxAge).toBeGreaterThan(364 * 24 * 3600);
    expect(staff.jar.has("session")).toBe(false);
    expect((await staff.get("/api/users/me")).status).toBe(204);
    const stored = await world.server.services.db.kysely
      .selectFrom("tablets")
      .select("token_hash")
      .where("location_id", "=", world.catalog.main.id)
      .execute();
    expect(stored.map((t) => t.token_hash)).not.toContain(sheetToken!.value);
    // The browser is now that location's tablet.
    expect((await staff.get(`/api/visits?locationId=${world.catalog.main.id}`)).status).toBe(200);
  });

  it("a revoked tablet token no longer works", async () => {
    const tablet = await tabletClient(world.server, world.catalog.east.id);
    expect((await tablet.get(`/api/visits?locationId=${world.catalog.east.id}`)).status).toBe(200);
    await world.server.services.db.kysely
      .updateTable("tablets")
      .set({ revoked_at: new Date() })
      .where("location_id", "=", world.catalog.east.id)
      .execute();
    expect((await tablet.get(`/api/visits?locationId=${world.catalog.east.id}`)).status).toBe(401);
  });

  it("needs staff: anonymous 401, a tablet 403", async () => {
    expect(
      (await world.server.client().get(`/api/locations/${world.catalog.main.id}/setup`)).status,
    ).toBe(401);
    const tablet = await tabletClient(world.server, world.catalog.main.id);
    expect((await tablet.get(`/api/locations/${world.catalog.main.id}/setup`)).status).toBe(403);
  });
});
