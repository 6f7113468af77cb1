import { randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Browser, createSite, setUpTablet, sheetTokenHash, type Site } from "./client.ts";
import { config } from "./config.ts";
import { tabletsFor, type Env } from "./env.ts";
import { cannon, pgbench, signInLoad, type PgbenchResult, type Throughput } from "./load.ts";
import { openSheet, query } from "./pg.ts";
import { Server } from "./server.ts";
import { SqlTrace } from "./sqltrace.ts";
import {
  normalize,
  pgbenchSheet,
  pgbenchSignIn,
  pgbenchTabletVars,
  sheetSelect,
  signInInsert,
} from "./statements.ts";
import {
  runTabletLoad,
  verifyLoad,
  type LoadResult,
  type Tablet,
  type Verification,
} from "./tablets.ts";
import { freePort, log, median, nextPhone, pgbenchPhoneVars, sleep } from "./util.ts";
import { mkdtempSync } from "node:fs";
import os from "node:os";

// ---------------------------------------------------------------- trace: SQL per call

export interface TraceRow {
  call: string;
  roundTrips: number;
  statements: string[];
}

/** Each tablet call through a wire-protocol proxy: round trips to PostgreSQL and their SQL. */
export async function tracePhase(
  env: Env,
  site: Site,
): Promise<{ rows: TraceRow[]; insertMatches: boolean; selectMatches: boolean }> {
  const pgUrl = new URL(config.pgUrl);
  const trace = new SqlTrace(pgUrl.hostname, Number(pgUrl.port || 5432));
  await trace.start();
  const proxied = new URL(env.databaseUrl);
  proxied.port = String(trace.port);
  const server = new Server({ databaseUrl: proxied.toString(), port: await freePort() });
  const rows: TraceRow[] = [];
  try {
    await server.start();
    const staff = new Browser(server.origin);
    staff.bearer = env.staff.bearer;
    const locationId = site.locationIds[0]!;
    const programId = site.programIds[0]!;
    const tablet = await setUpTablet(staff, locationId);
    // Each sign-in a phone of its own: one phone is signed in once at a time.
    let phones = 0;
    const body = (i: number) => ({
      FirstName: `Trace${i}`,
      LastName: "TraceRun",
      PhoneNumber: String(4_155_000_000 + ++phones),
      Temperature: "98.6",
      LocationId: locationId,
      ProgramId: programId,
    });
    const n = config.traceCalls;
    const ids: number[] = [];
    const calls: [string, (i: number) => Promise<unknown>][] = [
      [
        "sign-in (POST /api/visits, no Idempotency-Key)",
        async (i) =>
          ids.push(
            (await tablet.json<{ id: number }>("POST", "/api/visits", { json: body(i) }, 201)).id,
          ),
      ],
      [
        "sign-in with Idempotency-Key (as the web app sends)",
        async (i) =>
          ids.push(
            (
              await tablet.json<{ id: number }>(
                "POST",
                "/api/visits",
                { json: body(i), headers: { "idempotency-key": randomUUID() } },
                201,
              )
            ).id,
          ),
      ],
      [
        "sheet list (GET /api/visits as the tablet)",
        () =>
          tablet.json(
            "GET",
            `/api/visits?locationId=${locationId}&programId=${programId}`,
            {},
            200,
          ),
      ],
      [
        "sheet list via /trpc/visits.list",
        () =>
          tablet.json(
            "GET",
            `/trpc/visits.list?input=${encodeURIComponent(JSON.stringify({ locationId, programId }))}`,
            {},
            200,
          ),
      ],
      [
        "sign-out (PATCH /api/visits/{id}/sign-out)",
        () => tablet.json("PATCH", `/api/visits/${ids.pop()}/sign-out`, {}, 200),
      ],
      ["GET /healthz", () => tablet.request("GET", "/healthz")],
    ];
    for (const [name, call] of calls) {
      await call(1000); // warm: the pool's connections are open before counting
      await sleep(50);
      trace.reset();
      for (let i = 0; i < n; i++) await call(i);
      await sleep(50);
      const distinct = [...new Set(trace.statements.map(normalize))];
      rows.push({ call: name, roundTrips: trace.roundTrips / n, statements: distinct });
    }
    await tablet.close();
    await staff.close();
  } finally {
    await server.stop();
    await trace.stop();
  }
  const all = rows.flatMap((r) => r.statements);
  return {
    rows,
    insertMatches: all.includes(normalize(signInInsert)),
    selectMatches: all.includes(normalize(sheetSelect)),
  };
}

// ---------------------------------------------------------------- tablets

export interface TabletPhaseResult {
  load: LoadResult;
  verification: Verification;
  serverOutputBytes: number;
  /** Server CPU (user + system) per loop of three calls, ms. */
  serverCpuPerLoop: number;
}

export async function tabletPhase(env: Env, site: Site, count: number): Promise<TabletPhaseResult> {
  log(`tablet load: setting up ${count} tablets (setup call each)`);
  const tablets = await tabletsFor(env, site, count);
  const marker = `Load${count}x${Date.now().toString(36)}`;
  const before = env.server.outputBytes;
  const cpu0 = env.server.cpuMs();
  log(`tablet load: ${count} tablets for ${config.tabletSeconds} s`);
  const load = await runTabletLoad(tablets, {
    seconds: config.tabletSeconds,
    marker,
    retry: false,
  });
  const serverCpuPerLoop = (env.server.cpuMs() - cpu0) / Math.max(1, load.calls.signOut.ok);
  await Promise.all(tablets.map((t) => t.browser.close()));
  const verification = await verifyLoad(env.database, marker, load);
  const c = load.calls;
  log(
    `  sign-in ${c.signIn.ok} ok / ${c.signIn.errorCount} errors; rows ${verification.rows} vs acked ${verification.acked}`,
  );
  return {
    load,
    verification,
    serverOutputBytes: env.server.outputBytes - before,
    serverCpuPerLoop,
  };
}

// ---------------------------------------------------------------- ratios and the REST layer

export interface RatioRound {
  pgInsert: PgbenchResult;
  signInNoKey: Throughput;
  signInKey: Throughput;
  pgSelect: PgbenchResult;
  sheetApi: Throughput;
  sheetTrpc: Throughput;
  sheetBare: Throughput;
}

export interface RatioResult {
  rounds: RatioRound[];
  openVisitsOnSheet: number;
  concurrency: number;
  seconds: number;
}

/**
 * Side by side, in rounds: pgbench running the sign-in INSERT, the sign-in call (with and without
 * an Idempotency-Key), pgbench running the sheet SELECT, the sheet list via /api, /trpc and a bare
 * Fastify route with the same SQL. Same server, same concurrency, same minute.
 */
export async function ratioPhase(env: Env): Promise<RatioResult> {
  const site = await createSite(env.staff, 1, 2, "Ratio");
  const locationId = site.locationIds[0]!;
  const [signInProgram, sheetProgram] = site.programIds as [number, number];
  const signInTablet = await setUpTablet(env.staff, locationId);
  const sheetTablet = await setUpTablet(env.staff, locationId);
  const openVisits = 20;
  for (let i = 0; i < openVisits; i++) {
    await sheetTablet.json(
      "POST",
      "/api/visits",
      {
        json: {
          FirstName: `Open${i}`,
          LastName: "Sheet",
          PhoneNumber: String(4_155_550_100 + i),
          Temperature: "98.1",
          LocationId: locationId,
          ProgramId: sheetProgram,
        },
      },
      201,
    );
  }
  const bare = new Server({
    databaseUrl: env.databaseUrl,
    port: await freePort(),
    script: path.join(config.benchDirSrc, "bare-server.ts"),
    nodeArgs: ["--import", "tsx"],
    cwd: config.benchDirRoot,
  });
  await bare.start();

  const c = config.concurrency;
  const s = config.ratioSeconds;
  const signInFields = {
    FirstName: "Ratio",
    LastName: "SignIn",
    LocationId: locationId,
    ProgramId: signInProgram,
  };
  const tabletHeaders = (t: Browser, method: string) => ({
    ...t.headersFor(method),
    "content-type": "application/json",
  });
  const sheetQuery = `locationId=${locationId}&programId=${sheetProgram}`;
  // As the web app's tRPC client asks: batched, from today (one statement for a tablet, as on /api).
  const trpcInput = encodeURIComponent(
    JSON.stringify({
      0: {
        locationId,
        programId: sheetProgram,
        from: new Date().toISOString().slice(0, 10),
        timeZone: "UTC",
      },
    }),
  );
  // The tablet's id, for the audit row pgbench's sign-in writes as the server's does.
  const [signInTabletRow] = await query<{ id: number }>(
    env.database,
    "select id from tablets where token_hash = $1",
    [sheetTokenHash(signInTablet)],
  );
  const vars = () => ({
    ...pgbenchTabletVars(sheetTokenHash(signInTablet)),
    tab: signInTabletRow!.id,
    ln: "PgBench",
    tmp: "98.6",
    loc: locationId,
    prog: signInProgram,
    ...pgbenchPhoneVars(),
  });
  const rounds: RatioRound[] = [];
  try {
    for (let r = 1; r <= config.rounds; r++) {
      log(`ratios round ${r}/${config.rounds} (${c} connections, ${s} s each)`);
      const pgInsert = await pgbench(env.database, pgbenchSignIn, vars(), c, s, "signin");
      const signIn = (key: boolean) =>
        signInLoad({
          origin: env.server.origin,
          server: env.server,
          connections: c,
          seconds: s,
          headers: signInTablet.headersFor("POST"),
          fields: signInFields,
          key,
        });
      const signInKey = await signIn(true);
      const signInNoKey = await signIn(false);
      // Keep the sign-in sheet from growing round after round: those visitors leave.
      await query(
        env.database,
        "update visits set time_out = now() where location_id = $1 and program_id = $2 and time_out is null",
        [locationId, signInProgram],
      );
      const pgSelect = await pgbench(
        env.database,
        pgbenchSheet,
        {
          ...pgbenchTabletVars(sheetTokenHash(sheetTablet)),
          loc: locationId,
          prog: sheetProgram,
          lim: 500,
        },
        c,
        s,
        "sheet",
      );
      const sheetApi = await cannon({
        url: `${env.server.origin}/api/visits?${sheetQuery}`,
        server: env.server,
        connections: c,
        seconds: s,
        headers: tabletHeaders(sheetTablet, "GET"),
      });
      const sheetTrpc = await cannon({
        url: `${env.server.origin}/trpc/visits.list?batch=1&input=${trpcInput}`,
        server: env.server,
        connections: c,
        seconds: s,
        headers: tabletHeaders(sheetTablet, "GET"),
      });
      const sheetBare = await cannon({
        url: `${bare.origin}/bare/visits?${sheetQuery}`,
        server: bare,
        connections: c,
        seconds: s,
        headers: tabletHeaders(sheetTablet, "GET"),
      });
      rounds.push({ pgInsert, signInNoKey, signInKey, pgSelect, sheetApi, sheetTrpc, sheetBare });
      log(
        `  pgbench insert ${pgInsert.tps.toFixed(0)}/s, sign-in ${signInKey.rps.toFixed(0)}/s (key) ${signInNoKey.rps.toFixed(0)}/s (no key); ` +
          `pgbench select ${pgSelect.tps.toFixed(0)}/s, sheet /api ${sheetApi.rps.toFixed(0)}/s /trpc ${sheetTrpc.rps.toFixed(0)}/s bare ${sheetBare.rps.toFixed(0)}/s`,
      );
    }
  } finally {
    await bare.stop();
    await signInTablet.close();
    await sheetTablet.close();
  }
  await query(
    env.database,
    "update visits set time_out = now() where location_id = $1 and program_id = $2 and time_out is null",
    [locationId, signInProgram],
  );
  return { rounds, openVisitsOnSheet: openVisits, concurrency: c, seconds: s };
}

export function ratioMedians(result: RatioResult) {
  const m = (f: (r: RatioRound) => number) => median(result.rounds.map(f));
  return {
    pgInsert: m((r) => r.pgInsert.tps),
    pgSelect: m((r) => r.pgSelect.tps),
    signInKey: m((r) => r.signInKey.rps),
    signInNoKey: m((r) => r.signInNoKey.rps),
    sheetApi: m((r) => r.sheetApi.rps),
    sheetTrpc: m((r) => r.sheetTrpc.rps),
    sheetBare: m((r) => r.sheetBare.rps),
    signInKeyRatio: m((r) => r.signInKey.rps / r.pgInsert.tps),
    signInNoKeyRatio: m((r) => r.signInNoKey.rps / r.pgInsert.tps),
    sheetRatio: m((r) => r.sheetApi.rps / r.pgSelect.tps),
    apiVsTrpc: m((r) => r.sheetTrpc.rps / r.sheetApi.rps),
    cpuSignInKey: m((r) => r.signInKey.cpuMsPerRequest),
    cpuSignInNoKey: m((r) => r.signInNoKey.cpuMsPerRequest),
    cpuSheetApi: m((r) => r.sheetApi.cpuMsPerRequest),
    cpuSheetTrpc: m((r) => r.sheetTrpc.cpuMsPerRequest),
    cpuSheetBare: m((r) => r.sheetBare.cpuMsPerRequest),
    cpuApiVsTrpc: m((r) => r.sheetApi.cpuMsPerRequest / r.sheetTrpc.cpuMsPerRequest),
    apiVsBare: m((r) => r.sheetBare.rps / r.sheetApi.rps),
    trpcVsBare: m((r) => r.sheetBare.rps / r.sheetTrpc.rps),
  };
}

// ---------------------------------------------------------------- CPU profile of the sign-in load

export interface ProfileResult {
  rps: number;
  totalMs: number;
  topFunctions: { name: string; where: string; selfMs: number; share: number }[];
  byPackage: { name: string; selfMs: number; share: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native / V8)";
  if (url.startsWith("node:")) return "node core";
  const pnpm = url.match(/node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pnpm) return pnpm[1]!;
  const nm = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (nm) return nm[1]!;
  if (url.includes("apps/server/dist"))
    return "server bundle (apps/server, packages/api, packages/db)";
  return url.replace(/^file:\/\//, "");
}

/** The production server under --cpu-prof while autocannon signs visitors in (with keys). */
export async function profilePhase(env: Env, site: Site): Promise<ProfileResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vsi-bench-prof-"));
  const server = new Server({
    databaseUrl: env.databaseUrl,
    port: await freePort(),
    nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`],
  });
  await server.start();
  const staff = new Browser(server.origin);
  staff.bearer = env.staff.bearer;
  const locationId = site.locationIds[0]!;
  const programId = site.programIds[0]!;
  const tablet = await setUpTablet(staff, locationId);
  let rps = NaN;
  try {
    const fields = {
      FirstName: "Profile",
      LastName: "SignIn",
      LocationId: locationId,
      ProgramId: programId,
    };
    const t = await signInLoad({
      origin: server.origin,
      connections: config.concurrency,
      seconds: config.profileSeconds,
      headers: tablet.headersFor("POST"),
      fields,
      key: true,
    });
    rps = t.rps;
  } finally {
    await tablet.close();
    await staff.close();
    await server.stop();
    await query(
      env.database,
      "update visits set time_out = now() where last_name = 'SignIn' and time_out is null",
    );
  }
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no .cpuprofile");
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
  };
  const totalMs = (profile.endTime - profile.startTime) / 1000;
  const perSample = totalMs / Math.max(1, profile.samples.length);
  const fn = new Map<string, { name: string; where: string; selfMs: number }>();
  const pkg = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = (node.hitCount ?? 0) * perSample;
    if (!ms) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || "(anonymous)";
    const where = url
      ? `${url.replace(/^file:\/\//, "").replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "")}:${lineNumber + 1}`
      : "";
    const key = `${name}@${where}`;
    const entry = fn.get(key) ?? { name, where, selfMs: 0 };
    entry.selfMs += ms;
    fn.set(key, entry);
    const p = packageOf(url, name);
    pkg.set(p, (pkg.get(p) ?? 0) + ms);
  }
  const busy = totalMs - (pkg.get("(idle)") ?? 0);
  const topFunctions = [...fn.values()]
    .filter((f) => f.name !== "(idle)")
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, 15)
    .map((f) => ({ ...f, share: f.selfMs / busy }));
  const byPackage = [...pkg]
    .filter(([name]) => name !== "(idle)")
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / busy }));
  return { rps, totalMs, topFunctions, byPackage };
}

export type { Tablet };

// ---------------------------------------------------------------- A/B: this build against another

export interface CompareFigures {
  signInKey: number;
  sheet: number;
  signOut: number;
  loops: number;
  /** Server CPU ms per sign-in, per sheet list, per sign-out, per tablet loop (sign-in + sheet + sign-out). */
  signInCpu: number;
  sheetCpu: number;
  signOutCpu: number;
  loopCpu: number;
}

export interface CompareRound {
  order: string;
  a: CompareFigures;
  b: CompareFigures;
}

/** Open visits at the tablet's location written straight into the table, for sign-outs to end. */
async function openVisitIds(
  env: Env,
  locationId: number,
  programId: number,
  count: number,
): Promise<number[]> {
  const rows = await query<{ id: number }>(
    env.database,
    `insert into visits (first_name, last_name, phone_number, temperature, time_in, location_id, program_id, created_at, updated_at)
     select 'Out' || g, 'SignOut', (1000000000 + $3::bigint + g)::text, '98.6', now(), $1, $2, now(), now() from generate_series(1, $4::int) g returning id`,
    [locationId, programId, Number(nextPhone()) - 1_000_000_000, count],
  );
  for (let i = 0; i < count; i++) nextPhone();
  return rows.map((r) => r.id);
}

/**
 * BENCH_COMPARE_MAIN: a second server build (e.g. a worktree of an earlier commit), each build on a
 * database of its own made by its own migrations with the same site, measured in alternating order
 * in every round, so the machine's noise hits both alike.
 */
export async function comparePhase(
  a: { env: Env; site: Site },
  b: { env: Env; site: Site },
): Promise<CompareRound[]> {
  const measure = async ({ env, site }: { env: Env; site: Site }) => {
    const server = env.server;
    const origin = server.origin;
    const staff = new Browser(origin);
    staff.bearer = env.staff.bearer;
    const locationId = site.locationIds[0]!;
    const programId = site.programIds[0]!;
    const tablet = await setUpTablet(staff, locationId);
    const fields = {
      FirstName: "Compare",
      LastName: "SignIn",
      LocationId: locationId,
      ProgramId: programId,
    };
    const signIn = await signInLoad({
      origin,
      server,
      connections: config.concurrency,
      seconds: config.ratioSeconds,
      headers: tablet.headersFor("POST"),
      fields,
      key: true,
    });
    await query(
      env.database,
      "update visits set time_out = now() where last_name = 'SignIn' and time_out is null",
    );
    // The sheet lists its location and program's open visits: the same 25 on both builds, so the
    // figures compare the builds, not how many visits the earlier phases left open on each.
    await openSheet(env.database, locationId, programId);
    const sheet = await cannon({
      url: `${origin}/api/visits?locationId=${locationId}&programId=${programId}`,
      server,
      connections: config.concurrency,
      seconds: config.ratioSeconds,
      headers: tablet.headersFor("GET"),
    });
    // Sign-outs of open visits of another program (the sheet above stays as it was), each id once
    // while they last (a second sign-out of one visit is a 200 too, keeping the first time).
    const ids = await openVisitIds(env, locationId, site.programIds[1] ?? programId, 40_000);
    let next = 0;
    const signOut = await cannon({
      url: `${origin}/api/visits/0/sign-out`,
      server,
      connections: config.concurrency,
      seconds: config.ratioSeconds,
      requests: [
        {
          method: "PATCH",
          headers: tablet.headersFor("PATCH"),
          setupRequest: (req) => ({
            ...req,
            path: `/api/visits/${ids[next++ % ids.length]}/sign-out`,
          }),
        },
      ],
    });
    for (const [name, t] of [
      ["sign-in", signIn],
      ["sheet", sheet],
      ["sign-out", signOut],
    ] as const) {
      if (t.errors)
        log(
          `  ${server.options.script ?? "A"}: ${name} answered ${t.statuses} (${t.errors} not ok)`,
        );
    }
    const tablets: Tablet[] = [];
    for (let i = 0; i < 50; i++)
      tablets.push({
        index: i,
        browser: await setUpTablet(staff, site.locationIds[i % site.locationIds.length]!),
        locationId: site.locationIds[i % site.locationIds.length]!,
        programId:
          site.programIds[Math.floor(i / site.locationIds.length) % site.programIds.length]!,
      });
    const cpu0 = server.cpuMs();
    const load = await runTabletLoad(tablets, {
      seconds: config.ratioSeconds,
      marker: `Cmp${Date.now().toString(36)}`,
      retry: false,
    });
    const loopCpu = (server.cpuMs() - cpu0) / Math.max(1, load.calls.signOut.ok);
    await Promise.all([...tablets.map((t) => t.browser.close()), tablet.close(), staff.close()]);
    return {
      signInKey: signIn.rps,
      sheet: sheet.rps,
      signOut: signOut.rps,
      loops: load.calls.signOut.ok / load.seconds,
      signInCpu: signIn.cpuMsPerRequest,
      sheetCpu: sheet.cpuMsPerRequest,
      signOutCpu: signOut.cpuMsPerRequest,
      loopCpu,
    };
  };
  // Build B's server starts fresh while A's has run the phases before: a round of each first, not
  // counted, so neither is measured while V8 is still compiling its hot paths.
  log("compare: warm-up round of A and B (not counted)");
  await measure(a);
  await measure(b);
  const rounds: CompareRound[] = [];
  for (let r = 0; r < config.compareRounds * 2; r++) {
    const aFirst = r % 2 === 0;
    const first = await measure(aFirst ? a : b);
    const second = await measure(aFirst ? b : a);
    const round = {
      order: aFirst ? "A then B" : "B then A",
      a: aFirst ? first : second,
      b: aFirst ? second : first,
    };
    rounds.push(round);
    const f = (x: CompareFigures) =>
      `sign-in ${x.signInKey.toFixed(0)}/s ${x.signInCpu.toFixed(2)} ms CPU, sheet ${x.sheet.toFixed(0)}/s ${x.sheetCpu.toFixed(2)} ms, sign-out ${x.signOut.toFixed(0)}/s ${x.signOutCpu.toFixed(2)} ms, loops ${x.loops.toFixed(0)}/s ${x.loopCpu.toFixed(2)} ms`;
    log(`compare ${r + 1}: A ${f(round.a)} | B ${f(round.b)}`);
  }
  return rounds;
}
