import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { liveEvents } from "./live-schema.ts";
import { visitChangeEvents, type VisitChange } from "./live.ts";

const site = useCatalogWorld();

describe("the live stream's events for a burst of visit changes", () => {
  it("reads every visit of the burst in one statement and answers each change in its order: a visit as it is now, one gone since as deleted, a refresh as a refresh", async () => {
    const { main, tutoring } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    const signIn = async () =>
      (
        (await tablet.call((api) => api.visits.create(visitor(main.id, tutoring.id)))).json as {
          id: number;
        }
      ).id;
    const [first, second] = [await signIn(), await signIn()];
    const change = (kind: "in" | "out" | "deleted", visitId: number): VisitChange => ({
      kind,
      locationId: main.id,
      programId: tutoring.id,
      visitId,
    });
    // An id no visit has: one deleted before the burst was read.
    const gone = 2_000_000_000;
    const changes = [
      change("in", first),
      change("in", second),
      change("in", gone),
      { kind: "refresh", locationId: main.id } as const,
      change("out", first),
      change("deleted", gone),
    ];

    const before = site.world.statements.length;
    const events = await visitChangeEvents(site.world.services.db.kysely, changes);
    const statements = site.world.statements.slice(before);

    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/from "visits"/);
    expect(
      events.map(({ event, data }) =>
        event === liveEvents.visit ? [data.kind, data.visitId, data.visit?.id ?? null] : [event],
      ),
    ).toEqual([
      ["in", first, first],
      ["in", second, second],
      ["deleted", gone, null],
      [liveEvents.refresh],
      ["out", first, first],
      ["deleted", gone, null],
    ]);
  });

  it("reads nothing for a burst of refreshes and deletions", async () => {
    const before = site.world.statements.length;
    const events = await visitChangeEvents(site.world.services.db.kysely, [
      { kind: "refresh", locationId: site.catalog.main.id },
      { kind: "deleted", locationId: site.catalog.main.id, programId: 1, visitId: 7 },
    ]);
    expect(site.world.statements.slice(before)).toEqual([]);
    expect(events.map((e) => e.event)).toEqual([liveEvents.refresh, liveEvents.visit]);
  });
});
