import { sql, type Kysely } from "kysely";
import { prepared, type Database, type Executor } from "@vsi/db";
import { notFound } from "../kernel/errors.ts";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import type { TabletOutput } from "./schema.ts";
import { auditColumns, auditValues, recordAudit, type AuditActor } from "../kernel/audit.ts";
import { generateToken, hashToken, lastUseDue, lastUseDueBefore } from "../kernel/tokens.ts";

/** A new tablet for the location, and its audit row (same statement); returns its sheet token, the table keeps its hash. */
export async function createTablet(
  db: Executor,
  locationId: number,
  createdByUserId: number,
  now: Date,
): Promise<string> {
  const token = generateToken();
  const actor: AuditActor = { kind: "user", userId: createdByUserId };
  await db
    .with("created", (qc) =>
      qc
        .insertInto("tablets")
        .values({
          location_id: locationId,
          token_hash: hashToken(token),
          created_by_user_id: createdByUserId,
          created_at: now,
        })
        .returning(["id", "location_id"]),
    )
    .insertInto("audit_log")
    .columns(auditColumns)
    .expression((eb) =>
      eb
        .selectFrom("created")
        .select([
          ...auditValues(actor, "tablet.setup", "tablet", {}, now),
          "created.id as subject_id",
          "created.location_id",
        ]),
    )
    .execute();
  return token;
}

/** What a statement that checks a tablet binds: its token's hash (none for staff) and the time. */
export interface TabletCheckValues {
  tokenHash: string | null;
  now: Date;
  noteSeenBefore: Date;
}

export const tabletCheckValues = (tokenHash: string | null, now: Date): TabletCheckValues => ({
  tokenHash,
  now,
  noteSeenBefore: lastUseDueBefore(now),
});

/**
 * The one check of a tablet, as the start of a statement: `tablet` is the live tablet (not
 * disconnected, its location not archived) a sheet token belongs to, no row for any other token
 * (or none); `seen` notes when it was last seen (see lastUseNotedEveryMs). A tablet's own calls
 * build their work on it, so the check and the work are one statement; findLiveTablet runs it
 * alone. No cache of who a tablet is: a disconnection counts from the tablet's next call.
 */
export function withLiveTablet(db: Kysely<Database>, values: TabletCheckValues) {
  return db
    .with("tablet", (db) =>
      db
        .selectFrom("tablets")
        .innerJoin("locations", "locations.id", "tablets.location_id")
        .select(["tablets.id", "tablets.location_id", "tablets.last_seen_at"])
        .where("tablets.token_hash", "=", sql<string>`${values.tokenHash}::text`)
        .where("tablets.revoked_at", "is", null)
        .where("locations.archived_at", "is", null),
    )
    .with("seen", (db) =>
      db
        .updateTable("tablets")
        .from("tablet")
        .set({ last_seen_at: values.now })
        .whereRef("tablets.id", "=", "tablet.id")
        .where((eb) => lastUseDue(eb.ref("tablet.last_seen_at"), values.noteSeenBefore))
        .returning("tablets.id"),
    );
}

/** The live tablet a sheet token's hash belongs to, in one prepared statement. */
export async function findLiveTablet(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<{ tabletId: number; locationId: number } | undefined> {
  const [tablet] = await liveTablet(db, tabletCheckValues(tokenHash, now));
  return tablet;
}

const liveTablet = prepared((db, values: TabletCheckValues) =>
  withLiveTablet(db, values)
    .selectFrom("tablet")
    .select(["tablet.id as tabletId", "tablet.location_id as locationId"]),
);

function selectTablets(db: Executor) {
  return db
    .selectFrom("tablets")
    .leftJoin("users", "users.id", "tablets.created_by_user_id")
    .select([
      "tablets.id",
      "tablets.location_id",
      "tablets.created_at",
      "tablets.last_seen_at",
      "tablets.revoked_at",
      "users.id as user_id",
      "users.first_name",
      "users.last_name",
    ]);
}

type TabletRow = Awaited<ReturnType<ReturnType<typeof selectTablets>["executeTakeFirstOrThrow"]>>;

function toTablet(row: TabletRow): TabletOutput {
  return {
    id: row.id,
    locationId: row.location_id,
    createdAt: iso(row.created_at),
    createdBy:
      row.user_id === null
        ? null
        : { id: row.user_id, firstName: row.first_name ?? "", lastName: row.last_name ?? "" },
    lastSeenAt: isoOrNull(row.last_seen_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

/** Every tablet ever set up at the location, revoked ones included, newest first. */
export async function listTablets(
  db: Kysely<Database>,
  locationId: number,
): Promise<TabletOutput[]> {
  const rows = await selectTablets(db)
    .where("tablets.location_id", "=", locationId)
    .orderBy("tablets.created_at", "desc")
    .orderBy("tablets.id", "desc")
    .execute();
  return rows.map(toTablet);
}

/** Revokes a tablet, and records who did; revoking it again keeps the first time and records nothing. */
export async function revokeTablet(
  db: Kysely<Database>,
  tabletId: number,
  now: Date,
  actor: AuditActor,
  /** The caller's locations when they hold only some: another's tablet is not found. */
  held: readonly number[] | undefined,
): Promise<TabletOutput> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("tablets")
      .select(["location_id", "revoked_at"])
      .where("id", "=", tabletId)
      .forUpdate()
      .executeTakeFirst();
    if (!before || (held && !held.includes(before.location_id))) throw notFound("Tablet");
    if (before.revoked_at === null) {
      await trx
        .updateTable("tablets")
        .set({ revoked_at: now })
        .where("id", "=", tabletId)
        .execute();
      await recordAudit(
        trx,
        actor,
        {
          action: "tablet.disconnect",
          subjectType: "tablet",
          subjectId: tabletId,
          locationId: before.location_id,
        },
        now,
      );
    }
    return toTablet(
      await selectTablets(trx).where("tablets.id", "=", tabletId).executeTakeFirstOrThrow(),
    );
  });
}
