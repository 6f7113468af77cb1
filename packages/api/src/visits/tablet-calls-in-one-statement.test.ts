import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { statementsOf } from "../../test/statements.ts";
import type { Client } from "../../test/world.ts";

/**
 * Round trips to the database per tablet call, counted statement by statement as the API sends
 * them: each is one, its work with the tablet's check in the same statement (a sign-in with its
 * audit row). That /api and /trpc add none is tested in apps/server. No timing here.
 */

const site = useCatalogWorld();

/** What a tablet call sends: one statement, which checks the tablet as it does the work. */
function expectTabletCall(statements: string[]) {
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/from "tablets"/);
  expect(statements[0]).toMatch(/"visits"/);
}

describe("round trips per tablet call", () => {
  let tablet: Client;
  const sheet = () => ({ locationId: site.catalog.main.id, programId: site.catalog.tutoring.id });
  const newVisitor = () => visitor(site.catalog.main.id, site.catalog.tutoring.id);
  const statements = (call: () => Promise<{ status: number }>, status: number) =>
    statementsOf(site.world, call, status);
  beforeAll(async () => {
    tablet = await tabletClient(site.world, site.catalog.main.id);
  });

  it("the sheet list is one statement with the tablet's check, with and without a program", async () => {
    expectTabletCall(await statements(() => tablet.call((api) => api.visits.list(sheet())), 200));
    expectTabletCall(
      await statements(
        () => tablet.call((api) => api.visits.list({ locationId: site.catalog.main.id })),
        200,
      ),
    );
  });

  it("the kiosk's sheet list (from today in the tablet's zone) is one statement with the tablet's check, and lists today's open visits only", async () => {
    const open = (await tablet.call((api) => api.visits.create(newVisitor()))).json as {
      id: number;
    };
    const input = { ...sheet(), from: "2000-01-01", timeZone: "America/Los_Angeles" };
    let res: { json: { id: number }[] } | undefined;
    expectTabletCall(
      await statements(async () => (res = await tablet.call((api) => api.visits.list(input))), 200),
    );
    expect(res!.json.map((v) => v.id)).toContain(open.id);
    // Two days on from the API's now: a day no visit has begun yet, in any zone.
    const later = new Date(site.world.services.now().getTime() + 2 * 24 * 3600 * 1000)
      .toISOString()
      .slice(0, 10);
    expectTabletCall(
      await statements(
        async () => (res = await tablet.call((api) => api.visits.list({ ...input, from: later }))),
        200,
      ),
    );
    expect(res!.json).toEqual([]);
    expectTabletCall(
      await statements(
        () =>
          tablet.call((api) =>
            api.visits.list({
              locationId: site.catalog.main.id,
              from: "2000-01-01",
              timeZone: "Europe/Madrid",
            }),
          ),
        200,
      ),
    );
  });

  it("a sign-in is one statement with the tablet's check, with an Idempotency-Key too, and its retry replays in one", async () => {
    expectTabletCall(
      await statements(() => tablet.call((api) => api.visits.create(newVisitor())), 201),
    );
    const key = randomUUID();
    const body = newVisitor();
    const keyed = () =>
      tablet.call((api) => api.visits.create(body), { headers: { "idempotency-key": key } });
    let first: { json: { id: number } } | undefined;
    expectTabletCall(await statements(async () => (first = await keyed()), 201));
    let retry: { json: { id: number } } | undefined;
    expectTabletCall(await statements(async () => (retry = await keyed()), 201));
    expect(retry!.json.id).toBe(first!.json.id);
    // The key in the input, as the web app sends it.
    expectTabletCall(
      await statements(
        () =>
          tablet.call((api) =>
            api.visits.create({ ...newVisitor(), idempotencyKey: randomUUID() }),
          ),
        201,
      ),
    );
  });

  it("a sign-out is one statement with the tablet's check, its retry too, and the signed-in visitor leaves the sheet", async () => {
    const visit = (await tablet.call((api) => api.visits.create(newVisitor()))).json as {
      id: number;
    };
    const signOut = () => tablet.call((api) => api.visits.signOut({ id: visit.id }));
    expectTabletCall(await statements(signOut, 200));
    expectTabletCall(await statements(signOut, 200));
    const listed = (await tablet.call((api) => api.visits.list(sheet()))).json as { id: number }[];
    expect(listed.map((v) => v.id)).not.toContain(visit.id);
  });
});
