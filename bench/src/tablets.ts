import { performance } from "node:perf_hooks";
import type { VisitCreateInput } from "@vsi/api/schemas";
import type { Build } from "./build.ts";
import { setUpTablets, type SiteAnswers, type Tablet, type TabletPlace } from "./client.ts";
import { sql } from "kysely";
import { withDb } from "./pg.ts";
import { nextPhone, percentiles, sleep } from "./util.ts";

export const calls = ["signIn", "list", "signOut"] as const;
type Call = (typeof calls)[number];

type SignIn = Pick<
  VisitCreateInput,
  "FirstName" | "LastName" | "PhoneNumber" | "Temperature" | "LocationId" | "ProgramId" | "Answers"
>;

/** A sign-in as the kiosk sends it, on a sheet; the names let the database check find it. */
export const signInBody = (
  sheet: { locationId: number; programId: number; answers: SiteAnswers },
  first: string,
  last: string,
): SignIn => ({
  FirstName: first,
  LastName: last,
  PhoneNumber: nextPhone(),
  Temperature: "98.6",
  LocationId: sheet.locationId,
  ProgramId: sheet.programId,
  // Left out on a build that asks nothing, as a client of that version sends it.
  ...(Object.keys(sheet.answers).length ? { Answers: sheet.answers } : {}),
});

export interface LoadOptions {
  seconds: number;
  /** Every visit of the run carries it as its LastName. */
  marker: string;
  /** Retry a failed call with the same Idempotency-Key, as the kiosk's queue does. */
  retry: boolean;
  /** A fault, this many seconds in. */
  at?: { seconds: number; run: () => Promise<void> };
  /**
   * What a sign-in sends (default: signInBody, a new visitor); its FirstName must be `key` and its
   * LastName the marker, which the read-back finds it by.
   */
  body?: (tablet: Tablet, key: string) => object;
  /** A tablet's pause after each loop, as a site's visitors come (default: none, flat out). */
  pauseMs?: number;
  /** Called as each sign-in is first sent (live deliveries are timed from it). */
  onSend?: (key: string) => void;
}

export type LoadResult = Awaited<ReturnType<typeof runTablets>>;

/** `count` tablets of the build's site, set up for this load and closed after it. */
export async function tabletLoad(
  build: Build,
  count: number,
  options: LoadOptions,
  placeOf?: (index: number) => TabletPlace,
) {
  const tablets = await setUpTablets(build.staff, build.site, count, placeOf);
  try {
    return await runTablets(build.database, tablets, options);
  } finally {
    await Promise.all(tablets.map((t) => t.browser.close()));
  }
}

/**
 * Not counted: a short load on each process that compiles its hot paths (a process started cold
 * spends its first seconds compiling them, under the load it is measured by), then the statistics
 * autovacuum keeps on a site's database. Without them every connection keeps the plans it made of
 * a table still nearly empty (a foreign key's check by sequential scan), and slows as the run
 * fills it, by as much as autovacuum's next round happens to leave it. Returns how many visits
 * it wrote, each a sign-in like the load's (a webhook's receiver gets them too).
 */
export async function warmUp(
  build: Build,
  origins: string[] = [build.server.origin],
): Promise<number> {
  let visits = 0;
  for (const origin of origins) {
    const marker = `Warm${new URL(origin).port}`;
    const warm = await tabletLoad(build, 20, { seconds: 3, marker, retry: false }, () => ({
      origin,
    }));
    visits += warm.check.rows;
  }
  await withDb(build.database, (db) => sql`analyze`.execute(db));
  return visits;
}

const maxAttempts = 80;
const retryPauseMs = 250;

/**
 * Each tablet loops sign-in → its sheet → sign-out on its own connection for `seconds`, then the
 * database is read back: one visit per acknowledged sign-in, each acknowledged sign-out timed.
 */
export async function runTablets(database: string, tablets: Tablet[], options: LoadOptions) {
  const times: Record<Call, number[]> = { signIn: [], list: [], signOut: [] };
  const errors: Record<string, number> = {};
  const signedIn = new Map<number, string>();
  const signedOut: number[] = [];
  let [gaveUp, missingOwn] = [0, 0];
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  // A retried call begun before the deadline may go on a little, still bounded.
  const retryDeadline = deadline + 30_000;
  const fault = options.at && sleep(options.at.seconds * 1000).then(options.at.run);
  fault?.catch(() => {}); // awaited once the tablets are done

  async function call(tablet: Tablet, name: Call, method: string, path: string, key?: string) {
    const [json, headers] = key
      ? [
          options.body?.(tablet, key) ?? signInBody(tablet, key, options.marker),
          { "idempotency-key": key },
        ]
      : [];
    if (key) options.onSend?.(key);
    for (let attempt = 1; attempt <= (options.retry ? maxAttempts : 1); attempt++) {
      const t0 = performance.now();
      const reply = await tablet.browser
        .request(method, path, { json, headers })
        .catch((error: { code?: string; message?: string }) => error.code ?? error.message ?? "?");
      if (typeof reply !== "string" && reply.status < 300) {
        times[name].push(performance.now() - t0);
        return reply.text;
      }
      const kind = `${name} ${typeof reply === "string" ? reply : `HTTP ${reply.status}`}`;
      errors[kind] = (errors[kind] ?? 0) + 1;
      if (!options.retry || performance.now() > retryDeadline) break;
      if (typeof reply === "string") await tablet.browser.reset();
      await sleep(retryPauseMs);
    }
  }

  async function loop(tablet: Tablet) {
    const sheet = `/api/visits?locationId=${tablet.locationId}&programId=${tablet.programId}`;
    const pause = options.pauseMs ?? 0;
    // Paced tablets start spread over one pause, as a site's do.
    if (pause) await sleep(Math.random() * pause);
    for (let seq = 0; performance.now() < deadline; seq++) {
      if (seq && pause) await sleep(pause * (0.5 + Math.random()));
      if (performance.now() >= deadline) break;
      const key = `${options.marker}-${tablet.index}-${seq}`;
      const created = await call(tablet, "signIn", "POST", "/api/visits", key);
      if (!created) {
        if (options.retry) gaveUp++;
        continue;
      }
      const id = (JSON.parse(created) as { id: number }).id;
      signedIn.set(id, key);
      const list = await call(tablet, "list", "GET", sheet);
      if (list && !(JSON.parse(list) as { id: number }[]).some((v) => v.id === id)) missingOwn++;
      if (await call(tablet, "signOut", "PATCH", `/api/visits/${id}/sign-out`)) signedOut.push(id);
    }
  }

  await Promise.all(tablets.map(loop));
  await fault;
  const seconds = (performance.now() - start) / 1000;
  return {
    tablets: tablets.length,
    seconds,
    /** Per call, of the answers that succeeded. */
    latency: {
      signIn: percentiles(times.signIn),
      list: percentiles(times.list),
      signOut: percentiles(times.signOut),
    },
    loopsPerSecond: signedOut.length / seconds,
    /** Failed attempts by call and kind. */
    errors,
    /** Sign-ins abandoned after the retry limit, never acknowledged. */
    gaveUp,
    /** Sheet lists that did not show the visit their tablet had just signed in. */
    sheetMissingOwnVisit: missingOwn,
    check: await check(database, options.marker, signedIn, signedOut),
  };
}

async function check(
  database: string,
  marker: string,
  signedIn: Map<number, string>,
  signedOut: number[],
) {
  const rows = await withDb(database, (db) =>
    db
      .selectFrom("visits")
      .select(["id", "first_name", "time_out"])
      .where("last_name", "=", marker)
      .execute(),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const perKey = new Map<string, number>();
  for (const row of rows) perKey.set(row.first_name, (perKey.get(row.first_name) ?? 0) + 1);
  return {
    acknowledged: signedIn.size,
    rows: rows.length,
    /** Acknowledged sign-ins missing from the table. */
    lost: [...signedIn].filter(([id, key]) => byId.get(id)?.first_name !== key).length,
    /** Idempotency-Keys written as more than one visit. */
    doubled: [...perKey.values()].filter((n) => n > 1).length,
    /** Rows whose sign-in was never acknowledged (the tablet saw only errors). */
    unacknowledged: rows.filter((row) => !signedIn.has(row.id)).length,
    /** Acknowledged sign-outs whose visit has no TimeOut. */
    signOutsLost: signedOut.filter((id) => !byId.get(id)?.time_out).length,
  };
}
