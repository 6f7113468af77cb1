import { performance } from "node:perf_hooks";
import type { Browser, Reply } from "./client.ts";
import { query } from "./pg.ts";
import { nextPhone, Samples, sleep } from "./util.ts";

export interface Tablet {
  index: number;
  browser: Browser;
  locationId: number;
  programId: number;
}

export type CallName = "signIn" | "list" | "signOut";

export class CallStats {
  readonly latency = new Samples();
  ok = 0;
  readonly errors = new Map<string, number>();
  error(kind: string) {
    this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
  }
  get errorCount() {
    let n = 0;
    for (const v of this.errors.values()) n += v;
    return n;
  }
  errorText() {
    return [...this.errors].map(([k, v]) => `${k}×${v}`).join(", ") || "none";
  }
}

export interface LoadResult {
  tablets: number;
  seconds: number;
  calls: Record<CallName, CallStats>;
  /** Sign-ins answered 201: the visit id and the idempotency key sent. */
  ackedSignIns: { id: number; key: string }[];
  ackedSignOuts: number[];
  /** Sign-ins sent (keys), acknowledged or not. */
  keysSent: number;
  /** Lists that did not show the visit just signed in. */
  listMissingOwn: number;
  /** Logical steps abandoned after the retry limit. */
  gaveUp: number;
}

export interface LoadOptions {
  seconds: number;
  marker: string;
  /** Retry a failed step with the same Idempotency-Key, as the web app does on flaky Wi-Fi. */
  retry: boolean;
  /** Called about every 100 ms with the seconds elapsed (fault injection hooks). */
  onTick?: (elapsed: number) => void;
}

const MAX_ITERATIONS_PER_TABLET = 1_000_000;
const MAX_ATTEMPTS = 80;
const RETRY_PAUSE_MS = 250;

function kindOf(reply: Reply | undefined, error: unknown): string {
  if (reply) return `HTTP ${reply.status}`;
  const e = error as { code?: string; message?: string };
  return e.code ?? e.message?.slice(0, 40) ?? "error";
}

/**
 * Each tablet loops sign-in -> its sheet -> sign-out on its own connection, with its own cookies,
 * for `seconds`. Every step is bounded: the deadline, an iteration cap, and (when retrying) an
 * attempt cap with a pause between attempts.
 */
export async function runTabletLoad(tablets: Tablet[], options: LoadOptions): Promise<LoadResult> {
  const calls: Record<CallName, CallStats> = {
    signIn: new CallStats(),
    list: new CallStats(),
    signOut: new CallStats(),
  };
  const result: LoadResult = {
    tablets: tablets.length,
    seconds: options.seconds,
    calls,
    ackedSignIns: [],
    ackedSignOuts: [],
    keysSent: 0,
    listMissingOwn: 0,
    gaveUp: 0,
  };
  const start = performance.now();
  const deadline = start + options.seconds * 1000;
  // Retries of a step begun before the deadline may continue a little, still bounded.
  const hardDeadline = deadline + 30_000;

  const ticker = options.onTick
    ? setInterval(() => options.onTick!((performance.now() - start) / 1000), 100)
    : undefined;

  async function step(
    tablet: Tablet,
    name: CallName,
    send: () => Promise<Reply>,
    okStatus: number,
  ): Promise<Reply | undefined> {
    for (let attempt = 1; attempt <= (options.retry ? MAX_ATTEMPTS : 1); attempt++) {
      const t0 = performance.now();
      let reply: Reply | undefined;
      let failure: unknown;
      try {
        reply = await send();
      } catch (error) {
        failure = error;
      }
      const ms = performance.now() - t0;
      if (reply && reply.status === okStatus) {
        calls[name].latency.add(ms);
        calls[name].ok++;
        return reply;
      }
      calls[name].error(kindOf(reply, failure));
      if (!options.retry || performance.now() > hardDeadline) break;
      if (!reply) await tablet.browser.reset();
      await sleep(RETRY_PAUSE_MS);
    }
    if (options.retry) result.gaveUp++;
    return undefined;
  }

  async function loop(tablet: Tablet) {
    for (let seq = 0; seq < MAX_ITERATIONS_PER_TABLET && performance.now() < deadline; seq++) {
      const key = `K${tablet.index}x${seq}`;
      // A phone per sign-in (its retries keep it): a sign-out that failed leaves that visit open.
      const phone = nextPhone();
      result.keysSent++;
      const body = {
        FirstName: key,
        LastName: options.marker,
        PhoneNumber: phone,
        Temperature: "98.6",
        LocationId: tablet.locationId,
        ProgramId: tablet.programId,
      };
      const created = await step(
        tablet,
        "signIn",
        () =>
          tablet.browser.request("POST", "/api/visits", {
            json: body,
            headers: { "idempotency-key": key },
          }),
        201,
      );
      if (!created) continue;
      const visitId = (JSON.parse(created.text) as { id: number }).id;
      result.ackedSignIns.push({ id: visitId, key });

      const list = await step(
        tablet,
        "list",
        () =>
          tablet.browser.request(
            "GET",
            `/api/visits?locationId=${tablet.locationId}&programId=${tablet.programId}`,
          ),
        200,
      );
      if (list && !(JSON.parse(list.text) as { id: number }[]).some((v) => v.id === visitId))
        result.listMissingOwn++;

      const out = await step(
        tablet,
        "signOut",
        () => tablet.browser.request("PATCH", `/api/visits/${visitId}/sign-out`),
        200,
      );
      if (out) result.ackedSignOuts.push(visitId);
    }
  }

  try {
    await Promise.all(tablets.map((t) => loop(t)));
  } finally {
    if (ticker) clearInterval(ticker);
  }
  result.seconds = (performance.now() - start) / 1000;
  return result;
}

export interface Verification {
  rows: number;
  acked: number;
  /** Acknowledged sign-ins missing from the table. */
  missing: number;
  /** Keys written more than once (a retried sign-in created a second visit). */
  duplicateKeys: number;
  /** Rows written whose sign-in was never acknowledged (the client saw an error). */
  unacknowledgedRows: number;
  signOutsAcked: number;
  /** Acknowledged sign-outs whose visit has no TimeOut. */
  signOutsWithoutTime: number;
}

/** The database after the load: one visit per acknowledged sign-in, each acknowledged sign-out timed. */
export async function verifyLoad(
  database: string,
  marker: string,
  result: LoadResult,
): Promise<Verification> {
  const rows = await query<{ id: number; first_name: string; time_out: Date | null }>(
    database,
    "select id, first_name, time_out from visits where last_name = $1",
    [marker],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const perKey = new Map<string, number>();
  for (const r of rows) perKey.set(r.first_name, (perKey.get(r.first_name) ?? 0) + 1);
  const ackedIds = new Set(result.ackedSignIns.map((a) => a.id));
  return {
    rows: rows.length,
    acked: result.ackedSignIns.length,
    missing: result.ackedSignIns.filter((a) => byId.get(a.id)?.first_name !== a.key).length,
    duplicateKeys: [...perKey.values()].filter((n) => n > 1).length,
    unacknowledgedRows: rows.filter((r) => !ackedIds.has(r.id)).length,
    signOutsAcked: result.ackedSignOuts.length,
    signOutsWithoutTime: result.ackedSignOuts.filter((id) => !byId.get(id)?.time_out).length,
  };
}
