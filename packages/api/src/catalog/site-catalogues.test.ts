import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";

const site = useCatalogWorld();

type Access = Array<{ locationId: number; role: "staff" | "admin" }>;

async function userClient(access: Access) {
  const user = await site.world.createUser({ access });
  const client = site.world.client();
  await client.login(user.email, user.password);
  return client;
}

const db = () => site.world.services.db.kysely;
const auditRows = async () =>
  Number((await db().selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("a site admin's own locations", () => {
  it("edits their own location's settings; another's is 404, network-wide settings and new locations 403, and a refusal writes nothing", async () => {
    const { main, east } = site.catalog;
    const mainAdmin = await userClient([
      { locationId: main.id, role: "admin" },
      { locationId: east.id, role: "staff" },
    ]);
    const own = await mainAdmin.call((api) =>
      api.locations.update({ id: main.id, Address: "3 Main St", SelfSignIn: true }),
    );
    expect(own.status).toBe(200);
    expect(own.json).toMatchObject({ Address: "3 Main St", SelfSignIn: true });

    const before = await auditRows();
    const locations = await db().selectFrom("locations").selectAll().orderBy("id").execute();
    const outsider = await userClient([{ locationId: main.id, role: "admin" }]);
    expect(
      (await outsider.call((api) => api.locations.update({ id: east.id, Name: "Taken" }))).status,
    ).toBe(404);
    // Staff there, not its admin.
    expect(
      (await mainAdmin.call((api) => api.locations.update({ id: east.id, Name: "Taken" }))).status,
    ).toBe(403);
    expect(
      (await mainAdmin.call((api) => api.locations.create({ Name: "Mine too" }))).status,
    ).toBe(403);
    expect(
      (await mainAdmin.call((api) => api.settings.update({ eraseAfterDays: 400 } as never))).status,
    ).toBe(403);
    expect(await db().selectFrom("locations").selectAll().orderBy("id").execute()).toEqual(
      locations,
    );
    expect(await auditRows()).toBe(before);
  });
});
