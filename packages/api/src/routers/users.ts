import { z } from "zod";
import type { Context } from "../context.ts";
import { HttpError, invalid, notFound } from "../errors.ts";
import { assertMayDeactivate, assertSelfOrAdmin, mayManageAccounts } from "../permissions.ts";
import { idParam } from "../schemas/common.ts";
import { userSchema, userUpdateInput } from "../schemas/users.ts";
import { deleteFile, resolveUploadedFile } from "../services/files.ts";
import { hashPassword } from "../services/passwords.ts";
import { deleteUserSessions } from "../services/sessions.ts";
import { assertEmailFree, emailTakenMessage, getUserOutput, isUniqueViolation, selectUsers } from "../services/users.ts";
import { toUser } from "../mappers.ts";
import { adminProcedure, publicProcedure, router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";
import type { User } from "@vsi/db";

async function updateUser(ctx: Context & { user: User }, input: z.infer<typeof userUpdateInput>) {
  assertSelfOrAdmin(ctx.user, input.id);
  const { services } = ctx;
  let replacedFileId: number | null = null;
  const deactivate = input.isActive === false && mayManageAccounts(ctx.user);
  if (deactivate) assertMayDeactivate(ctx.user, input.id);
  const callerSessionId = ctx.identity.kind === "user" && ctx.identity.via === "session" ? ctx.identity.sessionId : undefined;

  await ctx.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("users").selectAll().where("id", "=", input.id).forUpdate().executeTakeFirst();
    if (!existing) throw notFound("User");
    if (input.email !== undefined) await assertEmailFree(trx, input.email, input.id);

    let pictureFileId = existing.picture_file_id;
    if (input.picture === null) pictureFileId = null;
    else if (input.picture) pictureFileId = (await resolveUploadedFile(trx, services.config.secret, input.picture)).id;
    if (existing.picture_file_id && existing.picture_file_id !== pictureFileId) replacedFileId = existing.picture_file_id;

    try {
      await trx
        .updateTable("users")
        .set({
          ...(input.firstName !== undefined ? { first_name: input.firstName } : {}),
          ...(input.lastName !== undefined ? { last_name: input.lastName } : {}),
          ...(input.email !== undefined ? { email: input.email } : {}),
          ...(input.password ? { password_hash: await hashPassword(input.password) } : {}),
          ...(input.isAdmin !== undefined && mayManageAccounts(ctx.user) ? { is_admin: input.isAdmin } : {}),
          ...(deactivate ? { deactivated_at: existing.deactivated_at ?? services.now() } : {}),
          ...(input.isActive === true && mayManageAccounts(ctx.user) ? { deactivated_at: null } : {}),
          picture_file_id: pictureFileId,
          updated_at: services.now(),
        })
        .where("id", "=", input.id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error, "users_email_lower_key")) throw invalid("email", emailTakenMessage);
      throw error;
    }
    if (replacedFileId) await deleteFile(trx, services.storage, replacedFileId);
    // Whoever knew the old password is logged out, except the browser that changed it.
    if (deactivate) await deleteUserSessions(trx, input.id);
    else if (input.password) await deleteUserSessions(trx, input.id, callerSessionId);
  });
  return getUserOutput(ctx.db, ctx.services.config.secret, input.id);
}

const updateMeta = (method: "PATCH" | "PUT") =>
  ({ openapi: { method, path: "/users/{id}" as const, tags: ["users"], summary: "Update a user (self or admin)" } });

export const usersRouter = router({
  me: publicProcedure
    .meta({ openapi: { method: "GET", path: "/users/me", tags: ["users"], summary: "The current user, or 204 when nobody is logged in" } })
    .input(z.void())
    .output(userSchema.nullable())
    .query(async ({ ctx }) => {
      // A script whose token was revoked must not read that as "nobody is logged in".
      if (ctx.identity.kind === "anonymous" && ctx.identity.rejectedToken) throw new HttpError(401, "Invalid or revoked API token");
      if (ctx.identity.kind !== "user") {
        ctx.response.status = 204;
        return null;
      }
      return getUserOutput(ctx.db, ctx.services.config.secret, ctx.identity.user.id);
    }),

  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/users", tags: ["users"], summary: "All users (admin)" } })
    .input(z.void())
    .output(z.array(userSchema))
    .query(async ({ ctx }) => {
      const rows = await selectUsers(ctx.db).orderBy("users.last_name").orderBy("users.first_name").orderBy("users.email").execute();
      return wholeList(ctx.response, rows.map((row) => toUser(row, ctx.services.config.secret)));
    }),

  get: staffProcedure
    .meta({ openapi: { method: "GET", path: "/users/{id}", tags: ["users"], summary: "One user (self or admin)" } })
    .input(idParam)
    .output(userSchema)
    .query(async ({ ctx, input }) => {
      assertSelfOrAdmin(ctx.user, input.id);
      return getUserOutput(ctx.db, ctx.services.config.secret, input.id);
    }),

  update: staffProcedure.meta(updateMeta("PATCH")).input(userUpdateInput).output(userSchema).mutation(({ ctx, input }) => updateUser(ctx, input)),
  replace: staffProcedure.meta(updateMeta("PUT")).input(userUpdateInput).output(userSchema).mutation(({ ctx, input }) => updateUser(ctx, input)),
});
