import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogServer, visitor } from "./fixtures.ts";

const world = useCatalogServer();

describe("GET /api/visits/open: who is on site now", () => {
  it("lists everyone signed in, of every location or one, by location, program and time in, with names; signed-out visits are gone", async () => {
    const { main, east, pantry, tutoring, jobs } = world.catalog;
    const mainTablet = await tabletClient(world.server, main.id);
    const eastTablet = await tabletClient(world.server, east.id);
    const sign = async (
      tablet: typeof mainTablet,
      location: number,
      program: number,
      FirstName: string,
    ) =>
      (await tablet.post("/api/visits", visitor(location, program, { FirstName }))).json as {
        id: number;
      };
    const ana = await sign(mainTablet, main.id, tutoring.id, "Ana");
    world.server.clock.offsetMs = 1000;
    const bo = await sign(mainTablet, main.id, pantry.id, "Bo");
    world.server.clock.offsetMs = 2000;
    const cy = await sign(mainTablet, main.id, pantry.id, "Cy");
    const dee = await sign(eastTablet, east.id, jobs.id, "Dee");
    world.server.clock.offsetMs = 0;
    const gone = await sign(mainTablet, main.id, pantry.id, "Gone");
    await mainTablet.patch(`/api/visits/${gone.id}/sign-out`);

    const staff = await staffClient(world.server);
    const all = await staff.get("/api/visits/open");
    expect(all.status).toBe(200);
    expect(all.headers["x-total-count"]).toBe("4");
    // Eastside before Main Street; in Main Street, Food Pantry before Tutoring, oldest first.
    expect(all.json.map((v: { id: number }) => v.id)).toEqual([dee.id, bo.id, cy.id, ana.id]);
    expect(all.json[0]).toMatchObject({
      FirstName: "Dee",
      TimeOut: null,
      SignedOutBy: null,
      Location: { id: east.id, Name: "Eastside" },
      Program: { id: jobs.id, Name: "Job Help" },
    });

    const one = await staff.get(`/api/visits/open?locationId=${main.id}`);
    expect(one.json.map((v: { id: number }) => v.id)).toEqual([bo.id, cy.id, ana.id]);
    const rpc = await staff.trpc("query", "visits.open", { locationId: east.id });
    expect(rpc.json.result.data.map((v: { id: number }) => v.id)).toEqual([dee.id]);
  });

  it("is for staff: 401 anonymous, 403 tablet, 422 for a bad locationId", async () => {
    expect((await world.server.client().get("/api/visits/open")).status).toBe(401);
    const tablet = await tabletClient(world.server, world.catalog.main.id);
    expect((await tablet.get(`/api/visits/open?locationId=${world.catalog.main.id}`)).status).toBe(
      403,
    );
    expect((await world.admin.get("/api/visits/open?locationId=abc")).status).toBe(422);
  });

  it("a staff sign-out from the list records that staff did it", async () => {
    const tablet = await tabletClient(world.server, world.catalog.east.id);
    const visit = (
      await tablet.post(
        "/api/visits",
        visitor(world.catalog.east.id, world.catalog.jobs.id, { FirstName: "Eve" }),
      )
    ).json;
    const staff = await staffClient(world.server);
    const out = await staff.patch(`/api/visits/${visit.id}/sign-out`);
    expect(out.json).toMatchObject({ id: visit.id, SignedOutBy: "staff" });
    expect(
      (await staff.get("/api/visits/open")).json.map((v: { id: number }) => v.id),
    ).not.toContain(visit.id);
  });
});
