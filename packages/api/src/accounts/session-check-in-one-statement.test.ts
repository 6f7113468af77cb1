import { describe, expect, it } from "vitest";
import { staffClient } from "../../test/fixtures.ts";
import { statementsOf } from "../../test/statements.ts";
import { useWorld } from "../../test/world.ts";

/**
 * A staff session's round trips, counted statement by statement as the API sends them: its check
 * is one statement, with its sliding renewal. That /api and /trpc add none is tested in
 * apps/server. No timing here.
 */

const world = useWorld();

describe("round trips for a staff session", () => {
  it("checks the session and renews it in one statement", async () => {
    const staff = await staffClient(world.current);
    const me = () => staff.call((api) => api.users.me());
    const sessionStatements = (sql: string[]) => sql.filter((s) => /\bsessions\b/.test(s));
    expect(sessionStatements(await statementsOf(world.current, me, 200))).toHaveLength(1);
    // Sixteen days on, the session is in the second half of its life: the same statement renews it.
    world.current.clock.offsetMs = 16 * 24 * 3600 * 1000;
    try {
      let renewed: { cookies: Array<{ name: string; maxAge?: number }> } | undefined;
      const sql = await statementsOf(world.current, async () => (renewed = await me()), 200);
      expect(sessionStatements(sql)).toHaveLength(1);
      expect(renewed!.cookies.find((c) => c.name === "session")?.maxAge).toBeGreaterThan(
        29 * 24 * 3600,
      );
    } finally {
      world.current.clock.offsetMs = 0;
    }
  });
});
