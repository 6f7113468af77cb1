import { sql, type Kysely } from "kysely";
import type { Database, Executor, User } from "@vsi/db";
import { invalid, isUniqueViolation, notFound } from "../kernel/errors.ts";
import { toUser, type UserWithPicture } from "./mappers.ts";
import type { Language } from "@vsi/i18n/languages";
import type { UserUpdateFields } from "./users-schema.ts";
import { recordAudit, type AuditAction, type AuditActor } from "../kernel/audit.ts";
import { deleteFile, resolveUploadedFile, uploaderOf } from "../assets/queries.ts";
import { afterPasswordChange } from "./password-resets.ts";
import { hashPassword } from "./passwords.ts";
import { deleteUserSessions } from "./sessions.ts";
import type { Storage } from "../kernel/services.ts";
import { say, accountMessages } from "../kernel/messages.ts";
import type { LocationAccess } from "../kernel/identity.ts";
import { accessOfUsers, managedUsers, replaceUserAccess } from "./user-access.ts";

export const emailTakenMessage = say(accountMessages.emailTaken);

export function selectUsers(db: Executor) {
  return db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.picture_file_id")
    .selectAll("users")
    .select("files.key as picture_key");
}

export async function findUserByEmail(
  db: Executor,
  email: string,
): Promise<UserWithPicture | undefined> {
  return selectUsers(db)
    .where(sql<string>`lower(users.email)`, "=", email.trim().toLowerCase())
    .executeTakeFirst();
}

/** Every user the caller manages (every one for a network admin), by name then email. */
export async function listUsers(
  db: Executor,
  callerAccess: LocationAccess,
): Promise<UserWithPicture[]> {
  return selectUsers(db)
    .where(managedUsers(callerAccess))
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.email")
    .execute();
}

export async function findUserById(
  db: Executor,
  userId: number,
): Promise<UserWithPicture | undefined> {
  return selectUsers(db).where("users.id", "=", userId).executeTakeFirst();
}

/**
 * Users as the API shows them; `secret` signs their pictures' ids; `shownTo`, the viewer's
 * locations when they hold only some: their access lists those alone.
 */
export async function toUsers(
  db: Executor,
  secret: string,
  rows: UserWithPicture[],
  shownTo: readonly number[] | undefined,
) {
  const access = await accessOfUsers(db, rows, shownTo);
  return rows.map((row) => toUser(row, secret, access.get(row.id)!));
}

/** A user as the API shows them (see toUsers). */
export async function getUserOutput(
  db: Executor,
  secret: string,
  userId: number,
  shownTo?: readonly number[],
) {
  const row = await findUserById(db, userId);
  if (!row) throw notFound("User");
  return (await toUsers(db, secret, [row], shownTo))[0]!;
}

/** Which of a user's credentials an update changes: a blank password or the same email does not. */
export function credentialChanges(existing: Pick<User, "email">, changes: UserUpdateFields) {
  return {
    password: Boolean(changes.password),
    email: changes.email !== undefined && changes.email !== existing.email,
  };
}

export async function assertEmailFree(
  db: Executor,
  email: string,
  exceptUserId?: number,
): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptUserId) throw invalid("email", emailTakenMessage);
}

export interface NewUserFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  isAdmin?: boolean;
  /** The staff pages' language; null (or missing) follows the browser. */
  language?: Language | null;
}

/** Creates a user; the unique index is the last word on a taken email (two requests at once). */
export async function insertUser(db: Executor, fields: NewUserFields): Promise<number> {
  await assertEmailFree(db, fields.email);
  try {
    const row = await db
      .insertInto("users")
      .values({
        first_name: fields.firstName,
        last_name: fields.lastName,
        email: fields.email.trim(),
        password_hash: await hashPassword(fields.password),
        is_admin: fields.isAdmin ?? false,
        language: fields.language ?? null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_key"))
      throw invalid("email", emailTakenMessage);
    throw error;
  }
}

/**
 * create-admin on an existing account: the way back in for a locked-out admin, so the user is made
 * an admin and active again, and the new password ends every session the old one opened.
 */
export async function promoteToAdmin(
  db: Kysely<Database>,
  userId: number,
  fields: Omit<NewUserFields, "email" | "isAdmin">,
  now: Date,
): Promise<void> {
  const passwordHash = await hashPassword(fields.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        is_admin: true,
        deactivated_at: null,
        first_name: fields.firstName,
        last_name: fields.lastName,
        password_hash: passwordHash,
        updated_at: now,
      })
      .where("id", "=", userId)
      .execute();
    await afterPasswordChange(trx, userId, now);
  });
}

/**
 * Saves a user's changes; isAdmin and isActive are applied as given (the caller drops them for
 * someone who may not manage accounts). A replaced picture's file goes; a new password or a
 * deactivation ends the user's sessions, except `keepSessionId` (the browser that changed the password).
 */
/**
 * What the log records of an account edit: its access, not its profile; and another's credentials
 * set by an admin (one's own email or password is not logged).
 */
function accountChanges(
  existing: User,
  changes: UserUpdateFields,
  actor: AuditActor,
): Array<{ action: AuditAction; details?: Record<string, unknown> }> {
  const actions: Array<{ action: AuditAction; details?: Record<string, unknown> }> = [];
  if (changes.isActive === false && existing.deactivated_at === null)
    actions.push({ action: "user.deactivate" });
  if (changes.isActive === true && existing.deactivated_at !== null)
    actions.push({ action: "user.reactivate" });
  if (changes.isAdmin === true && !existing.is_admin) actions.push({ action: "user.make_admin" });
  if (changes.isAdmin === false && existing.is_admin) actions.push({ action: "user.remove_admin" });
  if (actor.kind === "user" && actor.userId !== existing.id) {
    const credentials = credentialChanges(existing, changes);
    if (credentials.email)
      actions.push({ action: "user.change_email", details: { newEmail: changes.email } });
    if (credentials.password) actions.push({ action: "user.set_password" });
  }
  return actions;
}

export async function updateUser(
  db: Kysely<Database>,
  storage: Storage,
  secret: string,
  userId: number,
  changes: UserUpdateFields,
  now: Date,
  actor: AuditActor,
  keepSessionId?: string,
  /** Whose roles may change (`changes.access`): the caller's (replaceUserAccess). */
  callerAccess?: LocationAccess,
): Promise<void> {
  const deactivate = changes.isActive === false;
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("users")
      .selectAll()
      .where("id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
    if (!existing) throw notFound("User");
    if (changes.email !== undefined) await assertEmailFree(trx, changes.email, userId);

    let pictureFileId = existing.picture_file_id;
    if (changes.picture === null) pictureFileId = null;
    else if (changes.picture)
      pictureFileId = (
        await resolveUploadedFile(trx, secret, changes.picture, {
          field: "picture",
          uploaderId: uploaderOf(actor),
          current: existing.picture_file_id,
        })
      ).id;
    const replacedFileId =
      existing.picture_file_id && existing.picture_file_id !== pictureFileId
        ? existing.picture_file_id
        : null;

    try {
      await trx
        .updateTable("users")
        // Kysely leaves undefined values out of the UPDATE: a field not sent keeps its value.
        .set({
          first_name: changes.firstName,
          last_name: changes.lastName,
          email: changes.email,
          // A blank password keeps the old one.
          password_hash: changes.password ? await hashPassword(changes.password) : undefined,
          is_admin: changes.isAdmin,
          // Deactivating again keeps the first date.
          deactivated_at:
            changes.isActive === undefined
              ? undefined
              : changes.isActive
                ? null
                : (existing.deactivated_at ?? now),
          picture_file_id: pictureFileId,
          language: changes.language,
          updated_at: now,
        })
        .where("id", "=", userId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "users_email_lower_key"))
        throw invalid("email", emailTakenMessage);
      throw error;
    }
    if (replacedFileId) await deleteFile(trx, storage, replacedFileId);
    if (changes.access !== undefined && callerAccess)
      await replaceUserAccess(trx, existing, changes.access, callerAccess, actor, now);
    for (const { action, details } of accountChanges(existing, changes, actor)) {
      // The subject's email is kept: a staff account, not a visitor, so retention does not cover
      // it, and it still says who it was after the account is renamed.
      await recordAudit(
        trx,
        actor,
        {
          action,
          subjectType: "user",
          subjectId: userId,
          details: { email: existing.email, ...details },
        },
        now,
      );
    }
    if (changes.password) await afterPasswordChange(trx, userId, now, keepSessionId);
    if (deactivate) await deleteUserSessions(trx, userId);
  });
}
