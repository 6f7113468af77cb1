import type { AddressInfo } from "node:net";
import { generateToken, hashToken } from "@vsi/api";
import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";
import type { Client } from "./harness.ts";
import { cookieHeader, openEvents } from "./sse.ts";

/**
 * What a location's live events show of a visit: a tablet the sheet's view ("Ada L.",
 * xxx-xxx-0101), staff and scripts the whole visit (the answers' views are tested in process, in
 * packages/api/src/visits/tablet-view.test.ts).
 */

const world = useCatalogServer();
const db = () => world.server.services.db.kysely;

/** A script's client: a staff member's API token. */
async function bearerClient(): Promise<Client> {
  const user = await world.server.createUser();
  const token = generateToken();
  await db()
    .insertInto("api_tokens")
    .values({ user_id: user.id, name: "script", token_hash: hashToken(token) })
    .execute();
  const client = world.server.client();
  client.bearer = token;
  return client;
}

const tabletView = { FirstName: "Ada", LastName: "L", PhoneNumber: "xxxxxx0101" };
const fullView = { FirstName: "Ada", LastName: "Lovelace", PhoneNumber: "4155550101" };
const adaAt = (LocationId: number, ProgramId: number) =>
  visitor(LocationId, ProgramId, {
    FirstName: "Ada",
    LastName: "Lovelace",
    PhoneNumber: "415-555-0101",
  });

describe("a visit as a tablet sees it", () => {
  it("is the sheet's view in a tablet's live events and the whole visit in staff's, on the same location", async () => {
    const { main, tutoring } = world.catalog;
    await world.server.app.listen({ port: 0, host: "127.0.0.1" });
    const base = `http://127.0.0.1:${(world.server.app.server.address() as AddressInfo).port}`;
    const tablet = await tabletClient(world.server, main.id);
    const script = await bearerClient();
    const watch = (client: Client) =>
      openEvents(`${base}/api/locations/${main.id}/events`, {
        cookie: cookieHeader(client.jar),
        ...(client.bearer ? { authorization: `Bearer ${client.bearer}` } : {}),
      });
    const streams = {
      tablet: await watch(tablet),
      staff: await watch(world.admin),
      script: await watch(script),
    };
    try {
      for (const stream of Object.values(streams)) await stream.next("ready");
      const signedIn = (
        await world.admin.post("/api/visits", {
          ...adaAt(main.id, tutoring.id),
          PhoneNumber: "4155550199",
        })
      ).json;
      const expected = {
        tablet: { ...tabletView, PhoneNumber: "xxxxxx0199" },
        staff: { ...fullView, PhoneNumber: "4155550199" },
        script: { ...fullView, PhoneNumber: "4155550199" },
      };
      for (const [name, stream] of Object.entries(streams)) {
        const event = await stream.next("visit", (data) => data.visitId === signedIn.id);
        expect(event.data.visit, name).toMatchObject(expected[name as keyof typeof expected]);
      }
      await world.admin.patch(`/api/visits/${signedIn.id}/sign-out`);
      for (const [name, stream] of Object.entries(streams)) {
        const event = await stream.next("visit", (data) => data.kind === "out");
        expect(event.data.visit, name).toMatchObject(expected[name as keyof typeof expected]);
      }
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });
});
