import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context.ts";
import { describeError, forbidden, unauthorized } from "./errors.ts";

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
export const sheetProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.identity.kind === "anonymous") throw unauthorized();
  return next({ ctx: { identity: ctx.identity } });
});

export const staffProcedure = t.procedure.use(({ ctx, next }) => {
  if (ctx.identity.kind === "anonymous") throw unauthorized();
  if (ctx.identity.kind !== "user") throw forbidden();
  return next({ ctx: { identity: ctx.identity, user: ctx.identity.user } });
});

export const adminProcedure = staffProcedure.use(({ ctx, next }) => {
  if (!ctx.user.is_admin) throw forbidden("Only administrators can do this");
  return next();
});
