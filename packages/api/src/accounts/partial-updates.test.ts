import { beforeAll, describe, expect, it } from "vitest";
import { adminClient } from "../../test/fixtures.ts";
import { useWorld, type Client } from "../../test/world.ts";

// Services hand Kysely's .set() every column, undefined for a field the update left out; Kysely
// leaves undefined values out of the UPDATE, so those columns keep what they held.

const world = useWorld();
let admin: Client;
beforeAll(async () => {
  admin = await adminClient(world.current);
});

describe("an update that leaves a field out keeps it", () => {
  it("users: a new first name keeps the rest, the password and the account's state", async () => {
    const user = await world.current.createUser({
      firstName: "Grace",
      lastName: "Hopper",
      isAdmin: true,
    });
    const deactivated = await admin.call((api) =>
      api.users.update({ id: user.id, isActive: false }),
    );
    expect(deactivated.json).toMatchObject({ isActive: false });
    const res = await admin.call((api) =>
      api.users.update({ id: user.id, firstName: "Amazing Grace" }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: "Amazing Grace",
      lastName: "Hopper",
      email: user.email,
      isAdmin: true,
      isActive: false,
    });
    await admin.call((api) => api.users.update({ id: user.id, isActive: true }));
    const login = await world.current.client().login(user.email, user.password);
    expect(login.status).toBe(200);
  });
});
