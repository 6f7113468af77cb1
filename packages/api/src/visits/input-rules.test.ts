import { describe, expect, it } from "vitest";
import { tabletClient, useCatalogWorld, visitor } from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

/** The shared schemas decide what input is valid, and every transport answers 422 with the field. */

const site = useCatalogWorld();

const pathsOf = (body: { errors?: Array<{ path: string }> }) =>
  (body.errors ?? []).map((e) => e.path);

describe("phone numbers: one rule for create, update and lookup", () => {
  it("strips spaces, dashes, dots and brackets and a leading +1 or 1, then wants 10 digits", async () => {
    // One open visit per phone: each number ends differently.
    for (const [typed, digits] of [
      ["(415) 555.1230", "4155551230"],
      ["+1 415 555 1231", "4155551231"],
      ["1-415-555-1232", "4155551232"],
      ["415 555 1233", "4155551233"],
    ]) {
      const res = await site.admin.call((api) =>
        api.visits.create(
          visitor(site.catalog.main.id, site.catalog.tutoring.id, { PhoneNumber: typed }),
        ),
      );
      expect(res.status, typed).toBe(201);
      expect(res.json.PhoneNumber, typed).toBe(digits);
    }
    const created = (
      await site.admin.call((api) =>
        api.visits.create(visitor(site.catalog.main.id, site.catalog.tutoring.id)),
      )
    ).json;
    const updated = await site.admin.call((api) =>
      api.visits.update({ id: created.id, PhoneNumber: "415.555.9999" }),
    );
    expect(updated.json.PhoneNumber).toBe("4155559999");
    for (const typed of ["415-555-1230", "(415) 555.1230", "+14155551230"]) {
      const found = await site.admin.call((api) =>
        api.visits.search({ phoneNumber: encodeURIComponent(typed) }),
      );
      expect(found.status, typed).toBe(200);
    }
  });

  it("refuses letters, other country codes and short numbers everywhere", async () => {
    for (const typed of [
      "415a5551234",
      "+2 415 555 1234",
      "24155551234",
      "12345",
      "415/555/1234",
    ]) {
      const create = await site.admin.call((api) =>
        api.visits.create(
          visitor(site.catalog.main.id, site.catalog.tutoring.id, { PhoneNumber: typed }),
        ),
      );
      expect([create.status, pathsOf(create.json)], typed).toEqual([422, ["PhoneNumber"]]);
      const search = await site.admin.call((api) =>
        api.visits.search({ phoneNumber: encodeURIComponent(typed) }),
      );
      expect([search.status, pathsOf(search.json)], typed).toEqual([422, ["phoneNumber"]]);
    }
  });
});

describe("dates and time zones", () => {
  const impossible = ["2026-13-45", "2026-02-30", "0000-00-00", "2025-02-29"];

  it("answers 422 on the field for an impossible date or unknown zone on /api, /trpc and the CSV", async () => {
    for (const date of impossible) {
      for (const field of ["from", "to"]) {
        const rest = await site.admin.call((api) => api.visits.list({ "\u00000\u0000": date }));
        expect([rest.status, pathsOf(rest.json)], `${field}=${date}`).toEqual([422, [field]]);
        const csv = await site.admin.call((api) =>
          api.visits.list({ format: "csv", "\u00000\u0000": date }),
        );
        expect([csv.status, pathsOf(csv.json)], `csv ${field}=${date}`).toEqual([422, [field]]);
        const trpc = await site.admin.call((api) => api.visits.report({ [field]: date }));
        expect([trpc.status, pathsOf(trpc.json.error)], `trpc ${field}=${date}`).toEqual([
          422,
          [field],
        ]);
      }
    }
    for (const zone of [
      "Mars/Olympus",
      "+05:00",
      "EST5EDT%00",
      "america/new york",
      "Etc/GMT+15",
      "Etc/GMT-0x",
    ]) {
      const rest = await site.admin.call((api) =>
        api.visits.list({ timeZone: encodeURIComponent(zone) }),
      );
      expect([rest.status, pathsOf(rest.json)], zone).toEqual([422, ["timeZone"]]);
      const csv = await site.admin.call((api) =>
        api.visits.list({ format: "csv", timeZone: encodeURIComponent(zone) }),
      );
      expect([csv.status, pathsOf(csv.json)], `csv ${zone}`).toEqual([422, ["timeZone"]]);
      const trpc = await site.admin.call((api) => api.visits.report({ timeZone: zone }));
      expect([trpc.status, pathsOf(trpc.json.error)], `trpc ${zone}`).toEqual([422, ["timeZone"]]);
    }
  });

  it("accepts every zone a tablet may report: fixed-offset Etc zones and old aliases too", async () => {
    for (const zone of [
      "Etc/GMT-12",
      "Etc/GMT+11",
      "Etc/GMT-14",
      "Etc/UTC",
      "Asia/Kolkata",
      "US/Pacific",
    ]) {
      const rest = await site.admin.call((api) =>
        api.visits.list({ from: "2026-11-23", timeZone: encodeURIComponent(zone) }),
      );
      expect([rest.status, zone]).toEqual([200, zone]);
    }
  });

  it("accepts real dates, a leap day included, and IANA zones", async () => {
    const res = await site.admin.call((api) =>
      api.visits.list({ from: "2024-02-29", to: "2024-12-31", timeZone: "America/Los_Angeles" }),
    );
    expect(res.status).toBe(200);
    expect(
      (
        await site.admin.call((api) =>
          api.visits.list({ format: "csv", from: "2024-02-29", timeZone: "Europe/Berlin" }),
        )
      ).status,
    ).toBe(200);
  });
});

describe("control characters", () => {
  const nul = "a\u0000b";

  it("are a 422 on the field in every kind of text input", async () => {
    const anonymous = await site.world.client().prime();
    const cases: Array<[Client, string, string, unknown, string]> = [
      [anonymous, "POST", "/api/auth/login", { email: nul, password: "password123" }, "email"],
      [anonymous, "POST", "/api/passwords", { email: `x${nul}@example.org` }, "email"],
      [
        site.admin,
        "POST",
        "/api/invites",
        { firstName: nul, email: "ctl@example.org" },
        "firstName",
      ],
      [site.admin, "POST", "/api/locations", { Name: nul }, "Name"],
      [site.admin, "POST", "/api/tokens", { name: "tab\there" }, "name"],
      [
        site.admin,
        "POST",
        "/api/visits",
        visitor(site.catalog.main.id, site.catalog.tutoring.id, { LastName: nul }),
        "LastName",
      ],
      [site.admin, "GET", `/api/visits?timeZone=${encodeURIComponent(nul)}`, undefined, "timeZone"],
      [
        site.admin,
        "POST",
        "/api/assets",
        { blob: { filename: `me${nul}.png`, content_type: "image/png", byte_size: 10 } },
        "blob.filename",
      ],
      [site.admin, "GET", `/api/files/${encodeURIComponent(nul)}`, undefined, "key"],
    ];
    for (const [client, method, url, body, path] of cases) {
      const res = await client.request(method, url, body);
      expect([res.status, pathsOf(res.json)], `${method} ${url}`).toEqual([422, [path]]);
    }
    const trpc = await site.admin.call((api) =>
      api.visits.create({
        ...visitor(site.catalog.main.id, site.catalog.tutoring.id),
        idempotencyKey: nul,
      }),
    );
    expect([trpc.status, pathsOf(trpc.json.error)]).toEqual([422, ["idempotencyKey"]]);
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
  it("are plain decimal integers in paths and queries: 0x1, 1e0, +1, 01, 1.0 and ' 1' are 422", async () => {
    const id = String(site.catalog.main.id);
    expect((await site.admin.call((api) => api.locations.get({ id: id }))).status).toBe(200);
    expect((await site.admin.call((api) => api.visits.list({ locationId: id }))).status).toBe(200);
    for (const written of ["0x1", "1e0", "+1", "01", "1.0", " 1", `0${id}`, `${id}.0`]) {
      const path = await site.admin.call((api) =>
        api.locations.get({ id: encodeURIComponent(written) }),
      );
      expect([path.status, pathsOf(path.json)], `path ${written}`).toEqual([422, ["id"]]);
      const query = await site.admin.call((api) =>
        api.visits.list({ locationId: encodeURIComponent(written) }),
      );
      expect([query.status, pathsOf(query.json)], `query ${written}`).toEqual([
        422,
        ["locationId"],
      ]);
    }
  });

  it("stay JSON numbers over tRPC and in bodies", async () => {
    expect(
      (await site.admin.call((api) => api.locations.get({ id: site.catalog.main.id }))).status,
    ).toBe(200);
    expect((await site.admin.call((api) => api.locations.get({ id: "0x1" }))).status).toBe(422);
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
