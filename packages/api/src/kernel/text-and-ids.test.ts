import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import { visitCount } from "../../test/visit-rows.ts";
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

describe("characters that hide text or change its direction, in names", () => {
  // Bidirectional controls, line and paragraph separators, zero-width characters: each can make a
  // name read otherwise, or rewrite the rest of a line it is shown in (an override in an e-mail).
  const hidden = [
    ...["\u202a", "\u202b", "\u202c", "\u202d", "\u202e"],
    ...["\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"],
    ...["\u2028", "\u2029"],
    ...["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff"],
  ];
  const message =
    "Must not contain invisible characters, text-direction controls or line separators";
  const refusal = (path: string) => [422, [{ path, message, key: "nameCharacters", values: {} }]];

  it("are a 422 on the field in every name: visitors' at a tablet, at the door and by staff, users', invites', locations', programs', tokens' and roll calls' added people", async () => {
    const { main, tutoring } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    const staff = await staffClient(site.world);
    await site.admin.call((api) => api.locations.update({ id: main.id, SelfSignIn: true }));
    const code = (await staff.call((api) => api.door.newCode({ id: main.id }))).json.code as string;
    const visit = (await staff.call((api) => api.visits.create(visitor(main.id, tutoring.id))))
      .json as { id: number };
    const rollCall = (await staff.call((api) => api.rollCalls.start({ id: main.id, drill: true })))
      .json as { id: number };
    const invite = (
      await site.admin.call((api) =>
        api.invites.create({ firstName: "Ivy", email: "ivy.hidden@example.org" }),
      )
    ).json as { id: string };
    const staffId = (await staff.call((api) => api.users.me())).json.id as number;
    const visits = await visitCount(site.world);

    // Every such character, in a visitor's name as a tablet sends it.
    for (const character of hidden) {
      const res = await tablet.call((api) =>
        api.visits.create(visitor(main.id, tutoring.id, { FirstName: `Ada${character}Lovelace` })),
      );
      expect([res.status, res.json.errors], `U+${character.codePointAt(0)!.toString(16)}`).toEqual(
        refusal("FirstName"),
      );
    }

    const { LocationId: _, ...atDoor } = visitor(main.id, tutoring.id, {
      LastName: "\u202eecalevoL",
    });
    const cases: Array<[Client, string, (api: Api) => Promise<unknown>, string]> = [
      [
        site.world.client("10.9.0.1"),
        "door.signIn",
        (api) => api.door.signIn({ code, ...atDoor }),
        "LastName",
      ],
      [
        staff,
        "visits.create",
        (api) => api.visits.create(visitor(main.id, tutoring.id, { LastName: "Love\u2028lace" })),
        "LastName",
      ],
      [
        staff,
        "visits.update",
        (api) => api.visits.update({ id: visit.id, FirstName: "A\u200bda" }),
        "FirstName",
      ],
      [
        staff,
        "users.update",
        (api) => api.users.update({ id: staffId, lastName: "X\u202dY" }),
        "lastName",
      ],
      [
        site.admin,
        "invites.create",
        (api) =>
          api.invites.create({
            firstName: "Ivy",
            lastName: "\ufeffInvitee",
            email: "ivy2.hidden@example.org",
          }),
        "lastName",
      ],
      [
        site.world.client(),
        "invites.accept",
        (api) =>
          api.invites.accept({
            id: invite.id,
            firstName: "Iv\u2029y",
            email: "ivy.hidden@example.org",
            password: "password123",
          }),
        "firstName",
      ],
      [
        site.admin,
        "locations.create",
        (api) => api.locations.create({ Name: "Main\u202e Street" }),
        "Name",
      ],
      [
        site.admin,
        "locations.update",
        (api) => api.locations.update({ id: main.id, Name: "\u200fMain" }),
        "Name",
      ],
      [
        site.admin,
        "programs.create",
        (api) => api.programs.create({ Name: "Pan\u200dtry", LocationIds: [] }),
        "Name",
      ],
      [
        site.admin,
        "programs.update",
        (api) => api.programs.update({ id: tutoring.id, Name: "Tutor\u2060ing" }),
        "Name",
      ],
      [staff, "tokens.create", (api) => api.tokens.create({ name: "key\u2069" }), "name"],
      [
        staff,
        "rollCalls.addPerson",
        (api) => api.rollCalls.addPerson({ id: rollCall.id, name: "Walk\u061cIn" }),
        "name",
      ],
    ];
    for (const [client, name, procedure, path] of cases) {
      const res = await client.call(procedure);
      expect([res.status, res.json.errors], name).toEqual(refusal(path));
    }
    expect(await visitCount(site.world)).toBe(visits);
    await staff.call((api) => api.rollCalls.end({ id: rollCall.id }));
  });

  it("leave names in every script as they are, right-to-left ones included", async () => {
    const { main, tutoring } = site.catalog;
    const tablet = await tabletClient(site.world, main.id);
    for (const [FirstName, LastName] of [
      ["José", "Nguyễn"],
      ["محمد", "العلي"],
      ["אביגיל", "כהן"],
      ["美咲", "山田"],
      ["Zoë", "O'Brien-Smith"],
    ]) {
      const res = await tablet.call((api) =>
        api.visits.create(visitor(main.id, tutoring.id, { FirstName, LastName })),
      );
      expect(res.status, FirstName).toBe(201);
      expect(res.json.FirstName).toBe(FirstName);
    }
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
