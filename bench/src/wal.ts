import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Build } from "./build.ts";
import { tabletAt } from "./client.ts";
import { walBytesWritten, withDb } from "./pg.ts";
import { signInBody } from "./tablets.ts";

/** Sign-ins measured, the first ones after the checkpoint before them, and the tablets sending them. */
const signIns = 1000;
const afterCheckpoint = 100;
const tablets = 10;

export type WalResult = Awaited<ReturnType<typeof walPerSignIn>>;

/**
 * The write-ahead log one sign-in makes PostgreSQL write, at the walk-in sheet, which asks nothing
 * (an Idempotency-Key each, as the kiosk sends; no webhook endpoint, no alert subscriber), by 10
 * tablets. A CHECKPOINT first, as a server makes every few minutes: the first 100 sign-ins after
 * it log whole each page they are the first to change (full-page images), and are reported apart;
 * the 1,000 after them write what each sign-in writes until the next checkpoint, the figure judged.
 * Read from pg_stat_wal before and after (wal_bytes, as reported by every connection): the whole
 * cluster's log, so nothing else runs meanwhile.
 */
export async function walPerSignIn(build: Build) {
  const { staff, site } = build;
  const sheet = await Promise.all(
    Array.from({ length: tablets }, (_, i) =>
      tabletAt(staff, site.locationIds[0]!, site.walkInProgramId, {}, i),
    ),
  );
  let errors = 0;
  /** `count` sign-ins spread over the tablets, and the log they wrote. */
  async function load(count: number) {
    const start = await walBytesWritten(build.database);
    let [sent, written] = [0, 0];
    await Promise.all(
      sheet.map(async (tablet) => {
        for (; sent < count; sent++) {
          const reply = await tablet.browser.request("POST", "/api/visits", {
            json: signInBody(tablet, "Grace", "Hopper"),
            headers: { "idempotency-key": randomUUID() },
          });
          if (reply.status === 201) written++;
          else errors++;
        }
      }),
    );
    const bytes = (await walBytesWritten(build.database)) - start;
    return { signIns: written, walBytes: bytes, walBytesPerSignIn: bytes / written };
  }
  try {
    await withDb(build.database, (db) => sql`checkpoint`.execute(db));
    const first = await load(afterCheckpoint);
    const steady = await load(signIns);
    // Those visitors leave, so that the next round starts from the same sheet.
    await withDb(build.database, (db) =>
      db
        .updateTable("visits")
        .set({ time_out: new Date() })
        .where("program_id", "=", site.walkInProgramId)
        .where("time_out", "is", null)
        .execute(),
    );
    return { ...steady, errors, afterCheckpoint: first };
  } finally {
    await Promise.all(sheet.map((tablet) => tablet.browser.close()));
  }
}
