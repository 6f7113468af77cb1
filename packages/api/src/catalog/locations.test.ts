import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";

const site = useCatalogWorld();

const names = (list: Array<{ Name: string }>) => list.map((p) => p.Name);

describe("locations", () => {
  it("creates a location whose ProgramIds order is the tab order, dropping unknown ids", async () => {
    const res = await site.admin.call((api) =>
      api.locations.create({
        Name: "West",
        Address: "3 Elm",
        ProgramIds: [site.catalog.jobs.id, 999999, site.catalog.pantry.id, site.catalog.jobs.id],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ Name: "West", Address: "3 Elm" });
    expect(names(res.json.Programs)).toEqual(["Job Help", "Food Pantry"]);
    const detail = await site.world.client().call((api) => api.locations.get({ id: res.json.id }));
    expect(detail.status).toBe(200); // public: the sheet reads it without a login
    expect(names(detail.json.Programs)).toEqual(["Job Help", "Food Pantry"]);
  });

  it("lists locations with programs for staff, and not for anonymous callers", async () => {
    const staff = await staffClient(site.world);
    const res = await staff.call((api) => api.locations.list());
    expect(res.status).toBe(200);
    const main = res.json.find((l: { id: number }) => l.id === site.catalog.main.id);
    expect(names(main.Programs)).toEqual(["Tutoring", "Food Pantry"]);
    expect((await site.world.client().call((api) => api.locations.list())).status).toBe(401);
  });

  it("PATCH replaces the set and order of programs", async () => {
    const created = (
      await site.admin.call((api) =>
        api.locations.create({
          Name: "North",
          ProgramIds: [site.catalog.pantry.id, site.catalog.tutoring.id],
        }),
      )
    ).json;
    const res = await site.admin.call((api) =>
      api.locations.update({
        id: created.id,
        ProgramIds: [site.catalog.tutoring.id, site.catalog.jobs.id],
      }),
    );
    expect(res.status).toBe(200);
    expect(names(res.json.Programs)).toEqual(["Tutoring", "Job Help"]);
    const renamed = await site.admin.call((api) =>
      api.locations.update({ id: created.id, Name: "North Hall" }),
    );
    expect(renamed.json.Name).toBe("North Hall");
    expect(names(renamed.json.Programs)).toEqual(["Tutoring", "Job Help"]);
  });

  it("keeps a time zone (Los Angeles unless given), an automatic sign-out time and a maximum stay", async () => {
    const plain = await site.admin.call((api) => api.locations.create({ Name: "Plain" }));
    expect(plain.json).toMatchObject({
      TimeZone: "America/Los_Angeles",
      AutoSignOutAt: null,
      MaxStayHours: null,
    });
    const set = await site.admin.call((api) =>
      api.locations.create({
        Name: "Valencia",
        TimeZone: "Europe/Madrid",
        AutoSignOutAt: "21:00",
        MaxStayHours: 1.5,
      }),
    );
    expect(set.status).toBe(201);
    expect(set.json).toMatchObject({
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: 1.5,
    });
    expect(
      (await site.world.client().call((api) => api.locations.get({ id: set.json.id }))).json,
    ).toMatchObject({
      AutoSignOutAt: "21:00",
      MaxStayHours: 1.5,
    });
    // A field left out stays; null clears it.
    const renamed = await site.admin.call((api) =>
      api.locations.update({ id: set.json.id, Name: "Valencia Centro", MaxStayHours: null }),
    );
    expect(renamed.json).toMatchObject({
      Name: "Valencia Centro",
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: null,
    });
    const listed = (await site.admin.call((api) => api.locations.list())).json.find(
      (l: { id: number }) => l.id === set.json.id,
    );
    expect(listed).toMatchObject({
      TimeZone: "Europe/Madrid",
      AutoSignOutAt: "21:00",
      MaxStayHours: null,
    });

    const bad = await site.admin.call((api) =>
      api.locations.update({
        id: set.json.id,
        TimeZone: "Mars/Olympus",
        AutoSignOutAt: "25:00",
        MaxStayHours: 0,
      }),
    );
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
        (await site.admin.call((api) => api.locations.update({ id: set.json.id, ...body }))).status,
        JSON.stringify(body),
      ).toBe(422);
    }
  });

  it("validates input and refuses non-admins", async () => {
    const bad = await site.admin.call((api) =>
      api.locations.create({ Name: "", ProgramIds: "x" } as never),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path).sort()).toEqual([
      "Name",
      "ProgramIds",
    ]);
    const huge = await site.admin.call((api) => api.locations.create({ Name: "x".repeat(10_000) }));
    expect(huge.status).toBe(422);
    const staff = await staffClient(site.world);
    expect((await staff.call((api) => api.locations.create({ Name: "Nope" }))).status).toBe(403);
    expect(
      (await site.admin.call((api) => api.locations.update({ id: 999999, Name: "Ghost" }))).status,
    ).toBe(404);
    expect(
      (await site.world.client().call((api) => api.locations.get({ id: 999999 }))).status,
    ).toBe(404);
    expect((await site.world.client().call((api) => api.locations.get({ id: "abc" }))).status).toBe(
      422,
    );
  });

  it("deleting a location without visits removes it; with visits archives it and keeps its history", async () => {
    const empty = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Temp", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json;
    expect((await site.admin.call((api) => api.locations.remove({ id: empty.id }))).status).toBe(
      200,
    );
    expect(
      await site.world.services.db.kysely
        .selectFrom("locations")
        .where("id", "=", empty.id)
        .select("id")
        .executeTakeFirst(),
    ).toBeUndefined();

    const used = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Used", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json;
    const tablet = await tabletClient(site.world, used.id);
    expect(
      (await tablet.call((api) => api.visits.create(visitor(used.id, site.catalog.pantry.id))))
        .status,
    ).toBe(201);
    expect((await site.admin.call((api) => api.locations.remove({ id: used.id }))).status).toBe(
      200,
    );

    expect(
      (await site.world.client().call((api) => api.locations.get({ id: used.id }))).status,
    ).toBe(404);
    expect(
      (await site.admin.call((api) => api.locations.list())).json.map((l: { id: number }) => l.id),
    ).not.toContain(used.id);
    // The tablet of an archived location is no longer a tablet.
    expect((await tablet.call((api) => api.visits.list({ locationId: used.id }))).status).toBe(401);
    // The visit is still in the report, with its location's name.
    const report = await site.admin.call((api) => api.visits.list({ locationId: used.id }));
    expect(report.json).toHaveLength(1);
    expect(report.json[0].Location).toEqual({ id: used.id, Name: "Used" });
  });
});

describe("programs", () => {
  it("creates and updates a program with LocationIds; a new location gets it as its last tab", async () => {
    const res = await site.admin.call((api) =>
      api.programs.create({ Name: "Art", LocationIds: [site.catalog.main.id] }),
    );
    expect(res.status).toBe(201);
    expect(res.json.Locations.map((l: { id: number }) => l.id)).toEqual([site.catalog.main.id]);
    const main = await site.admin.call((api) => api.locations.get({ id: site.catalog.main.id }));
    expect(names(main.json.Programs)).toEqual(["Tutoring", "Food Pantry", "Art"]);

    const updated = await site.admin.call((api) =>
      api.programs.update({ id: res.json.id, Name: "Arts", LocationIds: [site.catalog.east.id] }),
    );
    expect(updated.status).toBe(200);
    expect(updated.json.Name).toBe("Arts");
    expect(updated.json.Locations.map((l: { id: number }) => l.id)).toEqual([site.catalog.east.id]);
    expect(
      names(
        (await site.admin.call((api) => api.locations.get({ id: site.catalog.main.id }))).json
          .Programs,
      ),
    ).toEqual(["Tutoring", "Food Pantry"]);
    expect(
      names(
        (await site.admin.call((api) => api.locations.get({ id: site.catalog.east.id }))).json
          .Programs,
      ),
    ).toEqual(["Job Help", "Arts"]);
  });

  it("keeps a program's Spanish name (blank: none), for the tablet's and the door's Spanish screens", async () => {
    const created = await site.admin.call((api) =>
      api.programs.create({
        Name: "Clothing Closet",
        NameEs: "  Ropero comunitario ",
        LocationIds: [site.catalog.main.id],
      }),
    );
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ Name: "Clothing Closet", NameEs: "Ropero comunitario" });
    // The tablet reads it with the location's tabs; a program without one says null.
    const tabs = (
      await site.world.client().call((api) => api.locations.get({ id: site.catalog.main.id }))
    ).json.Programs as Array<{ Name: string; NameEs: string | null }>;
    expect(tabs.find((p) => p.Name === "Clothing Closet")?.NameEs).toBe("Ropero comunitario");
    expect(tabs.find((p) => p.Name === "Tutoring")?.NameEs).toBeNull();
    // Left out, it stays; blank, it goes.
    const renamed = await site.admin.call((api) =>
      api.programs.update({ id: created.json.id, Name: "Clothes Closet" }),
    );
    expect(renamed.json.NameEs).toBe("Ropero comunitario");
    const cleared = await site.admin.call((api) =>
      api.programs.update({ id: created.json.id, NameEs: " " }),
    );
    expect(cleared.json).toMatchObject({ Name: "Clothes Closet", NameEs: null });
    const tooLong = await site.admin.call((api) =>
      api.programs.update({ id: created.json.id, NameEs: "x".repeat(201) }),
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toEqual([
      {
        path: "NameEs",
        message: "Spanish name is too long",
        key: "tooLong",
        values: { label: "Spanish name" },
      },
    ]);
  });

  it("programs added to one location in parallel each get a tab position of their own", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Busy", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json;
    const programs = await Promise.all(
      Array.from(
        { length: 12 },
        async (_, i) =>
          (
            await site.admin.call((api) =>
              api.programs.create({ Name: `Parallel ${i}`, LocationIds: [] }),
            )
          ).json.id as number,
      ),
    );
    const edits = await Promise.all(
      programs.map((id) =>
        site.admin.call((api) => api.programs.update({ id: id, LocationIds: [location.id] })),
      ),
    );
    expect(edits.map((res) => res.status)).toEqual(programs.map(() => 200));
    const positions = await site.world.services.db.kysely
      .selectFrom("location_programs")
      .select("position")
      .where("location_id", "=", location.id)
      .orderBy("position")
      .execute();
    expect(positions.map((row) => row.position)).toEqual(Array.from({ length: 13 }, (_, i) => i));
    const tabs = (await site.world.client().call((api) => api.locations.get({ id: location.id })))
      .json.Programs;
    expect(tabs[0].Name).toBe("Food Pantry");
    expect(names(tabs).sort()).toEqual(
      ["Food Pantry", ...programs.map((_, i) => `Parallel ${i}`)].sort(),
    );
  });

  it("reads for staff, writes for admins, 404 for unknown ids", async () => {
    const staff = await staffClient(site.world);
    expect((await staff.call((api) => api.programs.list())).status).toBe(200);
    expect(
      (await staff.call((api) => api.programs.get({ id: site.catalog.pantry.id }))).json.Name,
    ).toBe("Food Pantry");
    expect((await staff.call((api) => api.programs.create({ Name: "X" }))).status).toBe(403);
    expect((await site.admin.call((api) => api.programs.get({ id: 424242 }))).status).toBe(404);
    expect((await site.admin.call((api) => api.programs.remove({ id: 424242 }))).status).toBe(404);
  });

  it("deleting a program with visits archives it: gone from tabs, kept in reports", async () => {
    const program = (
      await site.admin.call((api) =>
        api.programs.create({ Name: "Pop-up", LocationIds: [site.catalog.main.id] }),
      )
    ).json;
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (await tablet.call((api) => api.visits.create(visitor(site.catalog.main.id, program.id))))
        .status,
    ).toBe(201);
    expect((await site.admin.call((api) => api.programs.remove({ id: program.id }))).status).toBe(
      200,
    );
    expect(
      names(
        (await site.world.client().call((api) => api.locations.get({ id: site.catalog.main.id })))
          .json.Programs,
      ),
    ).not.toContain("Pop-up");
    const report = await site.admin.call((api) => api.visits.list({ programId: program.id }));
    expect(report.json.map((v: { Program: { Name: string } }) => v.Program.Name)).toEqual([
      "Pop-up",
    ]);
    // Signing in to an archived program is refused.
    const again = await tablet.call((api) =>
      api.visits.create(visitor(site.catalog.main.id, program.id)),
    );
    expect(again.status).toBe(422);
  });
});

describe("tablet setup", () => {
  it("ends the staff session, records a hashed tablet token and sets the sheet cookies", async () => {
    const staff = await staffClient(site.world);
    const res = await staff.call((api) => api.locations.setup({ id: site.catalog.main.id }));
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(site.catalog.main.id);
    const sheetId = res.cookies.find((c) => c.name === "sheet-id");
    const sheetToken = res.cookies.find((c) => c.name === "sheet-token");
    expect(sheetId).toMatchObject({ value: String(site.catalog.main.id), path: "/" });
    expect(sheetId?.httpOnly).toBeFalsy();
    expect(sheetToken).toMatchObject({ httpOnly: true, sameSite: "lax" });
    expect(sheetToken!.maxAge).toBeGreaterThan(364 * 24 * 3600);
    expect(staff.jar.has("session")).toBe(false);
    expect((await staff.call((api) => api.users.me())).status).toBe(204);
    const stored = await site.world.services.db.kysely
      .selectFrom("tablets")
      .select("token_hash")
      .where("location_id", "=", site.catalog.main.id)
      .execute();
    expect(stored.map((t) => t.token_hash)).not.toContain(sheetToken!.value);
    // The browser is now that location's tablet.
    expect(
      (await staff.call((api) => api.visits.list({ locationId: site.catalog.main.id }))).status,
    ).toBe(200);
  });

  it("a revoked tablet token no longer works", async () => {
    const tablet = await tabletClient(site.world, site.catalog.east.id);
    expect(
      (await tablet.call((api) => api.visits.list({ locationId: site.catalog.east.id }))).status,
    ).toBe(200);
    await site.world.services.db.kysely
      .updateTable("tablets")
      .set({ revoked_at: new Date() })
      .where("location_id", "=", site.catalog.east.id)
      .execute();
    expect(
      (await tablet.call((api) => api.visits.list({ locationId: site.catalog.east.id }))).status,
    ).toBe(401);
  });

  it("needs staff: anonymous 401, a tablet 403", async () => {
    expect(
      (await site.world.client().call((api) => api.locations.setup({ id: site.catalog.main.id })))
        .status,
    ).toBe(401);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (await tablet.call((api) => api.locations.setup({ id: site.catalog.main.id }))).status,
    ).toBe(403);
  });
});
