import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogServer,
  visitor,
} from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * Round trips to the database per call, counted statement by statement as the server sends them
 * (the harness's statements list): a tablet call is one, its work with the tablet's check in the
 * same statement (a sign-in with its audit row), on every transport; a staff session's check is one
 * statement with its sliding renewal. No timing here.
 */

const world = useCatalogServer();

/** The statements one call sent. */
async function statementsOf(call: () => Promise<{ status: number }>, status: number) {
  const before = world.server.statements.length;
  const res = await call();
  expect(res.status).toBe(status);
  return world.server.statements.slice(before);
}

/** What a tablet call sends: one statement, which checks the tablet as it does the work. */
function expectTabletCall(statements: string[]) {
  expect(statements).toHaveLength(1);
  expect(statements[0]).toMatch(/from "tablets"/);
  expect(statements[0]).toMatch(/"visits"/);
}

describe("round trips per tablet call", () => {
  let tablet: Client;
  const sheetUrl = () =>
    `/api/visits?locationId=${world.catalog.main.id}&programId=${world.catalog.tutoring.id}`;
  const newVisitor = () => visitor(world.catalog.main.id, world.catalog.tutoring.id);

  it("the sheet list is one statement with the tablet's check, on /api and /trpc, with and without a program", async () => {
    tablet = await tabletClient(world.server, world.catalog.main.id);
    expectTabletCall(await statementsOf(() => tablet.get(sheetUrl()), 200));
    expectTabletCall(
      await statementsOf(() => tablet.get(`/api/visits?locationId=${world.catalog.main.id}`), 200),
    );
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.trpc("query", "visits.list", {
            locationId: world.catalog.main.id,
            programId: world.catalog.tutoring.id,
          }),
        200,
      ),
    );
  });

  it("the kiosk's sheet list (from today in the tablet's zone, over /trpc) is one statement with the tablet's check, and lists today's open visits only", async () => {
    const open = (await tablet.post("/api/visits", newVisitor())).json as { id: number };
    const input = {
      locationId: world.catalog.main.id,
      programId: world.catalog.tutoring.id,
      from: "2000-01-01",
      timeZone: "America/Los_Angeles",
    };
    let res: { status: number; json: unknown } | undefined;
    expectTabletCall(
      await statementsOf(async () => (res = await tablet.trpc("query", "visits.list", input)), 200),
    );
    const listed = (res!.json as { result: { data: { id: number }[] } }).result.data;
    expect(listed.map((v) => v.id)).toContain(open.id);
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expectTabletCall(
      await statementsOf(
        async () => (res = await tablet.trpc("query", "visits.list", { ...input, from: tomorrow })),
        200,
      ),
    );
    expect((res!.json as { result: { data: unknown[] } }).result.data).toEqual([]);
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.get(
            `/api/visits?locationId=${world.catalog.main.id}&from=2000-01-01&timeZone=Europe/Madrid`,
          ),
        200,
      ),
    );
  });

  it("a sign-in is one statement with the tablet's check, with an Idempotency-Key too, and its retry replays in one", async () => {
    expectTabletCall(await statementsOf(() => tablet.post("/api/visits", newVisitor()), 201));
    const key = randomUUID();
    const body = newVisitor();
    let first: { json: { id: number } } | undefined;
    expectTabletCall(
      await statementsOf(
        async () => (first = await tablet.post("/api/visits", body, { "idempotency-key": key })),
        201,
      ),
    );
    let retry: { json: { id: number } } | undefined;
    expectTabletCall(
      await statementsOf(
        async () => (retry = await tablet.post("/api/visits", body, { "idempotency-key": key })),
        201,
      ),
    );
    expect(retry!.json.id).toBe(first!.json.id);
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.trpc("mutation", "visits.create", {
            ...newVisitor(),
            idempotencyKey: randomUUID(),
          }),
        200,
      ),
    );
  });

  it("a sign-out is one statement with the tablet's check, and the signed-in visitor leaves the sheet", async () => {
    const visit = (await tablet.post("/api/visits", newVisitor())).json as { id: number };
    expectTabletCall(
      await statementsOf(() => tablet.patch(`/api/visits/${visit.id}/sign-out`), 200),
    );
    expectTabletCall(
      await statementsOf(() => tablet.trpc("mutation", "visits.signOut", { id: visit.id }), 200),
    );
    const sheet = (await tablet.get(sheetUrl())).json as { id: number }[];
    expect(sheet.map((v) => v.id)).not.toContain(visit.id);
  });

  it("a /trpc batch of a tablet's calls is one statement per call, each checking the tablet", async () => {
    const input = {
      0: { locationId: world.catalog.main.id, programId: world.catalog.tutoring.id },
      1: { locationId: world.catalog.main.id, programId: world.catalog.pantry.id },
    };
    const statements = await statementsOf(
      () =>
        tablet.get(
          `/trpc/visits.list,visits.list?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`,
        ),
      200,
    );
    expect(statements).toHaveLength(2);
    for (const sql of statements) expect(sql).toMatch(/from "tablets"/);
  });

  it("every call checks the tablet, so a revocation counts from the next call", async () => {
    const revoked = await tabletClient(world.server, world.catalog.main.id);
    const open = (await revoked.post("/api/visits", newVisitor())).json as { id: number };
    const tabletId = await newestTabletId(world.server);
    expect((await world.admin.delete(`/api/tablets/${tabletId}`)).status).toBe(200);
    for (const call of [
      () => revoked.get(sheetUrl()),
      () => revoked.post("/api/visits", newVisitor()),
      () => revoked.patch(`/api/visits/${open.id}/sign-out`),
    ]) {
      const res = await call();
      expect(res.status).toBe(401);
      expect((res as { json: { message: string } }).json.message).toBe(
        "This tablet was disconnected",
      );
    }
  });
});

describe("round trips for a staff session", () => {
  it("checks the session and renews it in one statement", async () => {
    const staff = await staffClient(world.server);
    const sessionStatements = (sql: string[]) => sql.filter((s) => /\bsessions\b/.test(s));
    expect(
      sessionStatements(await statementsOf(() => staff.get("/api/users/me"), 200)),
    ).toHaveLength(1);
    // Sixteen days on, the session is in the second half of its life: the same statement renews it.
    world.server.clock.offsetMs = 16 * 24 * 3600 * 1000;
    try {
      let renewed: { cookies: Array<{ name: string; maxAge?: number }> } | undefined;
      const sql = await statementsOf(async () => (renewed = await staff.get("/api/users/me")), 200);
      expect(sessionStatements(sql)).toHaveLength(1);
      expect(renewed!.cookies.find((c) => c.name === "session")?.maxAge).toBeGreaterThan(
        29 * 24 * 3600,
      );
    } finally {
      world.server.clock.offsetMs = 0;
    }
  });
});
