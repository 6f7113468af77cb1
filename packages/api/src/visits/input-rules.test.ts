import { describe, expect, it } from "vitest";
import { useCatalogWorld, visitor } from "../../test/fixtures.ts";

/**
 * The visits' schemas decide what input is valid, and answer 422 with the field. The CSV's own
 * route checks the same filters (apps/server, report-csv.test.ts).
 */

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
      const found = await site.admin.call((api) => api.visits.search({ phoneNumber: typed }));
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
      const search = await site.admin.call((api) => api.visits.search({ phoneNumber: typed }));
      expect([search.status, pathsOf(search.json)], typed).toEqual([422, ["phoneNumber"]]);
    }
  });
});

describe("dates and time zones", () => {
  const impossible = ["2026-13-45", "2026-02-30", "0000-00-00", "2025-02-29"];

  it("answers 422 on the field for an impossible date or unknown zone, on the report and the web app's page of it", async () => {
    for (const date of impossible) {
      for (const field of ["from", "to"]) {
        const list = await site.admin.call((api) => api.visits.list({ [field]: date }));
        expect([list.status, pathsOf(list.json)], `${field}=${date}`).toEqual([422, [field]]);
        const report = await site.admin.call((api) => api.visits.report({ [field]: date }));
        expect([report.status, pathsOf(report.json)], `report ${field}=${date}`).toEqual([
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
      const list = await site.admin.call((api) => api.visits.list({ timeZone: zone }));
      expect([list.status, pathsOf(list.json)], zone).toEqual([422, ["timeZone"]]);
      const report = await site.admin.call((api) => api.visits.report({ timeZone: zone }));
      expect([report.status, pathsOf(report.json)], `report ${zone}`).toEqual([422, ["timeZone"]]);
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
        api.visits.list({ from: "2026-11-23", timeZone: zone }),
      );
      expect([rest.status, zone]).toEqual([200, zone]);
    }
  });

  it("accepts real dates, a leap day included, and IANA zones", async () => {
    const res = await site.admin.call((api) =>
      api.visits.list({ from: "2024-02-29", to: "2024-12-31", timeZone: "America/Los_Angeles" }),
    );
    expect(res.status).toBe(200);
  });
});
