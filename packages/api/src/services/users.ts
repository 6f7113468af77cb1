import { sql, type Kysely } from "kysely";
import type { Database, Executor } from "@vsi/db";
import { invalid, notFound } from "../errors.ts";
import { toUser, type UserWithPicture } from "../mappers.ts";
import { hashPassword } from "./passwords.ts";
import { deleteUserSessions } from "./sessions.ts";

export const emailTakenMessage = "Email already registered";

export function selectUsers(db: Executor) {
  return db
    .selectFrom("users")
    .leftJoin("files", "files.id", "users.picture_file_id")
    .selectAll("users")
    .select("files.key as picture_key");
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserWithPicture | undefined> {
  return selectUsers(db).where(sql<string>`lower(users.email)`, "=", email.trim().toLowerCase()).executeTakeFirst();
}

/** A user as the API shows them; `secret` signs their picture's id. */
export async function getUserOutput(db: Executor, secret: string, userId: number) {
  const row = await selectUsers(db).where("users.id", "=", userId).executeTakeFirst();
  if (!row) throw notFound("User");
  return toUser(row, secret);
}

export async function assertEmailFree(db: Executor, email: string, exceptUserId?: number): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (existing && existing.id !== exceptUserId) throw invalid("email", emailTakenMessage);
}

export interface NewUserFields {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  isAdmin?: boolean;
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
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error, "users_email_lower_key")) throw invalid("email", emailTakenMessage);
    throw error;
  }
}

export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === "23505" && (e.constraint === constraint || !!e.message?.includes(constraint));
}

/**
 * create-admin on an existing account: the way back in for a locked-out admin, so the user is made
 * an admin and active again, and the new password ends every session the old one opened.
 */
export async function promoteToAdmin(db: Kysely<Database>, userId: number, fields: Omit<NewUserFields, "email" | "isAdmin">, now: Date): Promise<void> {
  const passwordHash = await hashPassword(fields.password);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ is_admin: true, deactivated_at: null, first_name: fields.firstName, last_name: fields.lastName, password_hash: passwordHash, updated_at: now })
      .where("id", "=", userId)
      .execute();
    await deleteUserSessions(trx, userId);
  });
}
