import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";

const site = useCatalogWorld();

async function userClient(access: Array<{ locationId: number; role: "staff" | "admin" }>) {
  const user = await site.world.createUser({ access });
  const client = site.world.client();
  await client.login(user.email, user.password);
  return client;
}

/** The presets' rows and their audit rows, to see that a refusal wrote nothing. */
async function written() {
  const db = site.world.services.db.kysely;
  const presets = await db.selectFrom("report_presets").selectAll().orderBy("id").execute();
  const audit = await db
    .selectFrom("audit_log")
    .select(db.fn.countAll<number>().as("count"))
    .where("action", "like", "report_preset.%")
    .executeTakeFirstOrThrow();
  return { presets, audit: Number(audit.count) };
}

const paths = (json: { errors: Array<{ path: string; key: string }> }) =>
  json.errors.map((error) => [error.path, error.key]);

describe("report presets", () => {
  it("starts with the monthly partner report's bands, which staff read", async () => {
    const staff = await userClient([{ locationId: site.catalog.main.id, role: "staff" }]);
    const res = await staff.call((api) => api.reportPresets.list());
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({ name: "Monthly partner report", ageBands: "0-17,18-64,65-" }),
    ]);
  });

  it("is a network admin's to add, change and delete, each audited", async () => {
    const made = await site.admin.call((api) =>
      api.reportPresets.create({ name: "State form", ageBands: "0-17,18-59,60-" }),
    );
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ name: "State form", ageBands: "0-17,18-59,60-" });
    const changed = await site.admin.call((api) =>
      api.reportPresets.update({ id: made.json.id, ageBands: " 0-4,5-17,18-59,60- " }),
    );
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ name: "State form", ageBands: "0-4,5-17,18-59,60-" });
    const removed = await site.admin.call((api) => api.reportPresets.remove({ id: made.json.id }));
    expect(removed.status).toBe(200);
    const actions = await site.world.services.db.kysely
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("subject_type", "=", "report_preset")
      .where("subject_id", "=", made.json.id)
      .orderBy("id")
      .execute();
    expect(actions).toEqual([
      {
        action: "report_preset.create",
        details: { name: "State form", ageBands: "0-17,18-59,60-" },
      },
      {
        action: "report_preset.update",
        details: { name: "State form", fields: ["ageBands"], ageBands: "0-4,5-17,18-59,60-" },
      },
      { action: "report_preset.delete", details: { name: "State form" } },
    ]);
    expect(
      (await site.admin.call((api) => api.reportPresets.remove({ id: made.json.id }))).status,
    ).toBe(404);
  });

  it("refuses bands out of order, with gaps, past 130 or closed, a blank name and a name taken, each at its field, writing nothing", async () => {
    const before = await written();
    for (const ageBands of [
      "18-64,0-17,65-",
      "0-17,19-64,65-",
      "0-17,17-64,65-",
      "0-17,18-140,141-",
      "0-17,18-64",
      "0-17.5,18-",
      "children",
    ]) {
      const res = await site.admin.call((api) =>
        api.reportPresets.create({ name: `Bands ${ageBands}`, ageBands }),
      );
      expect(res.status, ageBands).toBe(422);
      expect(paths(res.json), ageBands).toEqual([["ageBands", "ageBands"]]);
    }
    const both = await site.admin.call((api) =>
      api.reportPresets.create({ name: "  ", ageBands: "0-17,65-" }),
    );
    expect(both.status).toBe(422);
    expect(paths(both.json)).toEqual([
      ["name", "required"],
      ["ageBands", "ageBands"],
    ]);
    // The seeded preset's name in other letters is the same name.
    const taken = await site.admin.call((api) =>
      api.reportPresets.create({ name: "MONTHLY partner report", ageBands: "0-17,18-" }),
    );
    expect(taken.status).toBe(422);
    expect(paths(taken.json)).toEqual([["name", "presetNameTaken"]]);
    const seeded = before.presets[0]!;
    const renamed = await site.admin.call((api) =>
      api.reportPresets.create({ name: "Other", ageBands: "0-17,18-" }),
    );
    const clash = await site.admin.call((api) =>
      api.reportPresets.update({ id: renamed.json.id, name: seeded.name }),
    );
    expect(clash.status).toBe(422);
    expect(paths(clash.json)).toEqual([["name", "presetNameTaken"]]);
    await site.admin.call((api) => api.reportPresets.remove({ id: renamed.json.id }));
    const badChange = await site.admin.call((api) =>
      api.reportPresets.update({ id: seeded.id, ageBands: "0-17,18-64" }),
    );
    expect(paths(badChange.json)).toEqual([["ageBands", "ageBands"]]);
    const after = await written();
    expect(after.presets).toEqual(before.presets);
    // Only the Other preset's own create and delete.
    expect(after.audit).toBe(before.audit + 2);
  });

  it("refuses staff and a site's admin any change (403), writing nothing", async () => {
    const staff = await userClient([{ locationId: site.catalog.main.id, role: "staff" }]);
    const siteAdmin = await userClient([{ locationId: site.catalog.main.id, role: "admin" }]);
    const before = await written();
    const seeded = before.presets[0]!;
    for (const caller of [staff, siteAdmin]) {
      const create = await caller.call((api) =>
        api.reportPresets.create({ name: "Mine", ageBands: "0-17,18-" }),
      );
      expect(create.status).toBe(403);
      const update = await caller.call((api) =>
        api.reportPresets.update({ id: seeded.id, name: "Mine" }),
      );
      expect(update.status).toBe(403);
      const remove = await caller.call((api) => api.reportPresets.remove({ id: seeded.id }));
      expect(remove.status).toBe(403);
    }
    expect(await written()).toEqual(before);
  });
});
