import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogServer } from "./fixtures.ts";

const world = useCatalogServer();
const header = "Location,Program,Name,PhoneNumber,TimeIn";

/** Open visits written straight into the table (names the API would trim, times of our choosing). */
async function openVisits(locationId: number, programId: number, people: Array<[string, string]>) {
  await world.server.services.db.kysely
    .insertInto("visits")
    .values(
      people.map(([first_name, timeIn], i) => ({
        first_name,
        last_name: "Roll",
        phone_number: `41555607${String(i).padStart(2, "0")}`,
        temperature: "98.1",
        location_id: locationId,
        program_id: programId,
        time_in: new Date(timeIn),
      })),
    )
    .execute();
}

const lines = (body: string) => body.slice(1, -1).split("\n");

/** 22:30 UTC on 4 July: already 5 July in Madrid. The file's day is read at this instant, not the machine's. */
const downloadedAt = new Date("2026-07-04T22:30:00Z");

/** A download at `downloadedAt` on the server's clock. */
async function downloadAt(url: string) {
  world.server.clock.fixed = downloadedAt;
  try {
    return await world.admin.get(url);
  } finally {
    world.server.clock.fixed = undefined;
  }
}

describe("GET /api/visits/open?format=csv: the roll call as a file", () => {
  it("lists everyone signed in, in the roll call's order, times in the given zone, with a BOM, named for the location and today", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Sala Núñez",
        ProgramIds: [world.catalog.pantry.id, world.catalog.tutoring.id],
      })
    ).json;
    await openVisits(location.id, world.catalog.tutoring.id, [["Ana", "2026-07-04T09:00:00Z"]]);
    await openVisits(location.id, world.catalog.pantry.id, [
      ["Cy", "2026-07-04T10:30:00Z"],
      ["Bo", "2026-07-04T10:00:00Z"],
    ]);
    const signedOut = (await tabletClient(world.server, location.id)).post("/api/visits", {
      FirstName: "Gone",
      LastName: "Roll",
      PhoneNumber: "415-555-0799",
      Temperature: "98.1",
      LocationId: location.id,
      ProgramId: world.catalog.pantry.id,
    });
    const gone = (await signedOut).json as { id: number };
    await world.admin.patch(`/api/visits/${gone.id}/sign-out`);

    const res = await downloadAt(
      `/api/visits/open?format=csv&locationId=${location.id}&timeZone=Europe/Madrid`,
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    expect(lines(res.body)).toEqual([
      header,
      "Sala Núñez,Food Pantry,Bo Roll,415-556-0701,2026-07-04T12:00:00+02:00",
      "Sala Núñez,Food Pantry,Cy Roll,415-556-0700,2026-07-04T12:30:00+02:00",
      "Sala Núñez,Tutoring,Ana Roll,415-556-0700,2026-07-04T11:00:00+02:00",
    ]);
    // Today in Madrid, where it is already the 5th.
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="on-site-2026-07-05-sala-nunez.csv"; filename*=UTF-8''on-site-2026-07-05-sala-n%C3%BA%C3%B1ez.csv`,
    );
  });

  it("writes a cell a spreadsheet would run as text, with a leading apostrophe", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "=Hall",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    await openVisits(location.id, world.catalog.pantry.id, [
      ['=HYPERLINK("http://x","y")', "2026-07-04T09:00:00Z"],
      ["@SUM(1)", "2026-07-04T09:01:00Z"],
      ["\tTab", "2026-07-04T09:02:00Z"],
    ]);
    const res = await downloadAt(`/api/visits/open?format=csv&locationId=${location.id}`);
    expect(lines(res.body)).toEqual([
      header,
      `'=Hall,Food Pantry,"'=HYPERLINK(""http://x"",""y"") Roll",415-556-0700,2026-07-04T09:00:00+00:00`,
      "'=Hall,Food Pantry,'@SUM(1) Roll,415-556-0701,2026-07-04T09:01:00+00:00",
      "'=Hall,Food Pantry,'\tTab Roll,415-556-0702,2026-07-04T09:02:00+00:00",
    ]);
    // No zone given: times and the day in UTC, still the 4th.
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="on-site-2026-07-04-hall.csv"',
    );
  });

  it("holds every location's open visits without locationId, and only the header when nobody is in", async () => {
    const empty = (
      await world.admin.post("/api/locations", {
        Name: "Empty Hall",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    expect((await world.admin.get(`/api/visits/open?format=csv&locationId=${empty.id}`)).body).toBe(
      `\uFEFF${header}\n`,
    );
    const all = await downloadAt("/api/visits/open?format=csv");
    const json = (await world.admin.get("/api/visits/open")).json as unknown[];
    expect(lines(all.body)).toHaveLength(json.length + 1);
    expect(all.headers["content-disposition"]).toBe(
      'attachment; filename="on-site-2026-07-04.csv"',
    );
  });

  it("is for staff: 401 anonymous, 403 tablet, 200 staff; bad filters are a 422 naming the field", async () => {
    const url = `/api/visits/open?format=csv&locationId=${world.catalog.main.id}`;
    expect((await world.server.client().get(url)).status).toBe(401);
    expect((await (await tabletClient(world.server, world.catalog.main.id)).get(url)).status).toBe(
      403,
    );
    expect((await (await staffClient(world.server)).get(url)).status).toBe(200);
    for (const [query, path] of [
      ["locationId=abc", "locationId"],
      ["timeZone=Mars/Base", "timeZone"],
    ] as const) {
      const res = await world.admin.get(`/api/visits/open?format=csv&${query}`);
      expect(res.status, query).toBe(422);
      expect(res.json.errors.map((e: { path: string }) => e.path)).toEqual([path]);
    }
  });
});

describe("GET /api/roll-calls/{id}?format=csv: a roll call's record as a file", () => {
  it("has a line per mark with its time in the zone, author and device, the state now, formula-safe names, named for the roll call", async () => {
    const location = (
      await world.admin.post("/api/locations", {
        Name: "Sala Núñez",
        ProgramIds: [world.catalog.pantry.id],
      })
    ).json;
    await openVisits(location.id, world.catalog.pantry.id, [
      ["=Ana", "2026-07-04T09:00:00Z"],
      ["Bo", "2026-07-04T09:01:00Z"],
    ]);
    world.server.clock.fixed = downloadedAt;
    try {
      const rollCall = (
        await world.admin.post(`/api/locations/${location.id}/roll-calls`, { drill: true })
      ).json;
      const [ana] = rollCall.people as Array<{ id: number }>;
      const mark = (safe: boolean, markedAt: string, device?: string) =>
        world.admin.patch(`/api/roll-calls/${rollCall.id}/people/${ana!.id}`, {
          safe,
          markedAt,
          device,
        });
      await mark(true, "2026-07-04T22:10:00Z", "=Phone");
      await mark(false, "2026-07-04T22:11:00Z");
      const added = (
        await world.admin.post(`/api/roll-calls/${rollCall.id}/people`, { name: "Cy Walk" })
      ).json;
      await world.admin.patch(`/api/roll-calls/${rollCall.id}/people/${added.id}`, {
        safe: true,
        markedAt: "2026-07-04T22:12:00Z",
      });

      const res = await world.admin.get(
        `/api/roll-calls/${rollCall.id}?format=csv&timeZone=Europe/Madrid`,
      );
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(res.headers["content-disposition"]).toBe(
        `attachment; filename="drill-2026-07-05-sala-nunez.csv"; filename*=UTF-8''drill-2026-07-05-sala-n%C3%BA%C3%B1ez.csv`,
      );
      const me = (await world.admin.get("/api/users/me")).json;
      const admin = `${me.firstName} ${me.lastName}`;
      expect(lines(res.body)).toEqual([
        "Name,Program,Status,Mark,MarkedAt,MarkedBy,Device,ReceivedAt",
        `'=Ana Roll,Food Pantry,Not accounted for,Safe,2026-07-05T00:10:00+02:00,${admin},'=Phone,2026-07-05T00:30:00+02:00`,
        `'=Ana Roll,Food Pantry,Not accounted for,Undone,2026-07-05T00:11:00+02:00,${admin},,2026-07-05T00:30:00+02:00`,
        "Bo Roll,Food Pantry,Not accounted for,,,,,",
        `Cy Walk,,Safe,Safe,2026-07-05T00:12:00+02:00,${admin},,2026-07-05T00:30:00+02:00`,
      ]);
    } finally {
      world.server.clock.fixed = undefined;
    }
  });

  it("is for staff: 401 anonymous, 403 tablet; an unknown roll call is a 404, a bad zone a 422", async () => {
    const rollCall = (
      await world.admin.post(`/api/locations/${world.catalog.east.id}/roll-calls`, { drill: true })
    ).json;
    const url = `/api/roll-calls/${rollCall.id}?format=csv`;
    expect((await world.server.client().get(url)).status).toBe(401);
    expect((await (await tabletClient(world.server, world.catalog.east.id)).get(url)).status).toBe(
      403,
    );
    expect((await world.admin.get("/api/roll-calls/999999?format=csv")).status).toBe(404);
    const bad = await world.admin.get(`${url}&timeZone=Mars/Base`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(["timeZone"]);
    await world.admin.post(`/api/roll-calls/${rollCall.id}/end`);
  });
});
