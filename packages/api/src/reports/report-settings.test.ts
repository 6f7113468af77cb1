import { describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogWorld } from "../../test/fixtures.ts";

const site = useCatalogWorld();

describe("the reports' settings: the month the fiscal year starts in", () => {
  it("starts in January; an admin moves it, staff read it, and the change is in the audit log", async () => {
    const staff = await staffClient(site.world);
    expect((await staff.call((api) => api.reports.settings())).json).toEqual({
      fiscalYearStartMonth: 1,
    });
    const set = await site.admin.call((api) =>
      api.reports.updateSettings({ fiscalYearStartMonth: 10 }),
    );
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ fiscalYearStartMonth: 10 });
    expect((await staff.call((api) => api.reports.settings())).json).toEqual({
      fiscalYearStartMonth: 10,
    });
    const audit = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("action", "=", "settings.update")
      .execute();
    expect(audit.map((row) => row.details)).toEqual([
      { fiscalYearStartMonth: { from: 1, to: 10 } },
    ]);
    // Saving the same month again changes nothing and records nothing.
    await site.admin.call((api) => api.reports.updateSettings({ fiscalYearStartMonth: 10 }));
    const again = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "settings.update")
      .execute();
    expect(again).toHaveLength(1);
  });

  it("refuses a month that is not 1 to 12 by its field, and staff or tablets changing it", async () => {
    for (const fiscalYearStartMonth of [0, 13, 1.5, "10"]) {
      const res = await site.admin.call((api) =>
        api.reports.updateSettings({ fiscalYearStartMonth } as never),
      );
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual([
        {
          path: "fiscalYearStartMonth",
          message: "Use a month from 1 (January) to 12 (December)",
          key: "fiscalYearMonth",
          values: {},
        },
      ]);
    }
    const staff = await staffClient(site.world);
    expect(
      (await staff.call((api) => api.reports.updateSettings({ fiscalYearStartMonth: 7 }))).status,
    ).toBe(403);
    const tablet = await tabletClient(site.world, site.catalog.main.id);
    expect((await tablet.call((api) => api.reports.settings())).status).toBe(403);
    expect((await site.world.client().call((api) => api.reports.settings())).status).toBe(401);
  });
});
