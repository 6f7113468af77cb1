import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
export const benchDir = path.resolve(here, "..");
export const repoDir = path.resolve(benchDir, "..");

const quick = process.env.BENCH_QUICK === "1";

function num(name: string, full: number, quickValue: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return quick ? quickValue : full;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number (got ${JSON.stringify(raw)})`);
  return value;
}

function list(name: string, full: number[], quickValue: number[]): number[] {
  const raw = process.env[name];
  if (!raw) return quick ? quickValue : full;
  const values = raw.split(",").map((v) => Number(v.trim()));
  if (values.some((v) => !Number.isInteger(v) || v <= 0))
    throw new Error(
      `${name} must be a comma-separated list of positive integers (got ${JSON.stringify(raw)})`,
    );
  return values;
}

/** Every knob of the run; BENCH_QUICK=1 is a few-minute smoke run with the same steps. */
export const config = {
  quick,
  /** Only these phases (comma-separated names), e.g. BENCH_ONLY=tablets,web; default all. */
  only: (process.env.BENCH_ONLY ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean),
  pgUrl: process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  tabletCounts: list("BENCH_TABLETS", [50, 200], [50, 200]),
  tabletSeconds: num("BENCH_TABLET_SECONDS", 60, 8),
  /** Rounds of the side-by-side comparisons; medians are reported. */
  rounds: num("BENCH_ROUNDS", 5, 1),
  /** Rounds of the sheet load per history size, and of the A/B comparison (each round measures both builds twice, in both orders). */
  scaleRounds: num("BENCH_SCALE_ROUNDS", 3, 1),
  compareRounds: num("BENCH_COMPARE_ROUNDS", 2, 1),
  /** Seconds of each side-by-side measurement (API, pgbench, bare route). */
  ratioSeconds: num("BENCH_RATIO_SECONDS", 6, 4),
  /** Connections of autocannon and clients of pgbench in the side-by-side runs. */
  concurrency: num("BENCH_CONCURRENCY", 50, 50),
  historySizes: list("BENCH_SIZES", [10_000, 100_000, 1_000_000], [10_000, 100_000]),
  scaleSeconds: num("BENCH_SCALE_SECONDS", 10, 4),
  /** Sequential requests per report page measurement (median reported). */
  pageSamples: num("BENCH_PAGE_SAMPLES", 15, 5),
  csvRuns: num("BENCH_CSV_RUNS", 1, 1),
  /** Another server build whose CSV export is measured right after this one's at each size (A/B in one run). */
  csvCompareMain: process.env.BENCH_CSV_COMPARE_MAIN || undefined,
  faultSeconds: num("BENCH_FAULT_SECONDS", 30, 14),
  faultTablets: num("BENCH_FAULT_TABLETS", 50, 30),
  profileSeconds: num("BENCH_PROFILE_SECONDS", 10, 4),
  /** Requests of each kind in the per-call SQL trace. */
  traceCalls: num("BENCH_TRACE_CALLS", 20, 10),
  /** Hard ceiling on the whole run; every loop also has its own time and count bounds. */
  maxRunMinutes: num("BENCH_MAX_MINUTES", 60, 20),
  serverMain: process.env.BENCH_SERVER_MAIN ?? path.join(repoDir, "apps/server/dist/main.js"),
  serverCli: path.join(repoDir, "apps/server/dist/cli.js"),
  webDist: process.env.BENCH_WEB_DIST ?? path.join(repoDir, "apps/web/dist"),
  resultsFile:
    process.env.BENCH_RESULTS ?? path.join(benchDir, quick ? "out/RESULTS.quick.md" : "RESULTS.md"),
  outDir: path.join(benchDir, "out"),
  cores: os.cpus().length,
  benchDirRoot: benchDir,
  benchDirSrc: here,
};

/** `csv` alone (BENCH_ONLY=csv) runs the scale phase's seeding and CSV steps only. */
export type Phase =
  | "trace"
  | "tablets"
  | "ratios"
  | "profile"
  | "scale"
  | "csv"
  | "faults"
  | "web"
  | "compare"
  | "servers"
  | "live";

export function phaseEnabled(phase: Phase): boolean {
  return config.only.length === 0 || config.only.includes(phase);
}
