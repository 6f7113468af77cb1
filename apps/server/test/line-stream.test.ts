import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogServer, visitor } from "./fixtures.ts";
import { openEvents } from "./sse.ts";

/**
 * The line's live stream for a now-serving screen (by its code): told when the line moves, never
 * a visit or a name; an unknown code is refused before any stream opens.
 */
describe("a now-serving screen's stream", () => {
  const world = useCatalogServer();
  let base: string;
  beforeAll(async () => {
    await world.server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(world.server.app.server.address() as AddressInfo).port}`;
  });

  it("says `queue` when a number is called, with no name in it", async () => {
    const { main, pantry } = world.catalog;
    expect(
      (await world.admin.patch(`/api/locations/${main.id}`, { Queue: "arrival" })).status,
    ).toBe(200);
    const screen = (await world.admin.post(`/api/locations/${main.id}/screens`)).json;
    const signedIn = (
      await world.admin.post("/api/visits", visitor(main.id, pantry.id, { FirstName: "Ada" }))
    ).json;
    expect(signedIn.QueueNumber).toBe(1);
    const stream = await openEvents(`${base}/api/screen/${screen.code}/events`);
    try {
      expect(stream.status).toBe(200);
      expect((await stream.next("ready")).data).toEqual({ locationId: main.id });
      await world.admin.post(`/api/locations/${main.id}/queue/call-next`, { desk: "3" });
      expect((await stream.next("queue")).data).toEqual({ locationId: main.id });
      expect(stream.events.map((event) => event.event)).not.toContain("visit");
      expect(JSON.stringify(stream.events)).not.toContain("Ada");
      const shown = (await world.admin.get(`/api/screen/${screen.code}`)).json;
      // One line at this location: its numbers name no program.
      expect(shown.serving).toEqual([{ number: 1, desk: "3", line: null }]);
    } finally {
      stream.close();
    }
    const unknown = await openEvents(`${base}/api/screen/nope/events`);
    expect(unknown.status).toBe(404);
    unknown.close();
  });
});
