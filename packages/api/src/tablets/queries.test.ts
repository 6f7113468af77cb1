import type { Db } from "@vsi/db";
import { eachMigratedDatabase } from "@vsi/db/testing";
import { describe, expect, it } from "vitest";
import { hashToken } from "../kernel/tokens.ts";
import { findLiveTablet } from "./queries.ts";

/** Who a tablet is, as every tablet call's statement asks it, on each kind of database. */

const databases = eachMigratedDatabase();

const start = new Date("2026-03-02T15:00:00Z");
const later = (ms: number) => new Date(start.getTime() + ms);

/** A location with one tablet; the tablet's token hash and how to read its row. */
async function tabletAtLocation(db: Db) {
  const kysely = db.kysely;
  const location = await kysely
    .insertInto("locations")
    .values({
      name: "Main",
      address: "1 Main St",
      auto_sign_out_time: null,
      max_stay_minutes: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const tokenHash = hashToken("a tablet's sheet token");
  const tablet = await kysely
    .insertInto("tablets")
    .values({ location_id: location.id, token_hash: tokenHash, created_by_user_id: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lastSeen = async () =>
    (
      await kysely
        .selectFrom("tablets")
        .select("last_seen_at")
        .where("id", "=", tablet.id)
        .executeTakeFirstOrThrow()
    ).last_seen_at;
  return { kysely, location, tablet, tokenHash, lastSeen };
}

describe.each(Object.keys(databases))("findLiveTablet, on %s", (kind) => {
  it("finds the tablet of a token and its location, and no tablet for another token", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, location, tablet, tokenHash } = await tabletAtLocation(db);
    expect(await findLiveTablet(kysely, tokenHash, start)).toEqual({
      tabletId: tablet.id,
      locationId: location.id,
    });
    expect(await findLiveTablet(kysely, hashToken("another token"), start)).toBeUndefined();
  });

  it("notes when the tablet was last seen, at most once a minute", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, tokenHash, lastSeen } = await tabletAtLocation(db);
    expect(await lastSeen()).toBeNull();
    await findLiveTablet(kysely, tokenHash, start);
    expect(await lastSeen()).toEqual(start);
    await findLiveTablet(kysely, tokenHash, later(30_000));
    expect(await lastSeen()).toEqual(start);
    await findLiveTablet(kysely, tokenHash, later(61_000));
    expect(await lastSeen()).toEqual(later(61_000));
  });

  it("finds no tablet once it is disconnected, or once its location is archived", async (ctx) => {
    const db = await databases[kind]!();
    if (!db) return ctx.skip();
    const { kysely, location, tablet, tokenHash } = await tabletAtLocation(db);
    await kysely
      .updateTable("locations")
      .set({ archived_at: start })
      .where("id", "=", location.id)
      .execute();
    expect(await findLiveTablet(kysely, tokenHash, start)).toBeUndefined();
    await kysely
      .updateTable("locations")
      .set({ archived_at: null })
      .where("id", "=", location.id)
      .execute();
    expect(await findLiveTablet(kysely, tokenHash, start)).toBeDefined();
    await kysely
      .updateTable("tablets")
      .set({ revoked_at: start })
      .where("id", "=", tablet.id)
      .execute();
    expect(await findLiveTablet(kysely, tokenHash, start)).toBeUndefined();
  });
});
