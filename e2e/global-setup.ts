import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Api, createLocation, createProgram, unique } from "./support/api.ts";
import { artifactsDir, repoRoot, serverCli, serverMain, stateFile } from "./support/paths.ts";
import {
  createAdminWithCli,
  freePort,
  serverEnv,
  startServer,
  stopServer,
} from "./support/server.ts";
import { seedRetentionVisits } from "./support/retention-data.ts";
import { dashboardProgramLabels, plannedDashboardVisits } from "./support/dashboard-data.ts";
import { zoneNearNoon } from "./support/zone.ts";
import {
  chartMonth,
  chartProgramLabels,
  chartSites,
  plannedChartVisits,
} from "./support/chart-data.ts";
import {
  plannedReportVisits,
  reportFrom,
  type PlannedVisit,
  reportProgramLabels,
  reportSites,
  reportTo,
} from "./support/report-data.ts";
import type { RunState, SeededVisit } from "./support/state.ts";
import {
  plannedPrintVisits,
  printFrom,
  printProgramLabels,
  printQuestions,
  printSites,
  printTo,
} from "./support/print-data.ts";
import {
  plannedSummaryVisits,
  summaryFrom,
  summaryProgramLabels,
  summarySites,
  summaryTo,
} from "./support/summary-data.ts";

/**
 * A fresh embedded database (PGlite in a new data folder, as `npm start` keeps it, whatever
 * DATABASE_URL says), the production server on a free port, an admin made by the CLI, and the
 * report journey's visits. Everything else each journey creates for itself, uniquely named.
 */
export default async function globalSetup(): Promise<void> {
  for (const file of [
    serverMain,
    serverCli,
    path.join(repoRoot, "apps", "web", "dist", "index.html"),
    path.join(repoRoot, "apps", "kiosk", "dist", "index.html"),
  ]) {
    if (!existsSync(file))
      throw new Error(`${file} is missing: build first (pnpm e2e runs turbo run build)`);
  }
  mkdirSync(path.dirname(stateFile), { recursive: true });
  mkdirSync(artifactsDir, { recursive: true });

  const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-e2e-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverLog = path.join(dataDir, "server.log");
  const env = serverEnv(dataDir, port);
  const admin = {
    firstName: "Ada",
    lastName: "Admin",
    email: `admin-${unique()}@example.org`,
    password: "first-admin-2026",
  };

  // The CLI runs before the server: an embedded database is one process's at a time.
  createAdminWithCli(env, admin);

  let server = await startServer(env, baseUrl, serverLog);
  try {
    const api = await Api.create(baseUrl);
    await api.login(admin.email, admin.password);
    const reports = await seedReportVisits(api);
    const chart = await seedChartVisits(api);
    const summary = await seedSummaryVisits(api);
    const print = await seedPrintVisits(api);
    const retention = await seedRetentionVisits(api);
    const dashboard = await seedDashboardVisits(api);
    await api.dispose();

    // Visits get their TimeIn from the server's clock; the report's days come from the database.
    await stopServer(server);
    await moveVisitsInTime(dataDir, [
      ...reports.visits,
      ...chart.visits,
      ...summary.visits,
      ...print.visits,
      ...retention.visits,
      ...dashboard.visits,
    ]);
    server = await startServer(env, baseUrl, serverLog);

    const state: RunState = {
      baseUrl,
      port,
      dataDir,
      serverPid: server.pid!,
      serverLog,
      admin,
      reports,
      chart,
      summary,
      print,
      retention,
      dashboard,
    };
    writeFileSync(stateFile, JSON.stringify(state, null, 2));
    process.env.E2E_BASE_URL = baseUrl;
    server.unref();
  } catch (error) {
    await stopServer(server).catch(() => undefined);
    if (existsSync(serverLog)) copyFileSync(serverLog, path.join(artifactsDir, "server.log"));
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A journey's data set through the API: uniquely named programs, sites offering them, and the
 * planned visits signed in (moved to their planned times afterwards, with the server stopped).
 */
async function seedDataSet(
  api: Api,
  plan: {
    programLabels: readonly string[];
    sites: ReadonlyArray<{ label: string; programs: readonly number[] }>;
    road: string;
    /** Intake questions, each asked by the programs listed (by index), named by `key`. */
    questions?: ReadonlyArray<{ key: string; programs: readonly number[] } & object>;
    /** Each visit's answers by its questions' keys. */
    visits: Array<PlannedVisit & { answers?: Record<string, unknown> }>;
    from: string;
    to: string;
  },
): Promise<RunState["reports"]> {
  const tag = unique();
  const programs: Array<{ id: number; Name: string }> = [];
  for (const label of plan.programLabels)
    programs.push(await createProgram(api, `${label} ${tag}`));
  const questionIds = new Map<string, number>();
  for (const { key, programs: askedBy, ...question } of plan.questions ?? []) {
    const ProgramIds = askedBy.map((i) => programs[i]!.id);
    const created = await api.expect(201, "POST", "/api/questions", { ...question, ProgramIds });
    questionIds.set(key, created.id);
  }
  const locations = [];
  for (const site of plan.sites) {
    const location = await createLocation(
      api,
      `${site.label} ${tag}`,
      `${tag} ${plan.road}`,
      site.programs.map((i) => programs[i]!.id),
    );
    locations.push({ id: location.id, Name: location.Name });
  }
  const visits: SeededVisit[] = [];
  for (const planned of plan.visits) {
    const locationId = locations[planned.site]!.id;
    const programId = programs[planned.program]!.id;
    const { FirstName, LastName, PhoneNumber, Temperature } = planned;
    const answers = Object.entries(planned.answers ?? {});
    const visit = await api.expect(201, "POST", "/api/visits", {
      FirstName,
      LastName,
      PhoneNumber,
      Temperature,
      LocationId: locationId,
      ProgramId: programId,
      ...(answers.length > 0
        ? {
            Answers: Object.fromEntries(
              answers.map(([key, value]) => [questionIds.get(key), value]),
            ),
          }
        : {}),
    });
    // A phone is signed in once at a time: one that comes back later is signed out first.
    if (
      plan.visits.slice(plan.visits.indexOf(planned) + 1).some((v) => v.PhoneNumber === PhoneNumber)
    )
      await api.expect(200, "PATCH", `/api/visits/${visit.id}/sign-out`);
    visits.push({
      id: visit.id,
      FirstName,
      LastName,
      PhoneNumber,
      Temperature,
      TimeIn: planned.TimeIn,
      TimeOut: planned.TimeOut,
      locationId,
      programId,
    });
  }
  return {
    locations,
    programs: programs.map((p) => ({ id: p.id, Name: p.Name })),
    visits,
    from: plan.from,
    to: plan.to,
  };
}

const seedReportVisits = (api: Api) =>
  seedDataSet(api, {
    programLabels: reportProgramLabels,
    sites: reportSites,
    road: "Report Rd",
    visits: plannedReportVisits(),
    from: reportFrom,
    to: reportTo,
  });

/** The chart journey's month (the month before its fixed "now", in Los Angeles). */
const seedChartVisits = (api: Api) =>
  seedDataSet(api, {
    programLabels: chartProgramLabels,
    sites: chartSites,
    road: "Chart Rd",
    visits: plannedChartVisits(),
    from: chartMonth.from,
    to: chartMonth.to,
  });

/** The funder summary journey's visitors, across months, programs and two locations. */
const seedSummaryVisits = (api: Api) =>
  seedDataSet(api, {
    programLabels: summaryProgramLabels,
    sites: summarySites,
    road: "Summary Rd",
    visits: plannedSummaryVisits(),
    from: summaryFrom,
    to: summaryTo,
  });

/** The printed summary journey's three programs at one site, with their intake questions. */
const seedPrintVisits = (api: Api) =>
  seedDataSet(api, {
    programLabels: printProgramLabels,
    sites: printSites,
    road: "Print Rd",
    questions: printQuestions,
    visits: plannedPrintVisits(),
    from: printFrom,
    to: printTo,
  });

/**
 * The dashboard journey's site, in the zone where it is about noon now, and its visits of today and
 * the 15 days before. A phone comes back, so each visit meant to be over is signed out at once
 * (one phone is signed in once at a time); the move then gives each its planned times.
 */
async function seedDashboardVisits(api: Api): Promise<RunState["dashboard"]> {
  const tag = unique();
  const programs: Array<{ id: number; Name: string }> = [];
  for (const label of dashboardProgramLabels)
    programs.push(await createProgram(api, `${label} ${tag}`));
  const location = await api.expect(201, "POST", "/api/locations", {
    Name: `Dashboard Hall ${tag}`,
    Address: `${tag} Dash Rd`,
    TimeZone: zoneNearNoon(),
    ProgramIds: programs.map((p) => p.id),
  });
  const visits: SeededVisit[] = [];
  for (const planned of plannedDashboardVisits(new Date())) {
    const { program, ...fields } = planned;
    const { FirstName, LastName, PhoneNumber, Temperature } = fields;
    const programId = programs[program]!.id;
    const visit = await api.expect(201, "POST", "/api/visits", {
      FirstName,
      LastName,
      PhoneNumber,
      Temperature,
      LocationId: location.id,
      ProgramId: programId,
    });
    if (fields.TimeOut !== null) await api.expect(200, "PATCH", `/api/visits/${visit.id}/sign-out`);
    visits.push({ id: visit.id, ...fields, locationId: location.id, programId });
  }
  return {
    location: { id: location.id, Name: location.Name, TimeZone: location.TimeZone },
    programs: programs.map((p) => ({ id: p.id, Name: p.Name })),
    visits,
  };
}

const moveSql =
  "update visits set time_in = $1, time_out = $2, created_at = $1, updated_at = $1 where id = $3";

async function moveVisitsInTime(dataDir: string, visits: SeededVisit[]): Promise<void> {
  // The embedded database, opened with the server's own PGlite while the server is stopped.
  const require = createRequire(path.join(repoRoot, "packages", "db", "package.json"));
  const module = (await import(
    pathToFileURL(require.resolve("@electric-sql/pglite")).href
  )) as PGliteModule;
  const PGlite = module.PGlite ?? module.default?.PGlite;
  if (!PGlite) throw new Error("could not load PGlite from packages/db");
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    for (const v of visits) await db.query(moveSql, [v.TimeIn, v.TimeOut, v.id]);
  } finally {
    await db.close();
  }
}

interface PGliteLike {
  query(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}
type PGliteConstructor = new (dataDir: string) => PGliteLike;
interface PGliteModule {
  PGlite?: PGliteConstructor;
  default?: { PGlite?: PGliteConstructor };
}
