import { z } from "zod";
import type { Context } from "../context.ts";
import { HttpError } from "../errors.ts";
import { assertMayDeactivate, assertSelfOrAdmin, mayManageAccounts } from "../permissions.ts";
import { idParam } from "../schemas/common.ts";
import { userSchema, userUpdateInput } from "../schemas/users.ts";
import { getUserOutput, listUsers, updateUser } from "../services/users.ts";
import { toUser } from "../mappers.ts";
import { adminProcedure, publicProcedure, router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";
import type { User } from "@vsi/db";

async function update(ctx: Context & { user: User }, input: z.infer<typeof userUpdateInput>) {
  const { id, ...changes } = input;
  assertSelfOrAdmin(ctx.user, id);
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
  );
  return getUserOutput(ctx.db, config.secret, id);
}

const updateMeta = (method: "PATCH" | "PUT") => ({
  openapi: {
    method,
    path: "/users/{id}" as const,
    tags: ["users"],
    summary: "Update a user (self or admin)",
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
      },
    })
    .input(z.void())
    .output(userSchema.nullable())
    .query(async ({ ctx }) => {
      // A script whose token was revoked must not read that as "nobody is logged in".
      if (ctx.identity.kind === "anonymous" && ctx.identity.rejectedToken)
        throw new HttpError(401, "Invalid or revoked API token");
      if (ctx.identity.kind !== "user") {
        ctx.response.status = 204;
        return null;
      }
      return getUserOutput(ctx.db, ctx.services.config.secret, ctx.identity.user.id);
    }),

  list: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/users", tags: ["users"], summary: "All users (admin)" },
    })
    .input(z.void())
    .output(z.array(userSchema))
    .query(async ({ ctx }) => {
      const rows = await listUsers(ctx.db);
      return wholeList(
        ctx.response,
        rows.map((row) => toUser(row, ctx.services.config.secret)),
      );
    }),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/users/{id}",
        tags: ["users"],
        summary: "One user (self or admin)",
      },
    })
    .input(idParam)
    .output(userSchema)
    .query(async ({ ctx, input }) => {
      assertSelfOrAdmin(ctx.user, input.id);
      return getUserOutput(ctx.db, ctx.services.config.secret, input.id);
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
