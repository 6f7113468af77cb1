import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  newestTabletId,
  staffClient,
  tabletClient,
  useCatalogWorld,
  visitor,
} from "../../test/fixtures.ts";
import type { Client } from "../../test/world.ts";

/**
 * Round trips to the database per call, counted statement by statement as the server sends them
 * (the harness's statements list): a tablet call is one, its work with the tablet's check in the
 * same statement (a sign-in with its audit row), on every transport; a staff session's check is one
 * statement with its sliding renewal. No timing here.
 */

const site = useCatalogWorld();

/** The statements one call sent. */
async function statementsOf(call: () => Promise<{ status: number }>, status: number) {
  const before = site.world.statements.length;
  const res = await call();
  expect(res.status).toBe(status);
  return site.world.statements.slice(before);
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
    `/api/visits?locationId=${site.catalog.main.id}&programId=${site.catalog.tutoring.id}`;
  const newVisitor = () => visitor(site.catalog.main.id, site.catalog.tutoring.id);

  it("the sheet list is one statement with the tablet's check, on /api and /trpc, with and without a program", async () => {
    tablet = await tabletClient(site.world, site.catalog.main.id);
    expectTabletCall(await statementsOf(() => tablet.get(sheetUrl()), 200));
    expectTabletCall(
      await statementsOf(
        () => tablet.call((api) => api.visits.list({ locationId: site.catalog.main.id })),
        200,
      ),
    );
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.call((api) =>
            api.visits.list({
              locationId: site.catalog.main.id,
              programId: site.catalog.tutoring.id,
            }),
          ),
        200,
      ),
    );
  });

  it("the kiosk's sheet list (from today in the tablet's zone, over /trpc) is one statement with the tablet's check, and lists today's open visits only", async () => {
    const open = (await tablet.call((api) => api.visits.create(newVisitor()))).json as {
      id: number;
    };
    const input = {
      locationId: site.catalog.main.id,
      programId: site.catalog.tutoring.id,
      from: "2000-01-01",
      timeZone: "America/Los_Angeles",
    };
    let res: { status: number; json: unknown } | undefined;
    expectTabletCall(
      await statementsOf(
        async () => (res = await tablet.call((api) => api.visits.list(input))),
        200,
      ),
    );
    const listed = (res!.json as { result: { data: { id: number }[] } }).result.data;
    expect(listed.map((v) => v.id)).toContain(open.id);
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10);
    expectTabletCall(
      await statementsOf(
        async () =>
          (res = await tablet.call((api) => api.visits.list({ ...input, from: tomorrow }))),
        200,
      ),
    );
    expect((res!.json as { result: { data: unknown[] } }).result.data).toEqual([]);
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.call((api) =>
            api.visits.list({
              locationId: site.catalog.main.id,
              from: "2000-01-01",
              timeZone: "Europe/Madrid",
            }),
          ),
        200,
      ),
    );
  });

  it("a sign-in is one statement with the tablet's check, with an Idempotency-Key too, and its retry replays in one", async () => {
    expectTabletCall(
      await statementsOf(() => tablet.call((api) => api.visits.create(newVisitor())), 201),
    );
    const key = randomUUID();
    const body = newVisitor();
    let first: { json: { id: number } } | undefined;
    expectTabletCall(
      await statementsOf(
        async () =>
          (first = await tablet.call((api) => api.visits.create(body), {
            headers: { "idempotency-key": key },
          })),
        201,
      ),
    );
    let retry: { json: { id: number } } | undefined;
    expectTabletCall(
      await statementsOf(
        async () =>
          (retry = await tablet.call((api) => api.visits.create(body), {
            headers: { "idempotency-key": key },
          })),
        201,
      ),
    );
    expect(retry!.json.id).toBe(first!.json.id);
    expectTabletCall(
      await statementsOf(
        () =>
          tablet.call((api) =>
            api.visits.create({
              ...newVisitor(),
              idempotencyKey: randomUUID(),
            }),
          ),
        200,
      ),
    );
  });

  it("a sign-out is one statement with the tablet's check, and the signed-in visitor leaves the sheet", async () => {
    const visit = (await tablet.call((api) => api.visits.create(newVisitor()))).json as {
      id: number;
    };
    expectTabletCall(
      await statementsOf(() => tablet.call((api) => api.visits.signOut({ id: visit.id })), 200),
    );
    expectTabletCall(
      await statementsOf(() => tablet.call((api) => api.visits.signOut({ id: visit.id })), 200),
    );
    const sheet = (await tablet.get(sheetUrl())).json as { id: number }[];
    expect(sheet.map((v) => v.id)).not.toContain(visit.id);
  });

  it("a /trpc batch of a tablet's calls is one statement per call, each checking the tablet", async () => {
    const input = {
      0: { locationId: site.catalog.main.id, programId: site.catalog.tutoring.id },
      1: { locationId: site.catalog.main.id, programId: site.catalog.pantry.id },
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
    const revoked = await tabletClient(site.world, site.catalog.main.id);
    const open = (await revoked.call((api) => api.visits.create(newVisitor()))).json as {
      id: number;
    };
    const tabletId = await newestTabletId(site.world);
    expect((await site.admin.call((api) => api.tablets.revoke({ id: tabletId }))).status).toBe(200);
    for (const call of [
      () => revoked.get(sheetUrl()),
      () => revoked.call((api) => api.visits.create(newVisitor())),
      () => revoked.call((api) => api.visits.signOut({ id: open.id })),
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
    const staff = await staffClient(site.world);
    const sessionStatements = (sql: string[]) => sql.filter((s) => /\bsessions\b/.test(s));
    expect(
      sessionStatements(await statementsOf(() => staff.call((api) => api.users.me()), 200)),
    ).toHaveLength(1);
    // Sixteen days on, the session is in the second half of its life: the same statement renews it.
    site.world.clock.offsetMs = 16 * 24 * 3600 * 1000;
    try {
      let renewed: { cookies: Array<{ name: string; maxAge?: number }> } | undefined;
      const sql = await statementsOf(
        async () => (renewed = await staff.call((api) => api.users.me())),
        200,
      );
      expect(sessionStatements(sql)).toHaveLength(1);
      expect(renewed!.cookies.find((c) => c.name === "session")?.maxAge).toBeGreaterThan(
        29 * 24 * 3600,
      );
    } finally {
      site.world.clock.offsetMs = 0;
    }
  });
});
