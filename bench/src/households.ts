import { sql } from "@vsi/db";
import { startBuild, type Build } from "./build.ts";
import { setUpTablets, type Tablet } from "./client.ts";
import { config } from "./config.ts";
import { householdMembers, seedHouseholds, type SeededHousehold } from "./household-seed.ts";
import { withDb } from "./pg.ts";
import { runTablets, type LoadResult } from "./tablets.ts";
import { modeRatios } from "./mode-ratios.ts";
import { log } from "./util.ts";

export type HouseholdsResult = Awaited<ReturnType<typeof householdsScenario>>;

/**
 * How often a household may come to the pantry, the commonest rule: each of its sign-ins checks
 * it, and a household's second visit of the month is kept "waiting" for staff.
 */
const visitLimit = { count: 1, per: "month" };

export interface HouseholdsRun {
  mode: "plain" | "households";
  round: number;
  result: LoadResult;
  signInsPerSecond: number;
}

/** Two programs at every location, asking nothing: one signs in households under a visit limit. */
async function pantryPrograms(build: Build) {
  const create = async (json: object) =>
    (await build.staff.json<{ id: number }>("POST", "/api/programs", 201, { json })).id;
  const name = (kind: string) => `${kind} ${Date.now().toString(36)}`;
  const LocationIds = build.site.locationIds;
  return {
    plain: await create({ Name: name("Pantry"), LocationIds }),
    households: await create({
      Name: name("Household pantry"),
      LocationIds,
      SignsInHousehold: true,
      VisitLimit: visitLimit,
    }),
  };
}

/** Sign-ins per eligibility of each household run's visits (past the limit: "waiting"). */
async function eligibilityOf(database: string, marker: string) {
  return withDb(database, async (db) => {
    const { rows } = await sql<{ eligibility: string | null; n: string }>`
      select eligibility, count(*) as n from visits where last_name = ${marker}
      group by eligibility`.execute(db);
    return Object.fromEntries(rows.map((row) => [row.eligibility ?? "ok", Number(row.n)]));
  });
}

/**
 * The tablet loop at a program that signs in households under a visit limit (each sign-in a
 * household's member by their phone, with the party and who came), against the same loop at a
 * plain program (a new visitor each time), both asking nothing, on one build and database,
 * `BENCH_ROUNDS` rounds in alternating order: sign-ins/s and sign-in p95, households ÷ plain.
 */
export async function householdsScenario(stamp: string) {
  const build = await startBuild("after", config.server, `${stamp}_households`);
  try {
    const programs = await pantryPrograms(build);
    const households = await seedHouseholds(build.database, config.households);
    log(`households: ${households.length} households of ${householdMembers}`);
    const sheets = (programId: number) => ({
      locationIds: build.site.locationIds,
      programIds: [programId],
      answers: {},
    });
    const plainTablets = await setUpTablets(build.staff, sheets(programs.plain), config.tablets);
    const householdTablets = await setUpTablets(
      build.staff,
      sheets(programs.households),
      config.tablets,
    );
    // Each tablet its own households, taken in turn: a household is signed out before it comes again.
    const perTablet = Math.max(1, Math.floor(households.length / householdTablets.length));
    const turns = new Map<number, number>();
    const householdSignIn = (marker: string) => (tablet: Tablet, key: string) => {
      const turn = turns.get(tablet.index) ?? 0;
      turns.set(tablet.index, turn + 1);
      const household: SeededHousehold =
        households[(tablet.index * perTablet + (turn % perTablet)) % households.length]!;
      return {
        FirstName: key,
        LastName: marker,
        PhoneNumber: household.phone,
        Temperature: "98.6",
        LocationId: tablet.locationId,
        ProgramId: tablet.programId,
        PartySize: householdMembers,
        HouseholdMemberIds: household.memberIds,
      };
    };
    const runs: HouseholdsRun[] = [];
    const eligibility: Record<string, Record<string, number>> = {};
    const load = (mode: HouseholdsRun["mode"], marker: string, seconds: number) =>
      runTablets(build.database, mode === "plain" ? plainTablets : householdTablets, {
        seconds,
        marker,
        retry: false,
        ...(mode === "households" ? { body: householdSignIn(marker) } : {}),
      });
    // Not counted: both loops once (each connection's plans made), then the statistics
    // autovacuum keeps, as the tablets scenario's warm-up does.
    await load("plain", "WarmPlain", 3);
    await load("households", "WarmHouse", 3);
    await withDb(build.database, (db) => sql`analyze`.execute(db));
    try {
      for (let round = 1; round <= config.rounds; round++) {
        const modes = ["plain", "households"] as const;
        for (const mode of round % 2 ? modes : [...modes].reverse()) {
          const marker = `${mode === "plain" ? "Plain" : "House"}${round}`;
          const result = await load(mode, marker, config.tabletSeconds);
          const signInsPerSecond = result.check.acknowledged / result.seconds;
          runs.push({ mode, round, result, signInsPerSecond });
          if (mode === "households")
            eligibility[marker] = await eligibilityOf(build.database, marker);
          log(
            `households ${mode}, round ${round}: ${signInsPerSecond.toFixed(0)} sign-ins/s, sign-in p95 ${result.latency.signIn?.p95.toFixed(1)} ms, ${JSON.stringify(result.check)}`,
          );
        }
      }
    } finally {
      await Promise.all([...plainTablets, ...householdTablets].map((t) => t.browser.close()));
    }
    return {
      households: households.length,
      visitLimit,
      runs,
      /** The household runs' visits by eligibility: "ok" under the limit, "waiting" past it. */
      eligibility,
    };
  } finally {
    await build.server.stop();
  }
}

/** households ÷ plain (medians over rounds), and what each run read back. */
export function householdsFigures(result: HouseholdsResult): Record<string, number> {
  const sum = (pick: (run: HouseholdsRun) => number) =>
    result.runs.reduce((t, run) => t + pick(run), 0);
  return {
    "households.lost": sum((run) => run.result.check.lost),
    "households.doubled": sum((run) => run.result.check.doubled),
    "households.errors": sum((run) => Object.values(run.result.errors).reduce((t, n) => t + n, 0)),
    ...modeRatios("households", result.runs, "plain", "households"),
  };
}
