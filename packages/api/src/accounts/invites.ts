import type { Database, Executor, Invite } from "@vsi/db";
import type { Language } from "@vsi/i18n/languages";
import { sql, type Kysely } from "kysely";
import { forbidden, notFound } from "../kernel/errors.ts";
import type { InviteCreateInput } from "./invites-schema.ts";
import { auditColumns, auditValues } from "../kernel/audit.ts";
import { assertEmailFree, insertUser, type NewUserFields } from "./users.ts";
import { grantInvitedAccess } from "./user-access.ts";
import type { LocationRoleRow } from "./location-roles.ts";
import { say, accountMessages } from "../kernel/messages.ts";
import { anyOf } from "../kernel/any-of.ts";

export const inviteAcceptedMessage = say(accountMessages.inviteAccepted);
export const inviteRevokedMessage = say(accountMessages.inviteRevoked);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The invite, or a 404. Writers lock its row until their transaction ends, so an acceptance, a
 * resend and a revocation of one invite happen one after the other, each seeing the previous one.
 */
export async function findInvite(db: Executor, id: string, { lock = false } = {}): Promise<Invite> {
  // The uuid column would reject a malformed id with an SQL error; it names no invite either way.
  if (!uuidPattern.test(id)) throw notFound("Invite");
  const invite = await db
    .selectFrom("invites")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!invite) throw notFound("Invite");
  return invite;
}

function assertPending(invite: Invite) {
  if (invite.accepted_at) throw forbidden(inviteAcceptedMessage);
  if (invite.revoked_at) throw forbidden(inviteRevokedMessage);
}

/** Invites neither accepted nor revoked, the last sent first; with `of`, those naming one of these locations. */
export async function listPendingInvites(
  db: Executor,
  of: readonly number[] | undefined,
): Promise<Invite[]> {
  return db
    .selectFrom("invites")
    .selectAll()
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .$if(of !== undefined, (qb) =>
      qb.where(
        sql<boolean>`exists (select 1 from jsonb_array_elements(invites.access) entry
          where (entry->>'locationId')::int = ${anyOf(of!)})`,
      ),
    )
    .orderBy("updated_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

/**
 * Creates an invite and its audit row (same statement). The invitee's email is in the record: staff,
 * not a visitor, and the invite's id (a uuid) does not fit the log's subject_id.
 */
export async function createInvite(
  db: Executor,
  fields: Omit<InviteCreateInput, "access"> & {
    language: Language | null;
    /** null: staff of every location. */
    access: LocationRoleRow[] | null;
  },
  createdByUserId: number,
  now: Date,
): Promise<Invite> {
  await assertEmailFree(db, fields.email);
  return db
    .with("created", (qc) =>
      qc
        .insertInto("invites")
        .values({
          first_name: fields.firstName,
          last_name: fields.lastName,
          email: fields.email,
          message: fields.message,
          language: fields.language,
          access: fields.access === null ? null : JSON.stringify(fields.access),
          created_by_user_id: createdByUserId,
          created_at: now,
          updated_at: now,
        })
        .returningAll(),
    )
    .with("audit", (qc) =>
      qc
        .insertInto("audit_log")
        .columns(auditColumns)
        .expression(
          qc
            .selectFrom("created")
            .select([
              ...auditValues(
                { kind: "user", userId: createdByUserId },
                "user.invite",
                "invite",
                { email: fields.email },
                now,
              ),
              sql<number | null>`null::int`.as("subject_id"),
              sql<number | null>`null::int`.as("location_id"),
            ]),
        ),
    )
    .selectFrom("created")
    .selectAll()
    .executeTakeFirstOrThrow();
}

/** Creates the invitee's account and marks the invite accepted, once; returns the new user's id. */
export async function acceptInvite(
  db: Kysely<Database>,
  id: string,
  fields: Omit<NewUserFields, "isAdmin">,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const invite = await findInvite(trx, id, { lock: true });
    assertPending(invite);
    // The invitee reads on in the language their invite was written in.
    const newUserId = await insertUser(trx, { ...fields, language: invite.language });
    await grantInvitedAccess(trx, newUserId, invite.access, now);
    // updated_at stays: it is when the invite was last sent ("Invited on").
    await trx
      .updateTable("invites")
      .set({ accepted_at: now, accepted_by_user_id: newUserId })
      .where("id", "=", invite.id)
      .execute();
    return newUserId;
  });
}

/** A pending invite, marked as sent again now. */
export async function touchPendingInvite(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<Invite> {
  return db.transaction().execute(async (trx) => {
    assertPending(await findInvite(trx, id, { lock: true }));
    return trx
      .updateTable("invites")
      .set({ updated_at: now })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function revokeInvite(
  db: Kysely<Database>,
  id: string,
  revokedByUserId: number,
  now: Date,
): Promise<Invite> {
  return db.transaction().execute(async (trx) => {
    const existing = await findInvite(trx, id, { lock: true });
    if (existing.accepted_at) throw forbidden(inviteAcceptedMessage);
    // Revoking twice keeps the first revocation: who and when stay on record.
    if (existing.revoked_at) return existing;
    return trx
      .updateTable("invites")
      .set({ revoked_at: now, revoked_by_user_id: revokedByUserId })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
