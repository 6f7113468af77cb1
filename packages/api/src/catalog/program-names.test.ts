import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../test/fixtures.ts";

// Two live programs never share a name, whatever its letters' case: a tab, a report's filter and a
// funder's line would not say which is which. The refusal is a 422 on Name, and writes nothing.

const site = useCatalogWorld();

const names = async () =>
  (await site.admin.call((api) => api.programs.list())).json.map((p: { Name: string }) => p.Name);

describe("a program's name", () => {
  it("is refused on Name when a live program has it, in any case and with spaces around", async () => {
    for (const Name of ["Food Pantry", "food pantry", "  FOOD PANTRY "]) {
      const res = await site.admin.call((api) =>
        api.programs.create({ Name, LocationIds: [site.catalog.main.id] }),
      );
      expect(res.status, Name).toBe(422);
      expect(res.json.errors).toEqual([
        expect.objectContaining({
          path: "Name",
          message: "A program named “Food Pantry” already exists: give this one another name",
        }),
      ]);
    }
    expect((await names()).filter((n: string) => n.toLowerCase() === "food pantry")).toEqual([
      "Food Pantry",
    ]);
  });

  it("is refused when another program is renamed to it, but a program may keep or recase its own", async () => {
    const { pantry, tutoring } = site.catalog;
    const clash = await site.admin.call((api) =>
      api.programs.update({ id: tutoring.id, Name: "FOOD pantry" }),
    );
    expect(clash.status).toBe(422);
    expect(clash.json.errors.map((e: { path: string }) => e.path)).toEqual(["Name"]);
    expect((await site.admin.call((api) => api.programs.get({ id: tutoring.id }))).json.Name).toBe(
      "Tutoring",
    );
    const same = await site.admin.call((api) =>
      api.programs.update({ id: pantry.id, Name: "Food Pantry", LocationIds: [] }),
    );
    expect(same.status).toBe(200);
    const recased = await site.admin.call((api) =>
      api.programs.update({ id: pantry.id, Name: "Food pantry" }),
    );
    expect(recased.json.Name).toBe("Food pantry");
    await site.admin.call((api) => api.programs.update({ id: pantry.id, Name: "Food Pantry" }));
  });

  it("is free again once its program is deleted or archived", async () => {
    const made = await site.admin.call((api) => api.programs.create({ Name: "Pop-up Clinic" }));
    expect(made.status).toBe(201);
    expect((await site.admin.call((api) => api.programs.remove({ id: made.json.id }))).status).toBe(
      200,
    );
    const again = await site.admin.call((api) => api.programs.create({ Name: "Pop-up Clinic" }));
    expect(again.status).toBe(201);
  });

  it("goes to one of two admins saving it at once, the other hearing why", async () => {
    const answers = await Promise.all(
      [0, 1, 2].map(() => site.admin.call((api) => api.programs.create({ Name: "Legal Aid Day" }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422, 422]);
    expect((await names()).filter((n: string) => n === "Legal Aid Day")).toHaveLength(1);
  });

  it("when empty, is required, by its field", async () => {
    const res = await site.admin.call((api) => api.programs.create({ Name: "  " }));
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual([
      expect.objectContaining({ path: "Name", message: "Name is required" }),
    ]);
  });
});
