import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Api, Client } from "../../test/world.ts";

/**
 * The shared rules of text and ids (kernel/schema.ts), as every procedure's input answers them:
 * 422 on the field. What a URL may hold (ids in paths and queries, a file's key) is tested in
 * apps/server (url-parameters.test.ts).
 */

const site = useCatalogWorld();

const pathsOf = (body: { errors?: Array<{ path: string }> }) =>
  (body.errors ?? []).map((e) => e.path);

describe("control characters", () => {
  const nul = "a\u0000b";

  it("are a 422 on the field in every kind of text input", async () => {
    const anonymous = site.world.client();
    const { main, tutoring } = site.catalog;
    const cases: Array<[Client, string, (api: Api) => Promise<unknown>, string]> = [
      [
        anonymous,
        "auth.login",
        (api) => api.auth.login({ email: nul, password: "password123" }),
        "email",
      ],
      [
        anonymous,
        "passwords.request",
        (api) => api.passwords.request({ email: `x${nul}@example.org` }),
        "email",
      ],
      [
        site.admin,
        "invites.create",
        (api) => api.invites.create({ firstName: nul, email: "ctl@example.org" }),
        "firstName",
      ],
      [site.admin, "locations.create", (api) => api.locations.create({ Name: nul }), "Name"],
      [site.admin, "tokens.create", (api) => api.tokens.create({ name: "tab\there" }), "name"],
      [
        site.admin,
        "visits.create",
        (api) => api.visits.create(visitor(main.id, tutoring.id, { LastName: nul })),
        "LastName",
      ],
      [
        site.admin,
        "visits.create's idempotencyKey",
        (api) => api.visits.create({ ...visitor(main.id, tutoring.id), idempotencyKey: nul }),
        "idempotencyKey",
      ],
      [site.admin, "visits.list", (api) => api.visits.list({ timeZone: nul }), "timeZone"],
      [
        site.admin,
        "assets.create",
        (api) =>
          api.assets.create({
            blob: { filename: `me${nul}.png`, content_type: "image/png", byte_size: 10 },
          }),
        "blob.filename",
      ],
    ];
    for (const [client, name, procedure, path] of cases) {
      const res = await client.call(procedure);
      expect([res.status, pathsOf(res.json)], name).toEqual([422, [path]]);
    }
  });

  it("still allow line breaks where text has lines: an invite's message, an address", async () => {
    const invite = await site.admin.call((api) =>
      api.invites.create({
        firstName: "Lines",
        email: "lines@example.org",
        message: "Hello,\r\nwelcome\tin.",
      }),
    );
    expect(invite.status).toBe(201);
    const location = await site.admin.call((api) =>
      api.locations.create({ Name: "Two lines", Address: "1 Main St\nSuite 2" }),
    );
    expect(location.status).toBe(201);
    const bell = await site.admin.call((api) =>
      api.locations.create({ Name: "Bell", Address: "1 Main St\u0007" }),
    );
    expect([bell.status, pathsOf(bell.json)]).toEqual([422, ["Address"]]);
  });
});

describe("ids", () => {
  it("stay JSON numbers in inputs: a string such as '0x1' is a 422", async () => {
    expect(
      (await site.admin.call((api) => api.locations.get({ id: site.catalog.main.id }))).status,
    ).toBe(200);
    const written = await site.admin.call((api) => api.locations.get({ id: "0x1" }));
    expect([written.status, pathsOf(written.json)]).toEqual([422, ["id"]]);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect(
      (
        await tablet.call((api) =>
          api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
        )
      ).status,
    ).toBe(201);
  });
});
