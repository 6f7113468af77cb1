import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { Context } from "./context.ts";
import { describeError, errorBody, HttpError } from "./errors.ts";
import { csrfRefused } from "./csrf.ts";
import {
  assertAdmin,
  assertMayManageTokens,
  assertSheetAccess,
  assertSiteAdmin,
  assertStaff,
  assertTabletCallAccess,
  tabletDisconnected,
  visitView,
  type Access,
} from "./permissions.ts";

/**
 * What the OpenAPI document says of a procedure besides its path: who may call it (set by the
 * procedure builders below) and, for a call that creates something (201) or queues it (202), its success status.
 */
export type ProcedureMeta = OpenApiMeta<{ access?: Access; status?: 201 | 202 }>;

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Never a stack trace or SQL in a response body.
    isDev: false,
    errorFormatter({ shape, error }) {
      const body = errorBody(describeError(error));
      // tRPC's client reads code and data; the rest is the body every transport answers with.
      return {
        ...body,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: body.status, path: shape.data.path },
      };
    },
  });

export const router = t.router;
/** One namespace from several features' routers: an operation keeps its name wherever its code lives. */
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/** REST's success status: the meta's (201 for a call that creates), 204 for no answer (null), else 200. */
function setStatus(ctx: Context, meta: ProcedureMeta | undefined, data: unknown) {
  if (data === null) ctx.response.status = 204;
  else if (meta?.status) ctx.response.status = meta.status;
}

const answered = t.procedure.use(async ({ ctx, meta, next }) => {
  const result = await next();
  if (result.ok) setStatus(ctx, meta, result.data);
  return result;
});

/**
 * Every procedure but a tablet's own calls works with the caller checked: a tablet's claim is
 * checked here, by one statement, before anything else.
 */
const checked = answered.use(async ({ ctx, next }) =>
  next({ ctx: { identity: await ctx.checkedIdentity() } }),
);

export const publicProcedure = checked.meta({ access: "public" });

/** A tablet (for its own location; the procedure checks which) or any staff member: the visitor lookup. */
export const sheetProcedure = checked
  .meta({ access: "sheet" })
  .use(({ ctx, next }) => next({ ctx: { identity: assertSheetAccess(ctx.identity) } }));

type Shown = { LastName: string; PhoneNumber: string };

/**
 * The tablet's calls (its sheet, sign-in, sign-out), a tablet or staff. A tablet's claim reaches
 * the procedure unchecked: its statement checks the tablet as it does the work, one round trip per
 * call. Each answer is a visit or a list of them, and the caller sees of each what visitView allows
 * (a tablet the sheet's view), the open visit a 409 names included.
 */
// One middleware, not several: tRPC copies a call's options at each, on every tablet call.
export const tabletCallProcedure = t.procedure
  .meta({ access: "sheet" })
  .use(async ({ ctx, meta, next }) => {
    const identity = assertTabletCallAccess(ctx.identity);
    const result = await next({ ctx: { identity } });
    const view = visitView(identity);
    if (result.ok) {
      setStatus(ctx, meta, result.data);
      const data = result.data as Shown | Shown[];
      return { ...result, data: Array.isArray(data) ? data.map(view) : view(data) };
    }
    // Refused before its statement checked the tablet (its input, say): a disconnected tablet
    // hears that first, so its sheet says why.
    if (identity.kind === "tabletClaim") {
      const checked = await ctx.checkedIdentity();
      if (checked.kind === "anonymous") throw tabletDisconnected();
    }
    const { error } = result;
    const visit =
      error instanceof HttpError ? (error.extra?.visit as Shown | undefined) : undefined;
    if (!visit) return result;
    const { status, said, errors, headers, extra } = error as HttpError;
    return {
      ...result,
      error: new HttpError(status, said, errors, headers, { ...extra, visit: view(visit) }),
    };
  });

export const staffProcedure = checked.meta({ access: "staff" }).use(({ ctx, next }) => {
  const identity = assertStaff(ctx.identity);
  return next({ ctx: { identity, user: identity.user } });
});

/** Staff in a browser session: what an API token may not do (create or revoke tokens). */
export const tokenManagementProcedure = staffProcedure.use(({ ctx, next }) => {
  assertMayManageTokens(ctx.identity);
  return next();
});

/** A network admin, or a site admin (the procedure keeps them to their locations). */
export const siteAdminProcedure = staffProcedure
  .meta({ access: "siteAdmin" })
  .use(({ ctx, next }) => {
    assertSiteAdmin(ctx.identity);
    return next();
  });

/** A network admin. */
export const adminProcedure = staffProcedure.meta({ access: "admin" }).use(({ ctx, next }) => {
  assertAdmin(ctx.identity);
  return next();
});

/** What the OpenAPI document says of changesState's refusal. */
export const changesStateRefusal =
  "A GET that changes state, made with the session cookie but without the X-XSRF-TOKEN header";

/**
 * For the GET calls that change state (the spec fixes them as GET): checked as an unsafe method
 * is, so a link from another site, which brings the cookies but never the header, cannot make them.
 */
export const changesState = t.middleware(({ ctx, next }) => {
  if (!ctx.echoesXsrfToken()) throw csrfRefused();
  return next();
});
