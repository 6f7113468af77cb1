import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { staffClient, tabletClient, useCatalogServer, visitor } from "./fixtures.ts";
import type { Client } from "./harness.ts";

/**
 * Round trips over HTTP, counted statement by statement as the server sends them: /api and /trpc
 * add none of their own to a call's (one per tablet call, the session's check in one; tested in
 * process in packages/api/src/visits/tablet-calls-in-one-statement.test.ts and
 * packages/api/src/accounts/session-check-in-one-statement.test.ts), and a /trpc batch is one
 * statement per call. No timing here.
 */

const world = useCatalogServer();

/** The statements one request sent. */
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

describe("round trips per tablet call over HTTP", () => {
  let tablet: Client;
  const newVisitor = () => visitor(world.catalog.main.id, world.catalog.tutoring.id);
  beforeAll(async () => {
    tablet = await tabletClient(world.server, world.catalog.main.id);
  });

  it("over /api, the sheet list (with and without a program, from a day in a zone), a sign-in (with an Idempotency-Key and its retry) and a sign-out are one statement each", async () => {
    const { main, tutoring } = world.catalog;
    expectTabletCall(
      await statementsOf(
        () => tablet.get(`/api/visits?locationId=${main.id}&programId=${tutoring.id}`),
        200,
      ),
    );
    expectTabletCall(
      await statementsOf(() => tablet.get(`/api/visits?locationId=${main.id}`), 200),
    );
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.get(`/api/visits?locationId=${main.id}&from=2000-01-01&timeZone=Europe/Madrid`),
        200,
      ),
    );
    expectTabletCall(await statementsOf(() => tablet.post("/api/visits", newVisitor()), 201));
    const key = randomUUID();
    const body = newVisitor();
    const keyed = () => tablet.post("/api/visits", body, { "idempotency-key": key });
    let first: { json: { id: number } } | undefined;
    expectTabletCall(await statementsOf(async () => (first = await keyed()), 201));
    let retry: { json: { id: number } } | undefined;
    expectTabletCall(await statementsOf(async () => (retry = await keyed()), 201));
    expect(retry!.json.id).toBe(first!.json.id);
    expectTabletCall(
      await statementsOf(() => tablet.patch(`/api/visits/${first!.json.id}/sign-out`), 200),
    );
  });

  it("over /trpc, the sheet list (with a program, from a day in a zone as the kiosk asks), a sign-in with its key and a sign-out are one statement each", async () => {
    const { main, tutoring } = world.catalog;
    const sheet = { locationId: main.id, programId: tutoring.id };
    expectTabletCall(await statementsOf(() => tablet.trpc("query", "visits.list", sheet), 200));
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.trpc("query", "visits.list", {
            ...sheet,
            from: "2000-01-01",
            timeZone: "America/Los_Angeles",
          }),
        200,
      ),
    );
    let created: { json: { result: { data: { id: number } } } } | undefined;
    expectTabletCall(
      await statementsOf(
        async () =>
          (created = await tablet.trpc("mutation", "visits.create", {
            ...newVisitor(),
            idempotencyKey: randomUUID(),
          })),
        200,
      ),
    );
    expectTabletCall(
      await statementsOf(
        () => tablet.trpc("mutation", "visits.signOut", { id: created!.json.result.data.id }),
        200,
      ),
    );
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
});

describe("round trips for a staff session over HTTP", () => {
  it("checks the session in one statement, over /api and /trpc", async () => {
    const staff = await staffClient(world.server);
    const sessionStatements = (sql: string[]) => sql.filter((s) => /\bsessions\b/.test(s));
    expect(
      sessionStatements(await statementsOf(() => staff.get("/api/users/me"), 200)),
    ).toHaveLength(1);
    expect(
      sessionStatements(await statementsOf(() => staff.trpc("query", "users.me"), 200)),
    ).toHaveLength(1);
  });
});
