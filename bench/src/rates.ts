import { randomUUID } from "node:crypto";
import autocannon, { type Options } from "autocannon";
import type { Build } from "./build.ts";
import { tabletAt } from "./client.ts";
import { config } from "./config.ts";
import { walEnd, walSince, withDb } from "./pg.ts";
import { signInBody } from "./tablets.ts";
import { assertLoopback } from "./util.ts";

export type Rate = Awaited<ReturnType<typeof cannon>>;

/** autocannon: `connections` keep-alive connections, one request at a time each. */
export async function cannon(url: string, seconds: number, ok: number, options: Partial<Options>) {
  const result = await autocannon({
    url: assertLoopback(url),
    connections: config.connections,
    duration: seconds,
    timeout: 15,
    ...options,
  });
  const good = result.statusCodeStats[String(ok)]?.count ?? 0;
  const answered = Object.values(result.statusCodeStats).reduce((sum, s) => sum + s.count, 0);
  return {
    /** Answers with the expected status per second. */
    perSecond: good / result.duration,
    /** Answers with the expected status. */
    good,
    p50: result.latency.p50,
    p99: result.latency.p99,
    /** Requests answered otherwise, failed or timed out. */
    errors: answered - good + result.errors + result.timeouts,
  };
}

const sheetSize = 25;

/** Two tablets of the build's first location: one signs visitors in, one reads a sheet of 25. */
export async function prepareRates({ staff, site }: Build) {
  const [location, [signInProgram, sheetProgram]] = [site.locationIds[0]!, site.programIds];
  const signIn = await tabletAt(staff, location, signInProgram!, site.answers);
  const sheet = await tabletAt(staff, location, sheetProgram!, site.answers);
  for (let i = 0; i < sheetSize; i++) {
    const json = signInBody(sheet, `Sheet${i}`, "Rates");
    await sheet.browser.json("POST", "/api/visits", 201, { json });
  }
  await Promise.all([signIn.browser.close(), sheet.browser.close()]);
  return { signIn, sheet };
}

/**
 * Sign-ins (each a new visitor, with an Idempotency-Key as the kiosk sends), then the sheet list.
 * The write-ahead log PostgreSQL wrote during the sign-ins, per sign-in acknowledged: what each
 * makes the database write (the whole cluster's log, so nothing else should run on it meanwhile).
 */
export async function measureRates(
  build: Build,
  tablets: Awaited<ReturnType<typeof prepareRates>>,
) {
  const { signIn, sheet } = tablets;
  const seconds = config.rateSeconds;
  const headers = signIn.browser.headersFor("POST", { "content-type": "application/json" });
  const walStart = await walEnd(build.database);
  const signInRate = await cannon(`${build.server.origin}/api/visits`, seconds, 201, {
    requests: [
      {
        method: "POST",
        headers,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, "idempotency-key": randomUUID() },
          body: JSON.stringify(signInBody(signIn, "Rate", "SignIn")),
        }),
      },
    ],
  });
  const walBytesPerSignIn = (await walSince(build.database, walStart)) / signInRate.good;
  // Those visitors leave, so the next round's sheet is as short as this one's.
  await withDb(build.database, (db) =>
    db
      .updateTable("visits")
      .set({ time_out: new Date() })
      .where("last_name", "=", "SignIn")
      .where("time_out", "is", null)
      .execute(),
  );
  const list = `/api/visits?locationId=${sheet.locationId}&programId=${sheet.programId}`;
  const sheetList = await cannon(`${build.server.origin}${list}`, seconds, 200, {
    headers: sheet.browser.headersFor("GET"),
  });
  return { signIn: signInRate, sheetList, walBytesPerSignIn };
}
