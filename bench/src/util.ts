import { execFile } from "node:child_process";
import net from "node:net";
import { promisify } from "node:util";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function log(message: string) {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

/** Every request of the bench goes to this machine only. */
export function assertLoopback(url: string): string {
  const host = new URL(url).hostname;
  if (host !== "127.0.0.1") throw new Error(`the bench only talks to 127.0.0.1, not ${host}`);
  return url;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface Percentiles {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles of latencies in ms; null when there are none (JSON has no NaN). */
export function percentiles(values: number[]): Percentiles | null {
  if (!values.length) return null;
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
  return { count: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: at(100) };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs a program (no shell) to its end; rejects with its stderr when it fails. */
export const run = (command: string, args: string[], env?: NodeJS.ProcessEnv) =>
  promisify(execFile)(command, args, { env, timeout: 600_000, maxBuffer: 2 ** 24 });

// One open visit per phone at a sheet: every sign-in of a run needs a phone of its own.
let phones = 0;
export const nextPhone = () => String(2_000_000_000 + ++phones);
