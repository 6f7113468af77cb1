import { performance } from "node:perf_hooks";
import {
  csvCopySelect,
  funderSummaryInput,
  funderSummaryStatements,
  withSummarySettings,
} from "@vsi/api";
import { visitFilterInput } from "@vsi/api/schemas";
import { sql } from "@vsi/db";
import { attachBuild, type Build } from "./build.ts";
import { tabletAt } from "./client.ts";
import { config } from "./config.ts";
import {
  historyHouseholdColumns,
  seedHistoryHouseholds,
  type HistoryHouseholds,
} from "./history-households.ts";
import { withDb } from "./pg.ts";
import { cannon } from "./rates.ts";
import { summaryStatements } from "./summary-statements.ts";
import { signInBody } from "./tablets.ts";
import { log, median, run } from "./util.ts";

export type HistoryResult = Awaited<ReturnType<typeof historyScenario>>;

/**
 * People in the seeded history: visit `g` is person `g % people`'s, always at one location (the
 * location is `g % 4` too), coming back about three times over the two years, as a pantry's
 * regulars do. Seeded in steps, a step's visits join the people of the steps before.
 */
export const historyPeople = 300_000;

/**
 * Which seeded visits answer the site's questions, as the demo's do: a person answers at their
 * first visit and is asked again a year or so later (their fourth); their other visits give no
 * answers (remembered). Date of birth is optional: about one in four leave it out.
 */
const answeredVisit = sql`(g <= ${historyPeople} or (g / ${historyPeople}) % 3 = 0)`;

/**
 * An answering visit's answers, as a sign-in keeps them (the value and a copy of the question's
 * words), the person's own (a household's size, a ZIP code, a birth date…); none on a build that
 * asks no questions.
 */
const answersOf = (build: Build) =>
  build.site.questions.length === 0
    ? sql``
    : sql`, case when ${answeredVisit} then (select jsonb_object_agg(q.id::text, jsonb_build_object(
          'value', case q.kind
            when 'number' then to_jsonb(1 + p % 8)
            when 'zip' then to_jsonb((94100 + p % 60)::text)
            when 'choice' then q.choices -> (p % jsonb_array_length(q.choices)) -> 'id'
            when 'date' then to_jsonb(to_char(date '1935-01-01' + (p % 30000), 'YYYY-MM-DD'))
            else to_jsonb(true) end,
          'Label', q.label, 'Choices', q.choices))
        from questions q where q.retired_at is null and (q.kind <> 'date' or p % 4 <> 0))
        else '{}' end`;

/**
 * Past visits `from`..`to`, spread over two years before now, all signed out, each of its
 * person's household (where the build has households): one statement.
 */
async function seed(build: Build, from: number, to: number, households?: HistoryHouseholds) {
  const { locationIds, programIds } = build.site;
  const answered = build.site.questions.length === 0 ? sql`` : sql`, answers`;
  const household = historyHouseholdColumns(households);
  await withDb(build.database, async (db) => {
    await sql`
      insert into visits (first_name, last_name, phone_number, temperature, time_in, time_out,
                          location_id, program_id, created_at, updated_at${answered}${household.names})
      select 'Visitor' || (p % 5000), 'History' || (p % 3001),
             (4150000000 + (p::bigint * 7919) % 9999999)::text, (97 + (g % 30) / 10.0)::text,
             t, t + (20 + g % 160) * interval '1 minute',
             (${locationIds}::int[])[1 + g % ${locationIds.length}],
             (${programIds}::int[])[1 + (g / ${locationIds.length}) % ${programIds.length}], t, t
             ${answersOf(build)} ${household.values}
      from generate_series(${from}::int, ${to}::int) g
      cross join lateral (select g % ${historyPeople} as p,
                                 date_trunc('day', now()) - interval '730 days'
                                 + ((g::bigint * 2654435761) % 63072000) * interval '1 second' as t) x`.execute(
      db,
    );
    await sql`vacuum analyze visits`.execute(db);
    // The funder summary's figures per question, where the build has them (as autovacuum would).
    const figures = await sql<{
      found: string | null;
    }>`select to_regclass('answer_figures') as found`.execute(db);
    if (figures.rows[0]?.found) await sql`vacuum analyze answer_figures`.execute(db);
  });
}

async function firstPageMs(build: Build): Promise<number> {
  const times: number[] = [];
  for (let i = -2; i < config.pageSamples; i++) {
    const t0 = performance.now();
    await build.staff.json("GET", "/api/visits?page=1", 200);
    if (i >= 0) times.push(performance.now() - t0); // two to warm up
  }
  return median(times);
}

/** Rounds of the CSV export against psql's COPY: one round's ratio is too much at the mercy of load. */
const csvRounds = 3;

/** Streams the whole export, counting its lines (the header is one). */
async function exportCsv(build: Build): Promise<{ rows: number; seconds: number }> {
  const t0 = performance.now();
  const res = await fetch(`${build.server.origin}/api/visits?format=csv`, {
    headers: { authorization: `Bearer ${build.staff.bearer}` },
  });
  if (!res.ok || !res.body) throw new Error(`CSV export: ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>)
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  return { rows: lines - 1, seconds: (performance.now() - t0) / 1000 };
}

/**
 * One year's funder summary (the last 365 days), at one location or all: median ms, and its
 * plans; with a build to compare, each call made on both, the one first that went second before
 * (a load that comes and goes weighs on both alike), and the other's median ms.
 */
async function funderSummaryAt(
  build: Build,
  locationId: number | undefined,
  before: Build | undefined,
) {
  const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);
  const query = { from: day(365 * 86_400_000), to: day(0), timeZone: "UTC" };
  const params = new URLSearchParams({
    ...query,
    ...(locationId === undefined ? {} : { locationId: String(locationId) }),
  });
  const builds = before ? [build, before] : [build];
  const times = builds.map(() => [] as number[]);
  let answer: SummaryHouseholds = {};
  for (let i = -1; i < 5; i++) {
    const order = i % 2 === 0 ? builds : [...builds].reverse();
    for (const each of order) {
      const t0 = performance.now();
      const got = await each.staff.json<SummaryHouseholds>(
        "GET",
        `/api/reports/summary?${params.toString()}`,
        200,
      );
      if (i >= 0) times[builds.indexOf(each)]!.push(performance.now() - t0); // one to warm up
      if (each === build) answer = got;
    }
  }
  const input = funderSummaryInput.parse({ ...query, locationId });
  // Each statement explained with the settings the server runs it with.
  const plans = await withDb(build.database, async (db) => {
    const explained: string[] = [];
    for (const name of summaryStatements) {
      const rows = await withSummarySettings(db, (trx) =>
        funderSummaryStatements(trx, input)[name].explain<{ "QUERY PLAN": string }>(
          "text",
          sql`analyze, buffers`,
        ),
      );
      explained.push(rows.map((row) => row["QUERY PLAN"]).join("\n"));
    }
    return explained;
  });
  const { households, newHouseholds, individuals, ageBands } = answer;
  return {
    ms: median(times[0]!),
    ...(before ? { beforeMs: median(times[1]!) } : {}),
    plans,
    households,
    newHouseholds,
    individuals,
    ageBands,
  };
}

/** The summary's household figures (absent on a build without households). */
interface SummaryHouseholds {
  households?: number;
  newHouseholds?: number;
  individuals?: number;
  ageBands?: Array<{ band: string; count: number }>;
}

/** The seeded history's people and answers, as the summary finds them. */
async function historyShape(build: Build, households: HistoryHouseholds | undefined) {
  return withDb(build.database, async (db) => {
    const figures = await sql<{ found: string | null }>`
      select to_regclass('answer_figures') as found`.execute(db);
    const { rows } = await sql<{
      visits: string;
      people: string;
      answered: string;
      households: string;
    }>`
      select count(*) as visits, count(distinct visitor_key) as people,
             count(*) filter (where answers <> '{}') as answered,
             ${households ? sql`count(distinct household_id)` : sql`0`} as households
      from visits`.execute(db);
    const answerRows = figures.rows[0]?.found
      ? (await sql<{ n: string }>`select count(*) as n from answer_figures`.execute(db)).rows[0]!.n
      : "0";
    return {
      visits: Number(rows[0]!.visits),
      people: Number(rows[0]!.people),
      /** Visits that answered questions, and the answers they gave (one row per question). */
      visitsWithAnswers: Number(rows[0]!.answered),
      /** Households whose members' visits are in the history (none on a build without them). */
      households: Number(rows[0]!.households),
      answers: Number(answerRows),
    };
  });
}

/**
 * The export's SELECT as the server runs it on COPY (all visits, UTC; the questions' columns
 * included), with the same settings, through psql's COPY to /dev/null. Not \copy: it ends at the
 * first line break, and the SELECT has some.
 */
async function psqlCopy(build: Build): Promise<number> {
  const { select, settings } = await withDb(build.database, (db) =>
    csvCopySelect(db, visitFilterInput.parse({})),
  );
  const set = Object.entries(settings).map(([name, value]) => `set ${name} = '${value}'`);
  const t0 = performance.now();
  await run("psql", [
    ...["-X", "-q", "-v", "ON_ERROR_STOP=1", "-o", "/dev/null", "-d", build.server.databaseUrl],
    ...["-c", set.join("; "), "-c", `copy (${select}) to stdout with (format csv, header)`],
  ]);
  return (performance.now() - t0) / 1000;
}

/**
 * History grows to each size in turn on the build's database: the sheet list's rate and the
 * report's first page at each, then at the largest the CSV export against psql's COPY.
 */
export async function historyScenario(build: Build, beforeMain?: string) {
  const [locationId, programId] = [build.site.locationIds[0]!, build.site.programIds[0]!];
  const tablet = await tabletAt(build.staff, locationId, programId, build.site.answers);
  for (let i = 0; i < 10; i++) {
    const json = signInBody(tablet, `Open${i}`, "Present");
    await tablet.browser.json("POST", "/api/visits", 201, { json });
  }
  const sheet = `${build.server.origin}/api/visits?locationId=${locationId}&programId=${programId}`;
  const headers = tablet.browser.headersFor("GET");
  await cannon(sheet, 2, 200, { headers }); // not counted: the server's first calls compile its paths
  const households = await seedHistoryHouseholds(build, historyPeople);
  const sizes = [];
  let seeded = 0;
  for (const size of [...config.sizes].sort((a, b) => a - b)) {
    log(`history: seeding up to ${size} visits`);
    const t0 = performance.now();
    await seed(build, seeded + 1, size, households);
    seeded = size;
    const seedSeconds = (performance.now() - t0) / 1000;
    const rate = await cannon(sheet, config.historySeconds, 200, { headers });
    sizes.push({
      visits: size,
      seedSeconds,
      /** A tablet's sheet list (10 open visits) under `connections` connections, per second. */
      sheetPerSecond: rate.perSecond,
      /** The report's first page as staff, median of sequential requests. */
      firstPageMs: await firstPageMs(build),
    });
    log(JSON.stringify(sizes.at(-1)));
  }
  await tablet.browser.close();
  log("history: the funder summary");
  // The build to compare, on the same rows: its migrations must be this database's.
  const before = beforeMain ? await attachBuild("before", beforeMain, build) : undefined;
  const funderSummary = {
    /** What the summary counts over the largest history: visits, people, answers. */
    data: await historyShape(build, households),
    /** One year at one location, and at every location, over the largest history. */
    oneLocation: await funderSummaryAt(build, locationId, before),
    allLocations: await funderSummaryAt(build, undefined, before),
  };
  await before?.server.stop();
  log(`funder summary over ${JSON.stringify(funderSummary.data)}`);
  log(`funder summary: ${funderSummary.oneLocation.ms} ms, ${funderSummary.allLocations.ms} ms`);
  if (before)
    log(
      `funder summary before: ${funderSummary.oneLocation.beforeMs} ms, ${funderSummary.allLocations.beforeMs} ms`,
    );
  // Each round times both, the one first that went second in the round before: a load that
  // comes and goes weighs on both alike.
  const rounds: Array<{ rows: number; seconds: number; copySeconds: number }> = [];
  for (let round = 0; round < csvRounds; round++) {
    const copyFirst = round % 2 === 1 ? await psqlCopy(build) : undefined;
    const { rows, seconds } = await exportCsv(build);
    rounds.push({ rows, seconds, copySeconds: copyFirst ?? (await psqlCopy(build)) });
    log(JSON.stringify(rounds.at(-1)));
  }
  const rows = rounds[0]!.rows;
  const csv = {
    rows,
    /** The server's export over HTTP (median). */
    rowsPerSecond: rows / median(rounds.map((r) => r.seconds)),
    /** psql's own COPY of the same SELECT with the same settings, to /dev/null (median). */
    copyRowsPerSecond: rows / median(rounds.map((r) => r.copySeconds)),
    /** The server's rate ÷ psql's in a round, the median of the rounds. */
    ratio: median(rounds.map((r) => r.copySeconds / r.seconds)),
    rounds,
  };
  log(JSON.stringify({ ...csv, rounds: undefined }));
  return { sizes, csv, funderSummary };
}
