import { performance } from "node:perf_hooks";
import { Client } from "undici";
import { Browser, setUpTablet, sheetTokenHash } from "./client.ts";
import { config } from "./config.ts";
import type { Env } from "./env.ts";
import { cannon } from "./load.ts";
import { pgCommandLine, query, withClient } from "./pg.ts";
import { Server } from "./server.ts";
import {
  countAndSummaryStatements,
  csvCopy,
  csvCopyStatement,
  type ExplainStatement,
} from "./report-sql.ts";
import { reportStatements } from "./statements.ts";
import { freePort, log, median, nextPhone, run } from "./util.ts";

const LOCATIONS = 20;
const PROGRAMS = 50;

export interface SizeResult {
  size: number;
  seedSeconds: number;
  sheetRps: number[];
  sheetP99: number;
  firstPageMs: number;
  /** The first page's X-Total-Count was the planner's estimate (past 100,000 matches). */
  firstPageEstimated: boolean;
  /** The first page under `concurrency` connections (autocannon, as staff): pages/s and p50. */
  firstPageRps: number;
  firstPageP50: number;
  /** GET /api/visits/summary: last month by day (every location), a location's month, all history by program. */
  summaryMonthMs: number;
  summaryLocationMonthMs: number;
  summaryAllMs: number;
  /** GET /api/visits/open (everyone signed in now: the sheet's ten): every location, then the sheet's location. */
  onSiteMs: number;
  onSiteLocationMs: number;
  lastPageMs: number;
  lastPage: number;
  monthPageMs: number;
  monthRows: number;
  csvRows: number;
  csvSeconds: number;
  csvRowsPerSecond: number;
  csvBytes: number;
  serverBaseRssKb: number;
  serverPeakKb: number;
  /** The same export from BENCH_CSV_COMPARE_MAIN (another build, e.g. before a change), on a fresh server right after. */
  csvCompare?: { rowsPerSecond: number; seconds: number; baseKb: number; peakKb: number };
  errors: number;
  /** The same history on the A/B build B (BENCH_COMPARE_MAIN), its own database seeded alike. */
  before?: BeforeSize;
}

export interface BeforeSize {
  firstPageMs: number;
  monthPageMs: number;
  csvRowsPerSecond: number;
  serverBaseRssKb: number;
  serverPeakKb: number;
}

/** Build B at one size: a fresh server, the report's pages, then the CSV on a fresh server again. */
async function measureBefore(
  env: Env,
  monthLocation: number,
  month: [string, string],
): Promise<BeforeSize> {
  await env.server.stop();
  await env.server.start();
  const staff = new Browser(env.server.origin, 2);
  staff.bearer = env.staff.bearer;
  const first = await timed(staff, "/api/visits?page=1", config.pageSamples);
  const monthPage = await timed(
    staff,
    `/api/visits?locationId=${monthLocation}&from=${month[0]}&to=${month[1]}`,
    config.pageSamples,
  );
  await staff.close();
  await env.server.stop();
  await env.server.start();
  const baseRss = env.server.peakRssKb();
  const csvTimes: { rows: number; seconds: number }[] = [];
  for (let i = 0; i < config.csvRuns; i++) csvTimes.push(await exportCsv(env));
  const csv = csvTimes.sort((a, b) => a.seconds - b.seconds)[Math.floor(csvTimes.length / 2)]!;
  return {
    firstPageMs: first.ms,
    monthPageMs: monthPage.ms,
    csvRowsPerSecond: csv.rows / csv.seconds,
    serverBaseRssKb: baseRss,
    serverPeakKb: env.server.peakRssKb(),
  };
}

export interface ExplainResult {
  name: string;
  ms: number;
  indexes: string[];
  seqScanOnVisits: boolean;
  plan: string;
}

export interface ScaleResult {
  sizes: SizeResult[];
  /** The same export at the largest size from a server capped at --max-old-space-size=48: flat memory means nothing is retained. */
  cappedCsv?: {
    ok: boolean;
    rowsPerSecond: number;
    peakKb: number;
    baseKb: number;
    error?: string;
  };
  /** PostgreSQL alone: COPY (the CSV's SELECT) TO STDOUT WITH CSV through psql, at the largest size. */
  copyRowsPerSecond?: number;
  explain: ExplainResult[];
  explainSize: number;
  /** BENCH_ONLY=csv: only the seeding and the CSV steps ran. */
  csvOnly?: boolean;
  csvCompareMain?: string;
}

/** 20 locations and 50 programs (each location offers every program), through SQL: a fresh database. */
async function seedCatalog(database: string) {
  await query(
    database,
    `insert into programs (name) select 'History Program ' || g from generate_series(1, ${PROGRAMS}) g`,
  );
  await query(
    database,
    `insert into locations (name, address) select 'History Location ' || g, g || ' History Road' from generate_series(1, ${LOCATIONS}) g`,
  );
  await query(
    database,
    "insert into location_programs (location_id, program_id, position) select l.id, p.id, p.id from locations l cross join programs p",
  );
}

/**
 * Adds past visits `from`..`to` (numbered), spread over the two years before now, all signed out,
 * one INSERT ... SELECT generate_series. Deterministic: the same numbers give the same visits.
 */
async function seedVisits(database: string, from: number, to: number) {
  await withClient(database, async (c) => {
    await c.query(
      `insert into visits (first_name, last_name, phone_number, temperature, time_in, time_out, location_id, program_id, created_at, updated_at)
       select 'Visitor' || (g % 5000), 'History' || (g % 3001), (4150000000 + (g::bigint * 7919) % 9999999)::text, (97 + (g % 30) / 10.0)::text,
              t, t + ((20 + g % 160) * interval '1 minute'), loc[1 + g % ${LOCATIONS}], prog[1 + (g / ${LOCATIONS}) % ${PROGRAMS}], t, t
       from generate_series($1::int, $2::int) g
       cross join (select array_agg(id order by id) as loc from locations) l
       cross join (select array_agg(id order by id) as prog from programs) p
       cross join lateral (select date_trunc('day', now()) - interval '730 days' + ((g::bigint * 2654435761) % 63072000) * interval '1 second' as t) x`,
      [from, to],
    );
    await c.query("vacuum analyze visits");
  });
}

async function timed(
  browser: Browser,
  path: string,
  samples: number,
): Promise<{ ms: number; status: number; total: number; estimated: boolean }> {
  let status = 0;
  let total = NaN;
  let estimated = false;
  const times: number[] = [];
  for (let i = 0; i < samples + 2; i++) {
    const t0 = performance.now();
    const reply = await browser.request("GET", path);
    const ms = performance.now() - t0;
    status = reply.status;
    total = Number(reply.headers["x-total-count"]);
    estimated = reply.headers["x-total-count-estimated"] === "true";
    if (reply.status !== 200) break;
    if (i >= 2) times.push(ms); // two warm-ups
  }
  return { ms: median(times), status, total, estimated };
}

/** Streams the whole CSV, counting lines; the server is fresh so its VmHWM is this export's. */
async function exportCsv(
  env: Env,
  origin = env.server.origin,
): Promise<{ rows: number; seconds: number; bytes: number }> {
  const client = new Client(origin, { bodyTimeout: 600_000, headersTimeout: 60_000 });
  try {
    const t0 = performance.now();
    const res = await client.request({
      method: "GET",
      path: "/api/visits?format=csv",
      headers: { authorization: `Bearer ${env.staff.bearer}` },
    });
    if (res.statusCode !== 200)
      throw new Error(`CSV export: ${res.statusCode} ${await res.body.text()}`);
    let lines = 0;
    let bytes = 0;
    for await (const chunk of res.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { rows: lines - 1, seconds: (performance.now() - t0) / 1000, bytes };
  } finally {
    await client.close();
  }
}

function lastMonth(): [string, string] {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 0));
  return [first.toISOString().slice(0, 10), last.toISOString().slice(0, 10)];
}

/** The export from a freshly started server: rows/s, and its VmHWM before and after. */
async function freshExport(
  env: Env,
  server: Server,
): Promise<{ rows: number; seconds: number; bytes: number; baseKb: number; peakKb: number }> {
  await server.stop();
  await server.start();
  const baseKb = server.peakRssKb();
  const runs: { rows: number; seconds: number; bytes: number }[] = [];
  for (let i = 0; i < config.csvRuns; i++) runs.push(await exportCsv(env, server.origin));
  const csv = runs.sort((a, b) => a.seconds - b.seconds)[Math.floor(runs.length / 2)]!;
  return { ...csv, baseKb, peakKb: server.peakRssKb() };
}

/** With csvOnly (BENCH_ONLY=csv), only the seeding and the CSV steps run. */
export async function scalePhase(env: Env, csvOnly = false, before?: Env): Promise<ScaleResult> {
  await seedCatalog(env.database);
  if (before) await seedCatalog(before.database);
  const locations = await query<{ id: number }>(
    env.database,
    "select id from locations order by id",
  );
  const programs = await query<{ id: number }>(env.database, "select id from programs order by id");
  const sheetLocation = locations[0]!.id;
  const sheetProgram = programs[0]!.id;
  const monthLocation = locations[2]!.id;
  const month = lastMonth();
  const sizes: SizeResult[] = [];
  let seeded = 0;
  let explain: ExplainResult[] = [];
  let tokenHash = "";

  for (const size of [...config.historySizes].sort((a, b) => a - b)) {
    log(`history: seeding up to ${size.toLocaleString("en-US")} visits`);
    const t0 = performance.now();
    await seedVisits(env.database, seeded + 1, size);
    if (before) await seedVisits(before.database, seeded + 1, size);
    seeded = size;
    const seedSeconds = (performance.now() - t0) / 1000;

    const sheetRps: number[] = [];
    let sheetP99 = NaN;
    let errors = 0;
    let first = { ms: NaN, status: 200, total: NaN, estimated: false };
    let last = { ms: NaN, status: 200, total: NaN, estimated: false };
    let monthPage = { ms: NaN, status: 200, total: NaN, estimated: false };
    const summaries = { month: NaN, locationMonth: NaN, all: NaN };
    const onSite = { all: NaN, location: NaN };
    const firstUnderLoad = { rps: NaN, p50: NaN };
    let lastPage = NaN;
    if (!csvOnly) {
      // A fresh server per size: its memory peaks belong to this size only.
      await env.server.stop();
      await env.server.start();
      const staff = new Browser(env.server.origin, 2);
      staff.bearer = env.staff.bearer;
      env.staff = staff;
      const tablet = await setUpTablet(staff, sheetLocation);
      tokenHash = sheetTokenHash(tablet);
      // Ten visitors in the building at the tablet's sheet, on top of the signed-out history.
      const open = await query<{ n: number }>(
        env.database,
        "select count(*) as n from visits where location_id = $1 and program_id = $2 and time_out is null",
        [sheetLocation, sheetProgram],
      );
      for (let i = open[0]!.n; i < 10; i++) {
        await tablet.json(
          "POST",
          "/api/visits",
          {
            json: {
              FirstName: `Open${i}`,
              LastName: "Present",
              PhoneNumber: nextPhone(),
              Temperature: "98.2",
              LocationId: sheetLocation,
              ProgramId: sheetProgram,
            },
          },
          201,
        );
      }

      for (let r = 0; r < config.scaleRounds; r++) {
        const t = await cannon({
          url: `${env.server.origin}/api/visits?locationId=${sheetLocation}&programId=${sheetProgram}`,
          connections: config.concurrency,
          seconds: config.scaleSeconds,
          headers: tablet.headersFor("GET"),
        });
        sheetRps.push(t.rps);
        sheetP99 = t.p99;
        errors += t.errors;
      }
      await tablet.close();

      first = await timed(staff, "/api/visits?page=1", config.pageSamples);
      lastPage = Math.max(1, Math.ceil(first.total / 25));
      last = await timed(staff, `/api/visits?page=${lastPage}`, config.pageSamples);
      monthPage = await timed(
        staff,
        `/api/visits?locationId=${monthLocation}&from=${month[0]}&to=${month[1]}`,
        config.pageSamples,
      );
      if (first.status !== 200 || last.status !== 200 || monthPage.status !== 200) errors++;
      const summary = async (query: string) => {
        const t = await timed(staff, `/api/visits/summary?${query}`, config.pageSamples);
        if (t.status !== 200) errors++;
        return t.ms;
      };
      summaries.month = await summary(`from=${month[0]}&to=${month[1]}&groupBy=day`);
      summaries.locationMonth = await summary(
        `locationId=${monthLocation}&from=${month[0]}&to=${month[1]}&groupBy=day`,
      );
      summaries.all = await summary("groupBy=program");
      const onSitePage = async (path: string) => {
        const t = await timed(staff, path, config.pageSamples);
        if (t.status !== 200) errors++;
        return t.ms;
      };
      onSite.all = await onSitePage("/api/visits/open");
      onSite.location = await onSitePage(`/api/visits/open?locationId=${sheetLocation}`);
      const load = await cannon({
        url: `${env.server.origin}/api/visits?page=1`,
        connections: config.concurrency,
        seconds: config.scaleSeconds,
        headers: staff.headersFor("GET"),
      });
      firstUnderLoad.rps = load.rps;
      firstUnderLoad.p50 = load.p50;
      errors += load.errors;
    }

    // CSV on a freshly started server: VmHWM before and after the export.
    const csv = await freshExport(env, env.server);
    const baseRss = csv.baseKb;
    const peak = csv.peakKb;
    let csvCompare: SizeResult["csvCompare"];
    if (config.csvCompareMain) {
      const other = new Server({
        databaseUrl: env.databaseUrl,
        port: await freePort(),
        script: config.csvCompareMain,
      });
      try {
        const b = await freshExport(env, other);
        csvCompare = {
          rowsPerSecond: b.rows / b.seconds,
          seconds: b.seconds,
          baseKb: b.baseKb,
          peakKb: b.peakKb,
        };
      } finally {
        await other.stop();
      }
    }

    const result: SizeResult = {
      size,
      seedSeconds,
      sheetRps,
      sheetP99,
      firstPageMs: first.ms,
      firstPageEstimated: first.estimated,
      firstPageRps: firstUnderLoad.rps,
      firstPageP50: firstUnderLoad.p50,
      summaryMonthMs: summaries.month,
      summaryLocationMonthMs: summaries.locationMonth,
      summaryAllMs: summaries.all,
      onSiteMs: onSite.all,
      onSiteLocationMs: onSite.location,
      lastPageMs: last.ms,
      lastPage,
      monthPageMs: monthPage.ms,
      monthRows: monthPage.total,
      csvRows: csv.rows,
      csvSeconds: csv.seconds,
      csvRowsPerSecond: csv.rows / csv.seconds,
      csvBytes: csv.bytes,
      serverBaseRssKb: baseRss,
      serverPeakKb: peak,
      ...(csvCompare ? { csvCompare } : {}),
      errors,
    };
    if (before) {
      log(`  ${size}: build B's report pages and CSV`);
      result.before = await measureBefore(before, monthLocation, month);
    }
    sizes.push(result);
    log(
      `  ${size}: sheet ${median(sheetRps).toFixed(0)}/s, first page ${first.ms.toFixed(1)} ms (${firstUnderLoad.rps.toFixed(0)}/s at ${config.concurrency} connections), last ${last.ms.toFixed(1)} ms, month ${monthPage.ms.toFixed(1)} ms, ` +
        `summary month ${summaries.month.toFixed(1)} ms, location month ${summaries.locationMonth.toFixed(1)} ms, all ${summaries.all.toFixed(1)} ms, on site ${onSite.all.toFixed(1)} / ${onSite.location.toFixed(1)} ms, ` +
        `CSV ${csv.rows} rows in ${csv.seconds.toFixed(1)} s (${(csv.rows / csv.seconds).toFixed(0)}/s), peak ${(peak / 1024).toFixed(0)} MB` +
        (csvCompare
          ? `; ${config.csvCompareMain}: ${csvCompare.rowsPerSecond.toFixed(0)}/s, peak ${(csvCompare.peakKb / 1024).toFixed(0)} MB`
          : ""),
    );

    if (size === Math.max(...config.historySizes) && !csvOnly) {
      const middle = await query<{ t: string; id: number }>(
        env.database,
        "select time_in::text as t, id from visits order by time_in desc, id desc offset $1 limit 1",
        [Math.floor(size / 2)],
      );
      const statements: ExplainStatement[] = [
        ...reportStatements({
          lastOffset: (lastPage - 1) * 25,
          month,
          locationId: monthLocation,
          programId: sheetProgram,
          cursor: [middle[0]!.t, middle[0]!.id],
          sheetLocationId: sheetLocation,
          tokenHash,
        }),
        csvCopyStatement,
        ...countAndSummaryStatements({ month, locationId: monthLocation }),
      ];
      explain = [];
      for (const s of statements) {
        const explainSql = `explain ${s.planOnly ? "(summary on)" : "(analyze, buffers, costs off)"} ${s.sql}`;
        const rows = await withClient(env.database, async (c) => {
          await c.query("begin");
          for (const [name, value] of Object.entries(s.settings ?? {}))
            await c.query("select set_config($1, $2, true)", [name, value]);
          const result = await c.query<{ "QUERY PLAN": string }>(explainSql, s.params);
          await c.query("commit");
          return result.rows;
        });
        const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
        const indexes = [
          ...new Set(
            [
              ...plan.matchAll(/Index (?:Only )?Scan(?: Backward)? using (\w+)/g),
              ...plan.matchAll(/Bitmap Index Scan on (\w+)/g),
            ].map((m) => m[1]!),
          ),
        ];
        const time = plan.match(
          s.planOnly ? /Planning Time: ([\d.]+) ms/ : /Execution Time: ([\d.]+) ms/,
        );
        explain.push({
          name: s.name,
          ms: time ? Number(time[1]) : NaN,
          indexes,
          seqScanOnVisits: /Seq Scan on visits/.test(plan),
          plan,
        });
      }
    }
  }
  const result: ScaleResult = {
    sizes,
    explain,
    explainSize: Math.max(...config.historySizes),
    csvOnly,
    ...(config.csvCompareMain ? { csvCompareMain: config.csvCompareMain } : {}),
  };
  log(
    "history: the export again from a server capped at --max-old-space-size=48, and COPY ... TO STDOUT through psql",
  );
  const capped = new Server({
    databaseUrl: env.databaseUrl,
    port: await freePort(),
    nodeArgs: ["--max-old-space-size=48"],
  });
  try {
    await capped.start();
    const baseKb = capped.peakRssKb();
    const csv = await exportCsv(env, capped.origin);
    result.cappedCsv = {
      ok: csv.rows >= seeded,
      rowsPerSecond: csv.rows / csv.seconds,
      peakKb: capped.peakRssKb(),
      baseKb,
    };
  } catch (error) {
    result.cappedCsv = {
      ok: false,
      rowsPerSecond: NaN,
      peakKb: capped.peakRssKb(),
      baseKb: NaN,
      error: (error as Error).message.split("\n")[0] ?? "",
    };
  } finally {
    await capped.stop();
  }
  const connection = pgCommandLine(env.databaseUrl);
  const t0 = performance.now();
  const copy = await run(
    "psql",
    [
      "-X",
      "-q",
      ...connection.args,
      "-d",
      env.database,
      "-c",
      Object.entries(csvCopy.settings)
        .map(([name, value]) => `set ${name} = '${value}'`)
        .join("; "),
      "-c",
      `\\copy (${csvCopy.sql}) to '/dev/null' with (format csv, header)`,
    ],
    { timeoutMs: 600_000, env: connection.env },
  );
  if (copy.code === 0) result.copyRowsPerSecond = seeded / ((performance.now() - t0) / 1000);
  return result;
}
