import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";

const site = useCatalogWorld();

describe("visits.open: who is on site now", () => {
  it("lists everyone signed in, of every location or one, by location, program and time in, with names; signed-out visits are gone", async () => {
    const { main, east, pantry, tutoring, jobs } = site.catalog;
    const mainTablet = await tabletClient(site.world, main.id);
    const eastTablet = await tabletClient(site.world, east.id);
    const sign = async (
      tablet: typeof mainTablet,
      location: number,
      program: number,
      FirstName: string,
    ) =>
      (await tablet.call((api) => api.visits.create(visitor(location, program, { FirstName }))))
        .json as { id: number };
    const ana = await sign(mainTablet, main.id, tutoring.id, "Ana");
    site.world.clock.offsetMs = 1000;
    const bo = await sign(mainTablet, main.id, pantry.id, "Bo");
    site.world.clock.offsetMs = 2000;
    const cy = await sign(mainTablet, main.id, pantry.id, "Cy");
    const dee = await sign(eastTablet, east.id, jobs.id, "Dee");
    site.world.clock.offsetMs = 0;
    const gone = await sign(mainTablet, main.id, pantry.id, "Gone");
    await mainTablet.call((api) => api.visits.signOut({ id: gone.id }));

    const staff = await staffClient(site.world);
    const all = await staff.call((api) => api.visits.open({}));
    expect(all.status).toBe(200);
    expect(all.headers["X-Total-Count"]).toBe("4");
    // Eastside before Main Street; in Main Street, Food Pantry before Tutoring, oldest first.
    expect(all.json.map((v: { id: number }) => v.id)).toEqual([dee.id, bo.id, cy.id, ana.id]);
    expect(all.json[0]).toMatchObject({
      FirstName: "Dee",
      TimeOut: null,
      SignedOutBy: null,
      Location: { id: east.id, Name: "Eastside" },
      Program: { id: jobs.id, Name: "Job Help" },
    });

    const one = await staff.call((api) => api.visits.open({ locationId: main.id }));
    expect(one.json.map((v: { id: number }) => v.id)).toEqual([bo.id, cy.id, ana.id]);
    const other = await staff.call((api) => api.visits.open({ locationId: east.id }));
    expect(other.json.map((v: { id: number }) => v.id)).toEqual([dee.id]);
  });

  it("gives each visit's program its Spanish name too, for a staff screen in Spanish", async () => {
    const { east } = site.catalog;
    const closet = (
      await site.admin.call((api) =>
        api.programs.create({
          Name: "Clothing Closet",
          NameEs: "Ropero comunitario",
          LocationIds: [east.id],
        }),
      )
    ).json as { id: number };
    const tablet = await tabletClient(site.world, east.id);
    const signed = (
      await tablet.call((api) =>
        api.visits.create(visitor(east.id, closet.id, { FirstName: "Eva" })),
      )
    ).json as { id: number };
    const staff = await staffClient(site.world);
    const open = await staff.call((api) => api.visits.open({ locationId: east.id }));
    expect(open.json.find((v: { id: number }) => v.id === signed.id).Program).toEqual({
      id: closet.id,
      Name: "Clothing Closet",
      NameEs: "Ropero comunitario",
    });
    const listed = await staff.call((api) => api.visits.list({ locationId: east.id }));
    expect(listed.json.find((v: { id: number }) => v.id === signed.id).Program).toEqual({
      id: closet.id,
      Name: "Clothing Closet",
      NameEs: "Ropero comunitario",
    });
    await tablet.call((api) => api.visits.signOut({ id: signed.id }));
  });

  it("is for staff: 401 anonymous, 403 tablet, 422 for a bad locationId", async () => {
    expect((await site.world.client().call((api) => api.visits.open({}))).status).toBe(401);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (await tablet.call((api) => api.visits.open({ locationId: site.catalog.main.id }))).status,
    ).toBe(403);
    expect((await site.admin.call((api) => api.visits.open({ locationId: "abc" }))).status).toBe(
      422,
    );
  });

  it("a staff sign-out from the list records that staff did it", async () => {
    const tablet = await tabletClient(site.world, site.catalog.east.id);
    const visit = (
      await tablet.call((api) =>
        api.visits.create(
          visitor(site.catalog.east.id, site.catalog.jobs.id, { FirstName: "Eve" }),
        ),
      )
    ).json;
    const staff = await staffClient(site.world);
    const out = await staff.call((api) => api.visits.signOut({ id: visit.id }));
    expect(out.json).toMatchObject({ id: visit.id, SignedOutBy: "staff" });
    expect(
      (await staff.call((api) => api.visits.open({}))).json.map((v: { id: number }) => v.id),
    ).not.toContain(visit.id);
  });
});
