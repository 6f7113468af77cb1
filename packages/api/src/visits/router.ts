import { z } from "zod";
import type { StoredAnswers, Visit } from "@vsi/db";
import type { Context } from "../kernel/context.ts";
import { HttpError, invalid, notFound } from "../kernel/errors.ts";
import { programQuestions } from "../questions/queries.ts";
import { checkAnswers } from "../questions/answers-schema.ts";
import { toVisit } from "./mappers.ts";
import { checkedAnswers } from "./checked-answers.ts";
import { assertLocationAccess, tabletDisconnected } from "../kernel/permissions.ts";
import { lookupScope, tabletSignOutReachMs } from "./permissions.ts";
import { callerFiltersOf, filtersOf } from "./filters.ts";
import { idParam } from "../kernel/schema.ts";
import {
  queuedTimeInProblem,
  visitCreateInput,
  visitListInput,
  visitorNameSchema,
  visitListSchema,
  visitSchema,
  visitSearchInput,
  visitUpdateInput,
  visitDecisionInput,
  type VisitListInput,
} from "./schema.ts";
import { actorOf } from "../kernel/audit.ts";
import { pageCount, pageHeaders, wholeList } from "../kernel/pagination.ts";
import { rateLimitsOf, take } from "../kernel/rate-limit.ts";
import { foundVisitor, lookUpVisitor } from "./visitor-lookup.ts";
import {
  createVisit,
  deleteVisit,
  findVisit,
  QuestionsChanged,
  reportPage,
  signOutVisit,
  tabletSheet,
  updateVisit,
  type VisitWriter,
} from "./queries.ts";
import {
  adminProcedure,
  router,
  sheetProcedure,
  staffProcedure,
  tabletCallProcedure,
} from "../kernel/trpc.ts";
import type { Caller, Identity } from "../kernel/identity.ts";
import { say, fieldMessages } from "../kernel/messages.ts";
import { decideVisit } from "./decisions.ts";

const waitingOnly = {
  409: "The visit is not waiting for staff (within its limit, or decided already)",
};

/** A visit the caller may see: another location's is as if it did not exist (404). */
async function findCallerVisit(ctx: Context<Identity>, id: number) {
  const visit = await findVisit(ctx.db, id);
  assertLocationAccess(ctx.identity, visit.location_id, "Visit");
  return visit;
}

/** The staff report, one page of it: the rows, how many in all (or about how many), and how many pages. */
async function report(ctx: Context<Identity>, input: VisitListInput) {
  const filters = callerFiltersOf(ctx.identity, input);
  const { visits, total, totalEstimated } = await reportPage(ctx.db, filters, input.page, {
    exactTotal: input.exactTotal,
    limits: ctx.services.config.countLimits,
  });
  return { visits, total, totalEstimated, page: input.page, pageCount: pageCount(total) };
}

/**
 * A visit's answers as staff's correction leaves them: those sent checked against the questions its
 * program asks now (a blank one removes its answer), each with its question's words of now; the
 * others as they were given.
 */
async function correctedAnswers(
  ctx: Pick<Context, "db">,
  visit: Visit,
  given: Record<string, unknown>,
): Promise<StoredAnswers> {
  const { asked } = await programQuestions(ctx.db, visit.program_id, visit.location_id, true);
  const { answers, errors } = checkAnswers(
    asked,
    given,
    new Set(asked.map((question) => question.id)),
  );
  if (errors.length) throw new HttpError(422, say(fieldMessages.validationFailed), errors);
  const corrected = { ...visit.answers };
  for (const key of Object.keys(given)) delete corrected[key];
  for (const question of asked) {
    const value = answers[question.id];
    if (value !== undefined)
      corrected[question.id] = { value, Label: question.Label, Choices: question.Choices };
  }
  return corrected;
}

type TabletCaller = Exclude<Caller, { kind: "anonymous" }>;

/** Idempotency keys are per caller, so one tablet's key can never return another caller's visit. */
const keyOwner = (identity: TabletCaller) =>
  identity.kind === "user" ? `u${identity.user.id}` : `t${identity.tokenHash}`;

/** Who writes: a tablet by its token (its statement checks it), or a person as the log names them. */
const writerOf = (identity: TabletCaller): VisitWriter =>
  identity.kind === "user" ? { actor: actorOf(identity) } : { tablet: identity.tokenHash };

/** Staff's decision on a visit waiting past its visit limit: approve or decline, with a reason. */
function decisionProcedure(decision: "approved" | "declined", summary: string) {
  return staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: `/visits/{id}/${decision === "approved" ? "approve" : "decline"}`,
        tags: ["visits"],
        summary,
        errorResponses: waitingOnly,
      },
    })
    .input(visitDecisionInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      // Another location's visit is as if it did not exist.
      await findCallerVisit(ctx, input.id);
      return toVisit(
        await decideVisit(
          ctx.db,
          input.id,
          decision,
          input.reason,
          actorOf(ctx.identity),
          ctx.services.now(),
        ),
      );
    });
}

export const visitsRouter = router({
  list: tabletCallProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits",
        tags: ["visits"],
        summary:
          "Staff: the report (newest first, paginated with Link and X-Total-Count; format=csv for a CSV file). Tablet: its location's open visits, oldest first",
        description:
          "With format=csv (staff), every matching visit, newest first, as a text/csv; charset=utf-8 attachment that starts with a UTF-8 byte order mark and is named for its filters " +
          "(visits-2026-11-01-to-2026-11-30-valencia.csv; filename* keeps non-ASCII names). Columns: Date (in timeZone), Location, Program, Name, PhoneNumber, Temperature, " +
          "TimeIn and TimeOut (ISO 8601 with timeZone's offset at that instant, e.g. 2026-11-03T14:07:00+01:00; TimeOut empty while signed in), DurationMinutes (whole minutes, empty while signed in), SignedOutBy (visitor, staff or auto; empty while signed in), SignedInFrom (tablet, phone or staff); " +
          "then a column per intake question the program asks (every program's, without programId) that was asked during the period, retired ones included, headed by its English label: each answer as the visit was asked it (a choice by its label, several joined by '; ', yes/no as Yes or No). " +
          "A cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe so spreadsheets show it as text.",
        errorResponses: { 403: "A tablet of another location, or a tablet asking for CSV" },
      },
    })
    .input(visitListInput)
    .output(visitListSchema)
    .query(async ({ ctx, input }) => {
      const { identity } = ctx;
      if (identity.kind !== "user") {
        const { tokenHash } = identity;
        const { tablet, visits } = await tabletSheet(
          ctx.db,
          tokenHash,
          filtersOf(input),
          ctx.services.now(),
        );
        if (!tablet) throw tabletDisconnected();
        if (input.locationId !== undefined)
          assertLocationAccess({ kind: "tablet", ...tablet, tokenHash }, input.locationId);
        return wholeList(ctx.response, visits.map(toVisit));
      }
      const { visits, total, totalEstimated, page, pageCount } = await report(
        { ...ctx, identity },
        input,
      );
      // Past 100,000 matches (kernel/row-count.ts) the first page's total is the planner's estimate; exactTotal=true counts.
      pageHeaders(ctx, { total, page, pages: pageCount, estimated: totalEstimated });
      return visits;
    }),

  /** The web app's report: tRPC cannot read headers, so the page carries its total and page count. */
  report: staffProcedure
    .input(visitListInput)
    .output(
      z.object({
        visits: z.array(visitSchema),
        total: z.number().int(),
        totalEstimated: z.boolean(),
        page: z.number().int(),
        pageCount: z.number().int(),
      }),
    )
    .query(({ ctx, input }) => report(ctx, input)),

  search: sheetProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/search",
        tags: ["visits"],
        summary:
          "Names of the latest visit with this 10-digit phone number (a tablet's at its own location only, staff's at any), the visitor's remembered answers, and their household (for a tablet, its members' first names and initials)",
        errorResponses: {
          404: "No visit has that number (for a tablet: at its location)",
          429: "Too many lookups: try again after Retry-After seconds",
        },
      },
    })
    .input(visitSearchInput)
    .output(visitorNameSchema)
    .query(async ({ ctx, input }) => {
      // Phone numbers are guessable: a location's tablets share one budget, and each tablet's
      // lookups are counted in the audit log.
      const scope = lookupScope(ctx.identity);
      const now = ctx.services.now();
      const { phoneLookupsPerCaller } = rateLimitsOf(ctx.services.config);
      await take(ctx.db, [[scope.budgetKey, phoneLookupsPerCaller]], now);
      const visitor = await lookUpVisitor(ctx.db, input.phoneNumber, scope.within, now);
      if (!visitor) throw notFound("Visitor");
      return foundVisitor(visitor, ctx.identity.kind === "user");
    }),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/{id}",
        tags: ["visits"],
        summary: "One visit (staff)",
      },
    })
    .input(idParam)
    .output(visitSchema)
    .query(async ({ ctx, input }) => toVisit(await findCallerVisit(ctx, input.id))),

  create: tabletCallProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visits",
        tags: ["visits"],
        summary:
          "Sign a visitor in (201). Send an Idempotency-Key header to make retries safe for 24 hours",
        errorResponses: {
          403: "A tablet of another location",
          404: "Staff: LocationId names a location they do not hold",
          409: "That phone number is already signed in at that location and program: `visit` is the open visit. Without `visit`: the intake questions changed while the sign-in was checked; read them again (GET /api/questions) and send it again",
        },
      },
      status: 201,
    })
    .input(visitCreateInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      const header = ctx.headers["idempotency-key"];
      const key =
        input.idempotencyKey ??
        (typeof header === "string" && header ? header.slice(0, 200) : undefined);
      const now = ctx.services.now();
      const lateBy = input.TimeIn && queuedTimeInProblem(input.TimeIn, now);
      if (lateBy) throw invalid("TimeIn", lateBy);
      const { identity } = ctx;
      // Staff sign in at their own locations; another is as if it did not exist.
      if (identity.kind === "user") assertLocationAccess(identity, input.LocationId);
      // A tablet's location is checked by the statement, with the tablet itself, and the answers
      // against the questions this process knows, which the statement sees are still current.
      const signIn = async (fresh: boolean) =>
        createVisit(
          ctx.db,
          {
            ...input,
            ...(await checkedAnswers(ctx, input.ProgramId, input.LocationId, input.Answers, fresh)),
          },
          now,
          writerOf(identity),
          key && `${keyOwner(identity)}:${key}`,
        );
      const visit = await signIn(false).catch((error: unknown) => {
        if (!(error instanceof QuestionsChanged)) throw error;
        return signIn(true);
      });
      return toVisit(visit);
    }),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/visits/{id}",
        tags: ["visits"],
        summary: "Correct a visit's names, phone, temperature, party size or answers (staff)",
        description:
          "A visit whose visitor's details were erased (after the retention period, or at a request to be forgotten) keeps them erased: sending any of these fields for it answers 422, naming each.",
        errorResponses: {
          409: "The new phone number is already signed in at that location and program: `visit` is the open visit",
        },
      },
    })
    .input(visitUpdateInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, Answers, ...changes } = input;
      const visit = await findCallerVisit(ctx, id);
      const row = await updateVisit(
        ctx.db,
        visit,
        {
          ...changes,
          // An erased visit's answers stay erased: sending some is refused as its other details are.
          Answers:
            Answers === undefined
              ? undefined
              : visit.erased_at !== null
                ? {}
                : await correctedAnswers(ctx, visit, Answers),
        },
        ctx.services.now(),
        actorOf(ctx.identity),
      );
      return toVisit(row);
    }),

  approve: decisionProcedure(
    "approved",
    "Approve a visit waiting past its program's visit limit, with a reason (staff; recorded in the audit log)",
  ),

  decline: decisionProcedure(
    "declined",
    "Decline a visit waiting past its program's visit limit, with a reason (staff; recorded in the audit log)",
  ),

  signOut: tabletCallProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/visits/{id}/sign-out",
        tags: ["visits"],
        summary: "Sign a visitor out; a second sign-out keeps the first time",
        errorResponses: { 403: "A tablet of another location" },
      },
    })
    .input(idParam)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      // One UPDATE, limited to a tablet's location (the tablet checked by it too); only when it
      // matches nothing are the tablet and the visit looked up, to answer 401, 404 or 403.
      const now = ctx.services.now();
      const { identity } = ctx;
      const writer = writerOf(identity);
      const byTablet = "tablet" in writer;
      // Staff sign out their own locations' visitors; another location's visit is not found.
      if (identity.kind === "user") await findCallerVisit({ ...ctx, identity }, input.id);
      // The sheet's sign-out is the visitor's own; anyone logged in doing it is staff.
      const visit = await signOutVisit(
        ctx.db,
        input.id,
        now,
        byTablet ? "visitor" : "staff",
        writer,
        // A tablet's reaches a visit still open, or one ended within tabletSignOutReachMs (a retry).
        byTablet ? new Date(now.getTime() - tabletSignOutReachMs) : null,
      );
      if (visit) return toVisit(visit);
      if (byTablet) {
        // Checked once per request: a refusal's own re-check (tabletCallProcedure) reuses it.
        const caller = await ctx.checkedIdentity();
        if (caller.kind === "anonymous") throw tabletDisconnected();
        assertLocationAccess(caller, (await findVisit(ctx.db, input.id)).location_id);
      }
      throw notFound("Visit");
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/visits/{id}",
        tags: ["visits"],
        summary: "Delete a visit (admin)",
      },
    })
    .input(idParam)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      const row = await deleteVisit(ctx.db, input.id, ctx.services.now(), actorOf(ctx.identity));
      if (!row) throw notFound("Visit");
      return toVisit(row);
    }),
});
