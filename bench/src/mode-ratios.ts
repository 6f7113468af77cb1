import type { LoadResult } from "./tablets.ts";
import { median } from "./util.ts";

/** A tablet load of one kind (with or without webhooks, households or not) in one round. */
export interface ModeRun {
  mode: string;
  result: LoadResult;
  signInsPerSecond: number;
}

/**
 * Two kinds of load compared: each one's sign-in p95 and sign-ins/s (medians over rounds) as
 * `<prefix>.<mode>.p95.signIn` and `.rate.signIn`, and `other` ÷ `base` of each as
 * `<prefix>.p95Ratio.signIn` and `<prefix>.rateRatio.signIn`; nothing until both have run.
 */
export function modeRatios(prefix: string, runs: ModeRun[], base: string, other: string) {
  const out: Record<string, number> = {};
  const of = (mode: string) => runs.filter((run) => run.mode === mode);
  if (!of(base).length || !of(other).length) return out;
  const p95 = (mode: string) =>
    median(of(mode).flatMap((run) => run.result.latency.signIn?.p95 ?? []));
  const rate = (mode: string) => median(of(mode).map((run) => run.signInsPerSecond));
  for (const mode of [base, other]) {
    out[`${prefix}.${mode}.p95.signIn`] = p95(mode);
    out[`${prefix}.${mode}.rate.signIn`] = rate(mode);
  }
  out[`${prefix}.p95Ratio.signIn`] = p95(other) / p95(base);
  out[`${prefix}.rateRatio.signIn`] = rate(other) / rate(base);
  return out;
}
