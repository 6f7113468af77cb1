import type { ApiTokensTable, Executor, User } from "@vsi/db";
import type { Selectable } from "kysely";
import { generateToken, hashToken, lastUseDue, lastUseDueBefore } from "../kernel/tokens.ts";
import { locationRolesOfUser, type LocationRoleRow } from "./location-roles.ts";

const tokenColumns = ["id", "name", "user_id", "created_at", "last_used_at"] as const;

export type ApiTokenRow = Pick<Selectable<ApiTokensTable>, (typeof tokenColumns)[number]>;

/** Live tokens, newest first: one user's, or everyone's when no user is given. */
export async function listApiTokens(
  db: Executor,
  userId: number | undefined,
): Promise<ApiTokenRow[]> {
  return db
    .selectFrom("api_tokens")
    .select(tokenColumns)
    .where("revoked_at", "is", null)
    .$if(userId !== undefined, (qb) => qb.where("user_id", "=", userId!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

/** A new token for the user; the secret is returned here only, the table keeps its hash. */
export async function createApiToken(
  db: Executor,
  userId: number,
  name: string,
  now: Date,
): Promise<{ row: ApiTokenRow; token: string }> {
  const token = generateToken();
  const row = await db
    .insertInto("api_tokens")
    .values({ user_id: userId, name, token_hash: hashToken(token), created_at: now })
    .returning(tokenColumns)
    .executeTakeFirstOrThrow();
  return { row, token };
}

/** Who owns a live token, if there is one with this id. */
export async function liveApiTokenOwner(db: Executor, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("api_tokens")
    .select("user_id")
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return row?.user_id;
}

/** Revokes a live token; undefined when it is not (or no longer) live. */
export async function revokeApiToken(
  db: Executor,
  id: number,
  now: Date,
): Promise<ApiTokenRow | undefined> {
  return db
    .updateTable("api_tokens")
    .set({ revoked_at: now })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returning(tokenColumns)
    .executeTakeFirst();
}

/**
 * The active user a live token belongs to, and the token's id, in one statement that notes the
 * token's use (see lastUseNotedEveryMs); undefined for a token unknown, revoked or of a deactivated user.
 */
export async function apiTokenOwner(
  db: Executor,
  token: string,
  now: Date,
): Promise<{ user: User; roles: LocationRoleRow[]; apiTokenId: number } | undefined> {
  const row = await db
    .with("token", (db) =>
      db
        .selectFrom("api_tokens")
        .select(["id", "user_id", "last_used_at"])
        .where("token_hash", "=", hashToken(token))
        .where("revoked_at", "is", null),
    )
    .with("used", (db) =>
      db
        .updateTable("api_tokens")
        .from("token")
        .set({ last_used_at: now })
        .whereRef("api_tokens.id", "=", "token.id")
        .where((eb) => lastUseDue(eb.ref("token.last_used_at"), lastUseDueBefore(now)))
        .returning("api_tokens.id"),
    )
    .selectFrom("token")
    .innerJoin("users", "users.id", "token.user_id")
    .selectAll("users")
    .select("token.id as api_token_id")
    .select(locationRolesOfUser.as("location_roles"))
    .where("users.deactivated_at", "is", null)
    .executeTakeFirst();
  if (!row) return undefined;
  const { api_token_id, location_roles, ...user } = row;
  return { user, roles: location_roles, apiTokenId: api_token_id };
}
