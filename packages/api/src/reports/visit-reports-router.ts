import { z } from "zod";
import { withinCallerLocations } from "../kernel/permissions.ts";
import { wholeList } from "../kernel/pagination.ts";
import { router, staffProcedure } from "../kernel/trpc.ts";
import { callerFiltersOf } from "../visits/filters.ts";
import { onSiteInput, visitListSchema } from "../visits/schema.ts";
import { onSiteVisits } from "./on-site.ts";
import { summaryGroupSchema, visitSummaryInput, visitSummarySchema } from "./summary-schema.ts";
import { visitSummary } from "./summary.ts";

/**
 * The visits' reports: who is on site now, and visits counted per day, program or location.
 * Called as visits' operations (`visits.open`, GET /visits/open, …).
 */
export const visitReportsRouter = router({
  open: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/open",
        tags: ["visits"],
        summary:
          "Staff: everyone signed in now (of one location, or all), with Location and Program, by location, program and time in; format=csv for a CSV file",
        description:
          "With format=csv, the same list in the same order as a text/csv; charset=utf-8 attachment that starts with a UTF-8 byte order mark, named like the report's " +
          "(on-site-2026-11-22-valencia.csv: today in timeZone, then the location; filename* keeps non-ASCII names). Columns: Location, Program, Name, PhoneNumber, " +
          "TimeIn (ISO 8601 with timeZone's offset at that instant). A cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe so spreadsheets show it as text.",
      },
    })
    .input(onSiteInput)
    .output(visitListSchema)
    .query(async ({ ctx, input }) =>
      wholeList(
        ctx.response,
        await onSiteVisits(ctx.db, withinCallerLocations(ctx.identity, input)),
      ),
    ),

  summary: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/visits/summary",
        tags: ["visits"],
        summary:
          "Staff: the report's visits counted per day (each day split by program, or by location when programId is set), per program or per location; " +
          "the whole's visits, unique visitors (by phone; erased visits have none and are left out) and average stay (signed-out visits, minutes) in X-Total-Visits, X-Unique-Visitors and X-Average-Stay-Minutes",
      },
    })
    .input(visitSummaryInput)
    .output(z.array(summaryGroupSchema))
    .query(async ({ ctx, input }) => {
      const summary = await visitSummary(
        ctx.db,
        callerFiltersOf(ctx.identity, input),
        input.groupBy,
        input.language,
      );
      ctx.response.headers["X-Total-Count"] = String(summary.groups.length);
      ctx.response.headers["X-Total-Visits"] = String(summary.totalVisits);
      ctx.response.headers["X-Unique-Visitors"] = String(summary.uniqueVisitors);
      ctx.response.headers["X-Average-Stay-Minutes"] =
        summary.averageStayMinutes === null ? "" : String(summary.averageStayMinutes);
      return summary.groups;
    }),

  /** The web app's summary: tRPC cannot read headers, so the totals travel with the groups. */
  summaryReport: staffProcedure
    .input(visitSummaryInput)
    .output(visitSummarySchema)
    .query(({ ctx, input }) =>
      visitSummary(ctx.db, callerFiltersOf(ctx.identity, input), input.groupBy, input.language),
    ),
});
