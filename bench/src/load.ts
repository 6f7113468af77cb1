import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { config } from "./config.ts";
import { pgCommandLine } from "./pg.ts";
import { assertLoopback, nextPhone, run } from "./util.ts";

export interface Throughput {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  requests: number;
  errors: number;
  statuses: string;
  /** Server CPU (user + system) per successful request, ms; NaN when no server was given. */
  cpuMsPerRequest: number;
}

/** autocannon: `connections` keep-alive connections, one request at a time each, for `seconds`. */
export async function cannon(
  options: Omit<Options, "url" | "duration"> & {
    url: string;
    seconds: number;
    expectStatus?: number;
    server?: { cpuMs(): number };
  },
): Promise<Throughput> {
  assertLoopback(options.url);
  const { seconds, expectStatus = 200, server, ...rest } = options;
  const cpu0 = server ? server.cpuMs() : NaN;
  const result: Result = await autocannon({ timeout: 15, ...rest, duration: seconds });
  const cpu = server ? server.cpuMs() - cpu0 : NaN;
  const ok = result.statusCodeStats[String(expectStatus)]?.count ?? 0;
  const total = Object.values(result.statusCodeStats).reduce((a, s) => a + s.count, 0);
  return {
    rps: ok / result.duration,
    cpuMsPerRequest: cpu / Math.max(1, ok),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    requests: total,
    errors: total - ok + result.errors + result.timeouts,
    statuses: Object.entries(result.statusCodeStats)
      .map(([k, v]) => `${k}×${v.count}`)
      .join(", "),
  };
}

export async function requirePgbench(): Promise<string> {
  const result = await run("pgbench", ["--version"]).catch(() => undefined);
  if (!result || result.code !== 0) {
    throw new Error(
      "pgbench is not installed. On Debian/Ubuntu: `apt-get install -y postgresql-contrib` (or postgresql-client-<version>); " +
        "it must be on PATH. The bench compares the API with pgbench on the same server and cannot run without it.",
    );
  }
  return result.stdout.trim();
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  failed: number;
}

/** pgbench -M prepared running one script (the API's own statement) with `clients` connections. */
export async function pgbench(
  database: string,
  script: string,
  vars: Record<string, string | number>,
  clients: number,
  seconds: number,
  name: string,
): Promise<PgbenchResult> {
  const url = new URL(config.pgUrl);
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost")
    throw new Error("pgbench only against the local server");
  const file = path.join(config.outDir, `pgbench-${name}.sql`);
  writeFileSync(file, script);
  const args = [
    "-n",
    "-M",
    "prepared",
    "-c",
    String(clients),
    "-j",
    String(Math.min(clients, config.cores)),
    "-T",
    String(seconds),
    "-f",
    file,
  ];
  for (const [k, v] of Object.entries(vars)) args.push("-D", `${k}=${v}`);
  const connection = pgCommandLine(config.pgUrl);
  args.push(...connection.args, database);
  const result = await run("pgbench", args, {
    timeoutMs: (seconds + 60) * 1000,
    env: connection.env,
  });
  const tps = result.stdout.match(/tps = ([\d.]+) \(without initial connection time\)/);
  if (result.code !== 0 || !tps)
    throw new Error(`pgbench ${name} failed (${result.code}):\n${result.stderr}\n${result.stdout}`);
  const latency = result.stdout.match(/latency average = ([\d.]+) ms/);
  const failed = result.stdout.match(/number of failed transactions: (\d+)/);
  return {
    tps: Number(tps[1]),
    latencyMs: latency ? Number(latency[1]) : NaN,
    failed: failed ? Number(failed[1]) : 0,
  };
}

/**
 * autocannon requests signing a visitor in: every request its own phone (one open visit per
 * phone) and, with `key`, its own Idempotency-Key as the web app sends.
 */
export function signInRequests(
  headers: Record<string, string>,
  fields: { FirstName: string; LastName: string; LocationId: number; ProgramId: number },
  key: boolean,
): Options["requests"] {
  return [
    {
      method: "POST",
      headers,
      setupRequest: (req) => ({
        ...req,
        headers: key ? { ...req.headers, "idempotency-key": randomUUID() } : req.headers,
        body: JSON.stringify({ ...fields, PhoneNumber: nextPhone(), Temperature: "98.6" }),
      }),
    },
  ];
}

/** Sign-ins (POST /api/visits) as one tablet under autocannon: each a new visitor, with or without an Idempotency-Key. */
export function signInLoad(options: {
  origin: string;
  server?: { cpuMs(): number };
  connections: number;
  seconds: number;
  headers: Record<string, string>;
  fields: { FirstName: string; LastName: string; LocationId: number; ProgramId: number };
  key: boolean;
}): Promise<Throughput> {
  const { origin, headers, fields, key, ...rest } = options;
  return cannon({
    url: `${origin}/api/visits`,
    expectStatus: 201,
    requests: signInRequests({ ...headers, "content-type": "application/json" }, fields, key),
    ...rest,
  });
}
