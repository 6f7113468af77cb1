import type { AddressInfo } from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { useCatalogServer, visitor } from "./fixtures.ts";
import { openEvents } from "./sse.ts";

/**
 * The line's live stream for a now-serving screen (by its code): what the screen shows, as the
 * line moves, never a visit or a name; an unknown code is refused before any stream opens.
 */
describe("a now-serving screen's stream", () => {
  const world = useCatalogServer();
  let base: string;
  beforeAll(async () => {
    await world.server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(world.server.app.server.address() as AddressInfo).port}`;
  });

  it("brings what the screen shows when a number is called, as GET /api/screen/{code} answers it, with no name in it", async () => {
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
      const pushed = (await stream.next("screen")).data as { serving: unknown };
      // One line at this location: its numbers name no program.
      expect(pushed.serving).toEqual([{ number: 1, desk: "3", line: null }]);
      expect(pushed).toEqual((await world.admin.get(`/api/screen/${screen.code}`)).json);
      expect(stream.events.map((event) => event.event)).not.toContain("visit");
      expect(JSON.stringify(stream.events)).not.toContain("Ada");
    } finally {
      stream.close();
    }
    const unknown = await openEvents(`${base}/api/screen/nope/events`);
    expect(unknown.status).toBe(404);
    unknown.close();
  });
});

/**
 * A visitor's phone's stream (by its visit's secret): its own visit comes in it when it changes,
 * so the call shows without the phone reading it; others' changes are a bare `queue`.
 */
describe("a visitor's phone's stream", () => {
  const world = useCatalogServer();
  let base: string;
  beforeAll(async () => {
    await world.server.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(world.server.app.server.address() as AddressInfo).port}`;
  });

  it("brings the phone its own visit when it is called, and only `queue` when another is", async () => {
    const { main, pantry } = world.catalog;
    const opened = await world.admin.patch(`/api/locations/${main.id}`, {
      Queue: "arrival",
      SelfSignIn: true,
    });
    expect(opened.status).toBe(200);
    const { code } = (await world.admin.post(`/api/locations/${main.id}/door-code`)).json;
    const phoneSignIn = async (FirstName: string) => {
      const { LocationId: _, ...fields } = visitor(main.id, pantry.id, { FirstName });
      const res = await (
        await world.server.client().prime()
      ).post(`/api/door/${code}/visits`, fields);
      expect(res.status).toBe(201);
      return res.json as { visitToken: string; QueueNumber: number };
    };
    const first = await phoneSignIn("Ada");
    const second = await phoneSignIn("Grace");
    const stream = await openEvents(`${base}/api/door/visits/${second.visitToken}/events`);
    try {
      expect(stream.status).toBe(200);
      await stream.next("ready");
      await world.admin.post(`/api/locations/${main.id}/queue/call-next`, { desk: "2" });
      expect((await stream.next("queue")).data).toEqual({ locationId: main.id });
      await world.admin.post(`/api/locations/${main.id}/queue/call-next`, { desk: "3" });
      const yours = (await stream.next("yours")).data as Record<string, unknown>;
      expect(yours).toMatchObject({
        FirstName: "Grace",
        QueueNumber: second.QueueNumber,
        CalledTo: "3",
      });
      expect(yours).toEqual(
        (await world.server.client().get(`/api/door/visits/${second.visitToken}`)).json,
      );
      // Nothing of the first visitor's reaches the second's phone.
      expect(JSON.stringify(stream.events)).not.toContain("Ada");
      expect(first.QueueNumber).toBeLessThan(second.QueueNumber);
    } finally {
      stream.close();
    }
  });
});
