import { spawn } from "node:child_process";
import net from "node:net";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Every request of the bench goes to this machine only. */
export function assertLoopback(url: string): string {
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1")
    throw new Error(`refusing to send traffic to ${host}: the bench only talks to 127.0.0.1`);
  return url;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function median(values: number[]): number {
  const finite = values.filter((v) => Number.isFinite(v));
  if (!finite.length) return NaN;
  const s = [...finite].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Latency samples in milliseconds; percentiles from the sorted samples themselves. */
export class Samples {
  private values: number[] = [];
  add(ms: number) {
    this.values.push(ms);
  }
  get count() {
    return this.values.length;
  }
  summary() {
    const sorted = Float64Array.from(this.values).sort();
    const mean = sorted.reduce((a, b) => a + b, 0) / (sorted.length || 1);
    return {
      count: sorted.length,
      mean,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    };
  }
}

export const fmt = {
  n(value: number, digits = 0): string {
    if (!Number.isFinite(value)) return "n/a";
    return value.toLocaleString("en-US", {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  },
  ms(value: number): string {
    if (!Number.isFinite(value)) return "n/a";
    return value < 10
      ? `${value.toFixed(2)} ms`
      : value < 100
        ? `${value.toFixed(1)} ms`
        : `${Math.round(value)} ms`;
  },
  pct(value: number): string {
    return Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : "n/a";
  },
  x(value: number): string {
    return Number.isFinite(value) ? `${value.toFixed(2)}×` : "n/a";
  },
  mb(kb: number): string {
    return Number.isFinite(kb) ? `${(kb / 1024).toFixed(1)} MB` : "n/a";
  },
};

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program (no shell) with a hard time limit. */
export function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {},
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      cwd: options.cwd,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 120_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export function log(message: string) {
  const t = new Date().toISOString().slice(11, 19);
  console.log(`[bench ${t}] ${message}`);
}

// One open visit per phone at a location and program: every sign-in of the bench needs its own phone.
let phones = 0;
/** A ten-digit phone number no other call of this bench run has used (2000000000 upwards). */
export function nextPhone(): string {
  return String(2_000_000_000 + ++phones);
}

let pgbenchRuns = 0;
/**
 * pgbench variables for distinct phones: each run its own block of 200,000,000 numbers from
 * 3000000000, each client its own 1,000,000 within it (`:client_id`), counted up by `:c`.
 */
export function pgbenchPhoneVars(): { phbase: number; c: number } {
  return { phbase: 3_000_000_000 + (pgbenchRuns++ % 30) * 200_000_000, c: 0 };
}
