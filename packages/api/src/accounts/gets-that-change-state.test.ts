import { describe, expect, it } from "vitest";
import { useWorld } from "../../test/world.ts";

const site = useWorld();

describe("the GET calls that change state", () => {
  it("refuses them (log out, set up a tablet, open an invite) from a cookie without the X-XSRF-TOKEN header, as a link from another site sends them, changing nothing", async () => {
    const world = site.current;
    const admin = await world.createUser({ isAdmin: true });
    const client = world.client();
    await client.login(admin.email, admin.password);
    const location = (
      await client.call((api) =>
        api.locations.create({ Name: "Csrf Street", Address: "1 Csrf St", ProgramIds: [] }),
      )
    ).json as { id: number };
    const invite = (
      await client.call((api) =>
        api.invites.create({ firstName: "Ivy", email: "ivy.csrf@example.org" }),
      )
    ).json as { id: string };
    const tablets = async () => {
      const { n } = await world.services.db.kysely
        .selectFrom("tablets")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .where("location_id", "=", location.id)
        .executeTakeFirstOrThrow();
      return Number(n);
    };

    // A page on another site can link here: the browser sends the cookies, never the header.
    client.sendXsrf = false;
    const calls = {
      logout: () => client.call((api) => api.auth.logout()),
      setup: () => client.call((api) => api.locations.setup({ id: location.id })),
      invite: () => client.call((api) => api.invites.get({ id: invite.id })),
    };
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect(res.status, name).toBe(403);
      expect(res.json, name).toEqual({
        status: 403,
        message: "Missing or invalid X-XSRF-TOKEN header",
        key: "xsrf",
        values: {},
      });
      expect(
        res.cookies.map((c) => c.name),
        name,
      ).not.toContain("session");
    }
    expect(await tablets()).toBe(0);
    // Still logged in: nothing above ended the session.
    expect((await client.call((api) => api.users.me())).json).toMatchObject({ id: admin.id });

    // A forged header is refused too; the web app's own calls, which echo the cookie, work.
    expect(
      (await client.call((api) => api.auth.logout(), { headers: { "x-xsrf-token": "forged" } }))
        .status,
    ).toBe(403);
    client.sendXsrf = true;
    expect((await calls.invite()).status).toBe(200);
    await client.login(admin.email, admin.password);
    expect((await calls.setup()).status).toBe(200);
    expect(await tablets()).toBe(1);
    await client.login(admin.email, admin.password);
    expect((await calls.logout()).status).toBe(204);
    expect((await client.call((api) => api.users.me())).status).toBe(204);

    // Nobody logged in, or a script with a bearer token: no cookie to ride on, nothing to check.
    const anonymous = world.client();
    anonymous.sendXsrf = false;
    expect((await anonymous.call((api) => api.auth.logout())).status).toBe(204);
  });
});
