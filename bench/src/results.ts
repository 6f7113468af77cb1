import os from "node:os";
import type { Config, Threshold } from "./config.ts";
import type { FaultResult } from "./faults.ts";
import type { HistoryResult } from "./history.ts";
import type { KioskWeight } from "./kiosk.ts";
import type { LineResult } from "./line.ts";
import type { LiveResult } from "./live.ts";
import { householdsFigures, type HouseholdsResult } from "./households.ts";
import { networkFigures, type NetworkResult } from "./network.ts";
import type { WebhooksResult } from "./webhooks.ts";
import type { Rate } from "./rates.ts";
import { calls, type LoadResult } from "./tablets.ts";
import { modeRatios } from "./mode-ratios.ts";
import { median } from "./util.ts";
import type { WalResult } from "./wal.ts";

/** One build's measurement in one round of the tablet and rate scenarios. */
export interface RoundRun<T> {
  build: "after" | "before";
  round: number;
  result: T;
}

/** What a run writes: raw figures, and what it takes to run it again. */
export interface Results {
  startedAt: string;
  finishedAt?: string;
  note?: string;
  commit: string;
  /** Uncommitted changes in the worktree when the run started. */
  dirty: boolean;
  command: string[];
  cwd: string;
  /** The BENCH_* variables as given; `settings` as they were used. */
  env: Record<string, string>;
  settings: Config;
  before?: { main: string; commit: string };
  machine: ReturnType<typeof machine>;
  thresholds: Threshold[];
  /** Named figures, derived from the raw results below by `figures()`. */
  figures: Record<string, number>;
  tablets: RoundRun<LoadResult>[];
  /** The log a bare sign-in writes (wal.ts); absent from results made before it was measured. */
  wal?: RoundRun<WalResult>[];
  rates: RoundRun<{ signIn: Rate; sheetList: Rate; walBytesPerSignIn?: number }>[];
  history?: HistoryResult;
  live?: LiveResult;
  kiosk?: KioskWeight;
  webhooks?: WebhooksResult;
  line?: LineResult;
  network?: NetworkResult;
  households?: HouseholdsResult;
  faults: { postgresRestart?: FaultResult; serverKill?: FaultResult };
  failures: string[];
}

export const machine = (postgres: string) => ({
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  node: process.version,
  os: `${os.type()} ${os.release()}`,
  postgres,
  loadAverage: os.loadavg(),
});

const of = <T>(runs: RoundRun<T>[], build: string) =>
  runs.filter((run) => run.build === build).map((run) => run.result);

/** Sums of what must be zero, medians over rounds, after ÷ before. */
export function figures(r: Results): Record<string, number> {
  const out: Record<string, number> = {};
  const after = of(r.tablets, "after");
  const counts = {
    errors: (x: LoadResult) => Object.values(x.errors).reduce((t, n) => t + n, 0),
    lost: (x: LoadResult) => x.check.lost,
    doubled: (x: LoadResult) => x.check.doubled,
    unacknowledged: (x: LoadResult) => x.check.unacknowledged,
    signOutsLost: (x: LoadResult) => x.check.signOutsLost,
    sheetMissingOwnVisit: (x: LoadResult) => x.sheetMissingOwnVisit,
  };
  for (const [name, count] of Object.entries(counts))
    if (after.length) out[`tablets.${name}`] = after.reduce((t, x) => t + count(x), 0);
  const ratio = (figure: string, key: string) => {
    if (out[`before.${key}`]) out[figure] = out[`after.${key}`]! / out[`before.${key}`]!;
  };
  for (const build of ["after", "before"]) {
    for (const call of calls) {
      const p95 = of(r.tablets, build).flatMap((x) => x.latency[call]?.p95 ?? []);
      if (p95.length) out[`${build}.p95.${call}`] = median(p95);
      ratio(`compare.p95Ratio.${call}`, `p95.${call}`);
    }
    for (const rate of ["signIn", "sheetList"] as const) {
      const perSecond = of(r.rates, build).map((x) => x[rate].perSecond);
      if (perSecond.length) out[`${build}.rate.${rate}`] = median(perSecond);
      ratio(`compare.rateRatio.${rate}`, `rate.${rate}`);
    }
    // The sign-ins' own records (judged), all their records, and all the log with page images.
    const wal = {
      tabletWalBytesPerSignIn: (x: WalResult) => x.ownRecordBytesPerSignIn,
      tabletWalRecordBytesPerSignIn: (x: WalResult) => x.recordBytesPerSignIn,
      tabletWalBytesPerSignInWithPageImages: (x: WalResult) => x.walBytesPerSignIn,
    };
    for (const [name, pick] of Object.entries(wal)) {
      const values = of(r.wal ?? [], build).flatMap((x) => pick(x) ?? []);
      if (values.length) out[`${build}.${name}`] = median(values);
    }
    const rateWal = of(r.rates, build).flatMap((x) => x.walBytesPerSignIn ?? []);
    if (rateWal.length) out[`${build}.walBytesPerSignIn`] = median(rateWal);
  }
  if (out["after.tabletWalBytesPerSignIn"] !== undefined)
    out["tablets.walBytesPerSignIn"] = out["after.tabletWalBytesPerSignIn"];
  for (const [figure, after] of [
    ["tablets.walRecordBytesPerSignIn", "after.tabletWalRecordBytesPerSignIn"],
    ["tablets.walBytesPerSignInWithPageImages", "after.tabletWalBytesPerSignInWithPageImages"],
  ] as const)
    if (out[after] !== undefined) out[figure] = out[after];
  if (out["after.walBytesPerSignIn"] !== undefined)
    out["rates.walBytesPerSignIn"] = out["after.walBytesPerSignIn"];
  const sizes = r.history?.sizes ?? [];
  if (sizes.length > 1) {
    out["history.sheetSlowdown"] = sizes[0]!.sheetPerSecond / sizes.at(-1)!.sheetPerSecond;
    out["history.firstPageSlowdown"] = sizes.at(-1)!.firstPageMs / sizes[0]!.firstPageMs;
  }
  if (r.history) out["csv.ratioToCopy"] = r.history.csv.ratio;
  if (r.history?.funderSummary) {
    out["history.funderSummaryOneLocationMs"] = r.history.funderSummary.oneLocation.ms;
    out["history.funderSummaryAllLocationsMs"] = r.history.funderSummary.allLocations.ms;
    const { oneLocation, allLocations } = r.history.funderSummary;
    if (oneLocation.beforeMs !== undefined && allLocations.beforeMs !== undefined) {
      out["history.funderSummaryOneLocationRatio"] = oneLocation.ms / oneLocation.beforeMs;
      out["history.funderSummaryAllLocationsRatio"] = allLocations.ms / allLocations.beforeMs;
    }
  }
  if (r.live) out["live.lost"] = r.live.lost;
  if (r.live?.delivery) out["live.p95Ms"] = r.live.delivery.p95;
  if (r.kiosk) out["kiosk.gzipBytes"] = r.kiosk.gzipBytes;
  if (r.webhooks) {
    Object.assign(out, modeRatios("webhooks", r.webhooks.runs, "none", "slowAndDead"));
    const { delivery } = r.webhooks;
    if (delivery.delayMs) out["webhooks.deliveryP95Ms"] = delivery.delayMs.p95;
    out["webhooks.deliveryLost"] = delivery.signIns - delivery.received;
  }
  if (r.line) {
    const { line } = r;
    out["line.duplicates"] = line.numbers.duplicates;
    out["line.gaps"] = line.numbers.gaps;
    out["line.gapsBeyondFailedSignIns"] = Math.max(0, line.numbers.gaps - line.failedSignIns);
    if (line.callToScreen) out["line.callToScreenP95Ms"] = line.callToScreen.p95;
    if (line.callToPhone) out["line.callToPhoneP95Ms"] = line.callToPhone.p95;
    out["line.callsUnseen"] = line.screenUnseen + line.phoneUnseen;
    out["line.errors"] = Object.values(line.load.errors).reduce((t, n) => t + n, 0);
  }
  if (r.network) Object.assign(out, networkFigures(r.network));
  if (r.households) Object.assign(out, householdsFigures(r.households));
  for (const [name, { load, serverSurvived }] of Object.entries(r.faults)) {
    out[`faults.${name}.lost`] = load.check.lost + load.check.signOutsLost;
    out[`faults.${name}.doubled`] = load.check.doubled;
    out[`faults.${name}.serverSurvived`] = serverSurvived;
  }
  return out;
}
