import { beforeAll, describe, expect, it } from "vitest";
import { tabletClient, useCatalogServer, visitor } from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * Answers to the intake questions over the wire: a wrong one is the same 422, naming
 * Answers.<questionId>, at /api and at /trpc (the rules are tested in packages/api).
 */

const world = useCatalogServer();
let tablet: Client;
let household: number;
beforeAll(async () => {
  tablet = await tabletClient(world.server, world.catalog.main.id);
  await tablet.prime();
  const res = await world.admin.post("/api/questions", {
    Kind: "number",
    Label: { en: "People in your household", es: "Personas en su hogar" },
    Required: true,
    Min: 1,
    Max: 20,
    ProgramIds: [world.catalog.pantry.id],
  });
  expect(res.status).toBe(201);
  household = res.json.id;
});

describe("answers over /api and /trpc", () => {
  it("refuse a wrong or missing answer alike, and take a right one", async () => {
    const { main, pantry } = world.catalog;
    const wrong = [
      [visitor(main.id, pantry.id, { Answers: { [household]: 0 } }), "Must be at least 1"],
      [visitor(main.id, pantry.id), "This is required!"],
    ] as const;
    for (const [body, message] of wrong) {
      const errors = [{ path: `Answers.${household}`, message }];
      const rest = await tablet.post("/api/visits", body);
      expect(rest.status).toBe(422);
      expect(rest.json.errors).toMatchObject(errors);
      const rpc = await tablet.trpc("mutation", "visits.create", body);
      expect(rpc.status).toBe(422);
      expect(rpc.json.error.errors).toEqual(rest.json.errors);
    }
    const right = await tablet.post(
      "/api/visits",
      visitor(main.id, pantry.id, { Answers: { [household]: 3 } }),
    );
    expect(right.status).toBe(201);
    const staffView = await world.admin.get(`/api/visits/${right.json.id}`);
    expect(staffView.json.Answers).toEqual({ [household]: 3 });
  });
});
