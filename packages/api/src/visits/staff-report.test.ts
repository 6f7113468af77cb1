import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";
import { insertVisits as insertVisitRows, type VisitRow } from "../../test/visit-rows.ts";

/** The staff report of visits: its days in a time zone, and its pages. */

const site = useCatalogWorld();
const insertVisits = (rows: VisitRow[]) =>
  insertVisitRows(
    site.world,
    { locationId: site.catalog.main.id, programId: site.catalog.tutoring.id },
    rows,
  );

describe("the staff report", () => {
  it("reads from/to as calendar days in timeZone (a 23:30 Los Angeles visit is the next day in UTC)", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "TZ", ProgramIds: [site.catalog.pantry.id] }),
      )
    ).json;
    // 2026-03-10 23:30 in Los Angeles (UTC-7 after DST began) is 2026-03-11 06:30 UTC.
    await insertVisits([
      {
        timeIn: "2026-03-11T06:30:00Z",
        locationId: location.id,
        programId: site.catalog.pantry.id,
        first: "Late",
      },
    ]);
    const q = (from: string, to: string, tz?: string) =>
      site.admin.call((api) =>
        api.visits.list({ locationId: location.id, from, to, ...(tz ? { timeZone: tz } : {}) }),
      );
    expect((await q("2026-03-10", "2026-03-10", "America/Los_Angeles")).json).toHaveLength(1);
    expect((await q("2026-03-11", "2026-03-11", "America/Los_Angeles")).json).toHaveLength(0);
    expect((await q("2026-03-11", "2026-03-11")).json).toHaveLength(1);
    expect((await q("2026-03-10", "2026-03-10")).json).toHaveLength(0);
    const bad = await q("2026-03-10", "2026-03-10", "Mars/Olympus");
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe("timeZone");
    expect((await site.admin.call((api) => api.visits.list({ from: "yesterday" }))).status).toBe(
      422,
    );
  });

  it("paginates 25 per page, newest first, with Link and X-Total-Count on first, middle and last pages", async () => {
    const location = (
      await site.admin.call((api) =>
        api.locations.create({ Name: "Pages", ProgramIds: [site.catalog.jobs.id] }),
      )
    ).json;
    await insertVisits(
      Array.from({ length: 101 }, (_, i) => ({
        timeIn: new Date(Date.UTC(2024, 0, 1) + i * 3600_000).toISOString(),
        locationId: location.id,
        programId: site.catalog.jobs.id,
        first: `P${i}`,
      })),
    );
    // The request's own URL, as the transports give it: the Link header is that URL, page changed.
    const page = (n?: number) => {
      const query = `locationId=${location.id}${n === undefined ? "" : `&page=${n}`}`;
      return site.admin.call(
        (api) =>
          api.visits.list({ locationId: location.id, ...(n === undefined ? {} : { page: n }) }),
        { url: `/api/visits?${query}` },
      );
    };
    const first = await page();
    expect(first.status).toBe(200);
    expect(first.json).toHaveLength(25);
    expect(first.json[0].FirstName).toBe("P100");
    expect(first.json[0].Location).toEqual({ id: location.id, Name: "Pages" });
    expect(first.json[0].Program).toEqual({
      id: site.catalog.jobs.id,
      Name: "Job Help",
      NameEs: null,
    });
    expect(first.headers["X-Total-Count"]).toBe("101");
    const link = (h: unknown) =>
      String(h)
        .split(", ")
        .map((part) =>
          part
            .match(/page=(\d+)>; rel="(\w+)"/)!
            .slice(1)
            .reverse()
            .join("="),
        )
        .sort();
    expect(link(first.headers.Link)).toEqual(["last=5", "next=2"]);
    expect(String(first.headers.Link)).toContain(`locationId=${location.id}`);

    const middle = await page(3);
    expect(middle.json[0].FirstName).toBe("P50");
    expect(link(middle.headers.Link)).toEqual(["first=1", "last=5", "next=4", "prev=2"]);

    const last = await page(5);
    expect(last.json).toHaveLength(1);
    expect(last.json[0].FirstName).toBe("P0");
    expect(link(last.headers.Link)).toEqual(["first=1", "prev=4"]);

    // Every page together is every visit once, newest first, whichever end a page is read from.
    const names: string[] = [];
    for (let n = 1; n <= 5; n++)
      names.push(...(await page(n)).json.map((v: { FirstName: string }) => v.FirstName));
    expect(names).toEqual(Array.from({ length: 101 }, (_, i) => `P${100 - i}`));
    expect((await page(6)).json).toEqual([]);

    // The web app's report: the page carries its total and page count.
    const report = await site.admin.call((api) =>
      api.visits.report({ locationId: location.id, page: 4 }),
    );
    expect(report.json).toMatchObject({ total: 101, page: 4, pageCount: 5 });
    expect(report.json.visits).toHaveLength(25);
  });
});
