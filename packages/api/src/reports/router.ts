import { router, staffProcedure } from "../kernel/trpc.ts";
import { funderSummary } from "./funder-summary.ts";
import { funderSummaryInput, funderSummarySchema } from "./funder-summary-schema.ts";

export const reportsRouter = router({
  summary: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/summary",
        tags: ["reports"],
        summary:
          "Staff: a period's figures for a funder — visits, unduplicated people (by phone, erased visits included), new and returning people, visits and people per program and month",
      },
    })
    .input(funderSummaryInput)
    .output(funderSummarySchema)
    .query(({ ctx, input }) => funderSummary(ctx.db, input)),
});
