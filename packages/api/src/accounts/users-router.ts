import { z } from "zod";
import type { Context } from "../kernel/context.ts";
import { forbidden, HttpError, invalid, notFound } from "../kernel/errors.ts";
import { checkPassword } from "./login.ts";
import {
  assertMayChangeCredentials,
  assertMayDeactivate,
  assertMayGrant,
  assertRecentLogin,
  assertSelfOrManager,
  heldLocationIds,
  identityKind,
  mayManageAccounts,
  mustReauthenticate,
} from "../kernel/permissions.ts";
import { idParam } from "../kernel/schema.ts";
import { wrongCurrentPasswordMessage } from "../kernel/auth-names.ts";
import { userSchema, userUpdateInput, type UserUpdateFields } from "./users-schema.ts";
import {
  credentialChanges,
  findUserById,
  getUserOutput,
  listUsers,
  toUsers,
  updateUser,
} from "./users.ts";
import { assertAccessLocationsExist, managesUser } from "./user-access.ts";
import { publicProcedure, router, siteAdminProcedure, staffProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import type { User } from "@vsi/db";
import { say, accessMessages } from "../kernel/messages.ts";

type UpdateContext = Context & {
  user: User;
  identity: Extract<Context["identity"], { kind: "user" }>;
};

/**
 * A new email or password: never from an API token; one's own only with the current password or
 * soon after logging in (sudo mode); another's by an admin (the service logs it).
 */
async function assertMayChangeTheseCredentials(
  ctx: UpdateContext,
  id: number,
  changes: UserUpdateFields,
  currentPassword: string | null | undefined,
) {
  if (changes.email === undefined && !changes.password) return;
  const existing = id === ctx.user.id ? ctx.user : await findUserById(ctx.db, id);
  if (!existing) throw notFound("User");
  const changed = credentialChanges(existing, changes);
  if (!changed.email && !changed.password) return;
  assertMayChangeCredentials(ctx.identity);
  if (!mustReauthenticate(ctx.user, id)) return;
  if (!currentPassword) return assertRecentLogin(ctx.identity, ctx.services.now());
  // Counted as a login attempt: a session left open is no way to guess the password.
  if (!(await checkPassword(ctx, ctx.user.email, currentPassword)))
    throw invalid("currentPassword", wrongCurrentPasswordMessage);
}

/** Whether the caller manages this user's account: see assertSelfOrManager. */
async function managesAccountOf(ctx: UpdateContext, userId: number) {
  return (
    identityKind(ctx.identity) === "siteAdmin" &&
    (await managesUser(ctx.db, ctx.identity.access, userId))
  );
}

/**
 * Roles at locations: a site admin's (one of their locations or more) at those alone, never a
 * network admin, 403 and nothing written; a network admin's at live locations (422 at another).
 */
async function assertMayGrantThese(ctx: UpdateContext, changes: UserUpdateFields) {
  const siteAdmin = identityKind(ctx.identity) === "siteAdmin";
  if (changes.access === undefined && !(siteAdmin && changes.isAdmin)) return;
  const access = changes.access ?? [];
  assertMayGrant(ctx.identity.access, {
    isAdmin: changes.isAdmin,
    locationIds: access.map((entry) => entry.locationId),
  });
  if (ctx.user.is_admin) await assertAccessLocationsExist(ctx.db, access);
}

async function update(ctx: UpdateContext, input: z.infer<typeof userUpdateInput>) {
  const { id, currentPassword, ...changes } = input;
  const managed = id !== ctx.user.id && !ctx.user.is_admin && (await managesAccountOf(ctx, id));
  assertSelfOrManager(ctx.user, id, managed);
  // A site admin changes another's roles at their locations, nothing else of the account.
  const rolesOnly = new Set(["access", "isAdmin"]);
  if (managed && Object.entries(changes).some(([key, v]) => v !== undefined && !rolesOnly.has(key)))
    throw forbidden(say(accessMessages.ownAccountOnly));
  await assertMayGrantThese(ctx, changes);
  await assertMayChangeTheseCredentials(ctx, id, changes, currentPassword);
  // isAdmin and isActive only count from someone who manages accounts.
  const manages = mayManageAccounts(ctx.user);
  if (manages && changes.isActive === false) assertMayDeactivate(ctx.user, id);
  const callerSessionId =
    ctx.identity.kind === "user" && ctx.identity.via === "session"
      ? ctx.identity.sessionId
      : undefined;
  const { storage, config } = ctx.services;
  const allowed = {
    ...changes,
    isAdmin: manages ? changes.isAdmin : undefined,
    isActive: manages ? changes.isActive : undefined,
  };
  await updateUser(
    ctx.db,
    storage,
    config.secret,
    id,
    allowed,
    ctx.services.now(),
    { kind: "user", userId: ctx.user.id },
    callerSessionId,
    ctx.identity.access,
  );
  return getUserOutput(ctx.db, config.secret, id, heldLocationIds(ctx.identity));
}

const updateMeta = (method: "PATCH" | "PUT") => ({
  openapi: {
    method,
    path: "/users/{id}" as const,
    tags: ["users"],
    summary: "Update a user (self or admin)",
    errorResponses: {
      403: "Another's account (unless an administrator); an email or password changed by an API token, or one's own without the current password long after logging in",
      429: "Too many wrong current passwords: try again after Retry-After seconds",
    },
  },
});

export const usersRouter = router({
  me: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/me",
        tags: ["users"],
        summary: "The current user, or 204 when nobody is logged in",
        errorResponses: { 401: "A revoked or unknown API token" },
      },
    })
    .input(z.void())
    .output(userSchema.nullable())
    .query(async ({ ctx }) => {
      // A script whose token was revoked must not read that as "nobody is logged in".
      if (ctx.identity.kind === "anonymous" && ctx.identity.rejectedToken)
        throw new HttpError(401, say(accessMessages.tokenRevoked));
      if (ctx.identity.kind !== "user") {
        return null;
      }
      return getUserOutput(
        ctx.db,
        ctx.services.config.secret,
        ctx.identity.user.id,
        heldLocationIds(ctx.identity),
      );
    }),

  list: siteAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users",
        tags: ["users"],
        summary: "All users (admin); a site admin's: the staff of their locations",
      },
    })
    .input(z.void())
    .output(z.array(userSchema))
    .query(async ({ ctx }) => {
      const rows = await listUsers(ctx.db, ctx.identity.access);
      const { secret } = ctx.services.config;
      return wholeList(
        ctx.response,
        await toUsers(ctx.db, secret, rows, heldLocationIds(ctx.identity)),
      );
    }),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/{id}",
        tags: ["users"],
        summary: "One user (self or admin; a site admin: the staff of their locations)",
        errorResponses: { 403: "Another's account, unless an administrator" },
      },
    })
    .input(idParam)
    .output(userSchema)
    .query(async ({ ctx, input }) => {
      const managed = input.id !== ctx.user.id && (await managesAccountOf(ctx, input.id));
      assertSelfOrManager(ctx.user, input.id, managed);
      const { secret } = ctx.services.config;
      return getUserOutput(ctx.db, secret, input.id, heldLocationIds(ctx.identity));
    }),

  update: staffProcedure
    .meta(updateMeta("PATCH"))
    .input(userUpdateInput)
    .output(userSchema)
    .mutation(({ ctx, input }) => update(ctx, input)),
  replace: staffProcedure
    .meta(updateMeta("PUT"))
    .input(userUpdateInput)
    .output(userSchema)
    .mutation(({ ctx, input }) => update(ctx, input)),
});
