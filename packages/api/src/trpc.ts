import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context.ts";
import { describeError } from "./errors.ts";
import { requireAdmin, requireSheetAccess, requireStaff } from "./permissions.ts";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    // Never a stack trace or SQL in a response body.
    isDev: false,
    errorFormatter({ shape, error }) {
      const { status, message, errors } = describeError(error);
      return {
        code: shape.code,
        message,
        data: { code: shape.data.code, httpStatus: status, path: shape.data.path },
        status,
        ...(errors ? { errors } : {}),
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure;

/** A tablet (for its own location; the procedure checks which) or any staff member. */
export const sheetProcedure = t.procedure.use(({ ctx, next }) => next({ ctx: { identity: requireSheetAccess(ctx.identity) } }));

export const staffProcedure = t.procedure.use(({ ctx, next }) => {
  const identity = requireStaff(ctx.identity);
  return next({ ctx: { identity, user: identity.user } });
});

export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  requireAdmin(ctx.identity);
  return next();
});
