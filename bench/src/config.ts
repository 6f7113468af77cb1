import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const repoDir = path.resolve(benchDir, "..");

export const scenarios = [
  "tablets",
  "rates",
  "history",
  "live",
  "kiosk",
  "faults",
  "webhooks",
  "line",
  "network",
  "households",
] as const;
export type Scenario = (typeof scenarios)[number];

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not ${JSON.stringify(raw)}`);
  return value;
}

function list(name: string, fallback: string[]): string[] {
  const raw = process.env[name];
  return raw
    ? raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : fallback;
}

/** The local cluster for the PostgreSQL restart, as pg_ctlcluster names it ("15/main"). */
function defaultCluster(): string {
  const versions = existsSync("/etc/postgresql") ? readdirSync("/etc/postgresql").sort() : [];
  return `${versions.at(-1) ?? "15"}/main`;
}

const only = list("BENCH_ONLY", [...scenarios]);
for (const name of only)
  if (!(scenarios as readonly string[]).includes(name))
    throw new Error(`BENCH_ONLY: unknown scenario ${name} (known: ${scenarios.join(", ")})`);

/** Every setting of a run, from BENCH_* variables; written into the results as they were used. */
export const config = {
  only: only as Scenario[],
  server: path.resolve(process.env.BENCH_SERVER ?? path.join(repoDir, "apps/server/dist/main.js")),
  before: process.env.BENCH_BEFORE ? path.resolve(process.env.BENCH_BEFORE) : undefined,
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  pgCluster: process.env.BENCH_PG_CLUSTER ?? defaultCluster(),
  rounds: num("BENCH_ROUNDS", 3),
  tablets: num("BENCH_TABLETS", 200),
  tabletSeconds: num("BENCH_TABLET_SECONDS", 30),
  connections: num("BENCH_CONNECTIONS", 50),
  rateSeconds: num("BENCH_RATE_SECONDS", 10),
  sizes: list("BENCH_SIZES", ["10000", "1000000"]).map(Number),
  historySeconds: num("BENCH_HISTORY_SECONDS", 10),
  /** Leave the run's databases behind (to explain a statement again over the same history). */
  keepDatabases: process.env.BENCH_KEEP_DATABASES === "1",
  pageSamples: num("BENCH_PAGE_SAMPLES", 15),
  streams: num("BENCH_STREAMS", 1000),
  changes: num("BENCH_CHANGES", 20),
  faultTablets: num("BENCH_FAULT_TABLETS", 50),
  faultSeconds: num("BENCH_FAULT_SECONDS", 20),
  lineTablets: num("BENCH_LINE_TABLETS", 200),
  lineSeconds: num("BENCH_LINE_SECONDS", 60),
  lineDoorPerMinute: num("BENCH_LINE_DOOR_PER_MINUTE", 30),
  lineCallMs: num("BENCH_LINE_CALL_MS", 1000),
  linePauseSeconds: num("BENCH_LINE_PAUSE_SECONDS", 0),
  networkProcesses: num("BENCH_NETWORK_PROCESSES", 3),
  networkLocations: num("BENCH_NETWORK_LOCATIONS", 500),
  networkTablets: num("BENCH_NETWORK_TABLETS", 2000),
  networkSeconds: num("BENCH_NETWORK_SECONDS", 150),
  networkPauseSeconds: num("BENCH_NETWORK_PAUSE_SECONDS", 30),
  households: num("BENCH_HOUSEHOLDS", 20_000),
  out: process.env.BENCH_OUT,
  /** A folder: every server the bench starts writes a V8 CPU profile there when it exits. */
  cpuProfileDir: process.env.BENCH_CPU_PROFILE_DIR
    ? path.resolve(process.env.BENCH_CPU_PROFILE_DIR)
    : undefined,
};
export type Config = typeof config;

export const enabled = (scenario: Scenario) => config.only.includes(scenario);

export interface Threshold {
  figure: string;
  atMost?: number;
  atLeast?: number;
}

/** What a run is judged against: each names a figure of the results' `figures`. */
export const thresholds: Threshold[] = [
  { figure: "tablets.errors", atMost: 0 },
  { figure: "tablets.lost", atMost: 0 },
  { figure: "tablets.doubled", atMost: 0 },
  { figure: "tablets.signOutsLost", atMost: 0 },
  { figure: "tablets.sheetMissingOwnVisit", atMost: 0 },
  // A bare sign-in's own write-ahead log records, in bytes (wal.ts): a visit-shaped row alone
  // writes about 440.
  { figure: "tablets.walBytesPerSignIn", atMost: 900 },
  { figure: "compare.p95Ratio.signIn", atMost: 1.25 },
  { figure: "compare.p95Ratio.list", atMost: 1.25 },
  { figure: "compare.p95Ratio.signOut", atMost: 1.25 },
  { figure: "compare.rateRatio.signIn", atLeast: 0.7 },
  { figure: "compare.rateRatio.sheetList", atLeast: 0.7 },
  { figure: "history.sheetSlowdown", atMost: 1.25 },
  { figure: "history.firstPageSlowdown", atMost: 3 },
  { figure: "history.funderSummaryOneLocationMs", atMost: 1000 },
  { figure: "history.funderSummaryAllLocationsMs", atMost: 3000 },
  // The server's export against psql's COPY of the same SELECT, in the same run.
  { figure: "csv.ratioToCopy", atLeast: 0.9 },
  { figure: "live.lost", atMost: 0 },
  { figure: "live.p95Ms", atMost: 1000 },
  { figure: "kiosk.gzipBytes", atMost: 150 * 1024 },
  { figure: "faults.postgresRestart.lost", atMost: 0 },
  { figure: "faults.postgresRestart.doubled", atMost: 0 },
  { figure: "faults.postgresRestart.serverSurvived", atLeast: 1 },
  { figure: "faults.serverKill.lost", atMost: 0 },
  { figure: "faults.serverKill.doubled", atMost: 0 },
  // Two endpoints on every sign-in, one answering in 2 s and one refusing, against none.
  { figure: "webhooks.p95Ratio.signIn", atMost: 1.1 },
  { figure: "webhooks.rateRatio.signIn", atLeast: 1 / 1.1 },
  { figure: "webhooks.deliveryP95Ms", atMost: 2000 },
  { figure: "webhooks.deliveryLost", atMost: 0 },
  // The line: tablets and the door at once on two processes, called on one, watched on the other.
  { figure: "line.duplicates", atMost: 0 },
  { figure: "line.gapsBeyondFailedSignIns", atMost: 0 },
  { figure: "line.callToScreenP95Ms", atMost: 1000 },
  { figure: "line.callToPhoneP95Ms", atMost: 1000 },
  { figure: "line.callsUnseen", atMost: 0 },
  // A network: several processes on one database against one at the same load per process.
  { figure: "network.lost", atMost: 0 },
  { figure: "network.doubled", atMost: 0 },
  { figure: "network.errors", atMost: 0 },
  { figure: "network.p95Ratio.signIn", atMost: 1.25 },
  { figure: "network.liveP95Ms", atMost: 1000 },
  { figure: "network.liveLost", atMost: 0 },
  { figure: "network.jobsRunTwice", atMost: 0 },
  { figure: "network.jobsNeverRun", atMost: 0 },
  { figure: "network.pgbouncer.lost", atMost: 0 },
  { figure: "network.pgbouncer.doubled", atMost: 0 },
  { figure: "network.pgbouncer.liveP95Ms", atMost: 1000 },
  { figure: "network.pgbouncer.liveLost", atMost: 0 },
  { figure: "network.pgbouncer.jobsRunTwice", atMost: 0 },
  // A household's party sign-in with a visit limit checked, against a plain sign-in.
  { figure: "households.rateRatio.signIn", atLeast: 0.9 },
  { figure: "households.p95Ratio.signIn", atMost: 1.1 },
  { figure: "households.lost", atMost: 0 },
  { figure: "households.doubled", atMost: 0 },
  { figure: "households.errors", atMost: 0 },
];
