import { z } from "zod";
import { actorOf } from "../kernel/audit.ts";
import { adminProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import { heldLocationIds, withinCallerLocations } from "../kernel/permissions.ts";
import { mailReady, setupChecklist } from "../admin/setup.ts";
import { funderSummary } from "./funder-summary.ts";
import { funderSummaryInput, funderSummarySchema } from "./funder-summary-schema.ts";
import { networkSummary } from "./network-summary.ts";
import { partnerReport } from "./partner-report.ts";
import { partnerReportInput, partnerReportSchema } from "./partner-report-schema.ts";
import { networkSummarySchema } from "./network-summary-schema.ts";
import { todayFigures } from "./today.ts";
import { todayInput, todaySchema } from "./today-schema.ts";
import { reportSettings, setFiscalYearStart } from "./report-settings.ts";
import { reportSettingsInput, reportSettingsSchema } from "./report-settings-schema.ts";

export const reportsRouter = router({
  summary: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/summary",
        tags: ["reports"],
        summary:
          "Staff: a period's figures for a funder — visits, unduplicated people (by phone, erased visits included), new and returning people, households (new ones too) and individuals by age band, visits and people per program and month, each question's answers (each person once, by their latest answer); format=csv for a CSV file",
        description:
          "With format=csv, the same figures as a text/csv; charset=utf-8 attachment that starts with a UTF-8 byte order mark, named like the report's " +
          "(summary-2026-11-01-to-2026-11-30-valencia.csv; filename* keeps non-ASCII names). Columns: Program, Period, Visits, People, NewPeople, ReturningPeople. " +
          "The first line is the period's totals (Period from/to, e.g. 2026-11-01/2026-11-30; Program the chosen one or All programs), then a line per program and month " +
          "(Period YYYY-MM in timeZone; NewPeople and ReturningPeople empty, as they are judged over the whole period). " +
          "When households were served, a blank line and a table with columns Program, Period, Figure, Count follow: Households, NewHouseholds, Individuals, then Individuals <band> for each age band asked (ageBands) and Individuals unknown. " +
          "When questions were answered, a blank line and a second table follow, with columns Program, Period, Question, Answer, People, Sum, Mean: " +
          "per question a line Answered (the people who answered; a number's Sum and Mean), then a line per choice, ZIP code or age band. " +
          "With a locationId whose line gave numbers in the period, a blank line and the line's table end the file, with columns Day, Program, Numbered, Called, MedianWaitMinutes, P90WaitMinutes, AverageWaitMinutes, LongestWaitMinutes: " +
          "a line per day (in the location's zone) and program, the waits from sign-in to call, as GET /locations/{id}/queue/waits answers them. " +
          "The questions and answers are in `language` (English by default); the column names and Answered stay as they are. " +
          "A cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe so spreadsheets show it as text.",
      },
    })
    .input(funderSummaryInput)
    .output(funderSummarySchema)
    .query(({ ctx, input }) => funderSummary(ctx.db, withinCallerLocations(ctx.identity, input))),

  network: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/network",
        tags: ["reports"],
        summary:
          "Staff: the roll-up — the funder summary's totals (visits, people, new and returning people) for all the caller's locations together and for each location side by side (a network admin: every location); format=csv for a CSV file",
        description:
          "The same period, program and zone as /reports/summary. A person who went to two locations counts once in `network` and once at each location. " +
          "With format=csv, a text/csv; charset=utf-8 attachment with a UTF-8 byte order mark, columns Location, Program, Period, Visits, People, NewPeople, ReturningPeople: " +
          "the first line every location together (Location All locations), then a line per location; a cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe.",
      },
    })
    .input(funderSummaryInput)
    .output(networkSummarySchema)
    .query(({ ctx, input }) => networkSummary(ctx.db, withinCallerLocations(ctx.identity, input))),

  partner: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/partner",
        tags: ["reports"],
        summary:
          "Staff: the monthly partner report — for each month, location and program that had visits, the funder summary's households, new households, individuals (unduplicated, and the sum of party sizes) and individuals by the preset's age bands; format=csv for a CSV file, /reports/partner/print for a page to print",
        description:
          "Each figure is the funder summary's for that month, location and program alone. A site's staff see their own locations' rows. " +
          "With format=csv, a text/csv; charset=utf-8 attachment with a UTF-8 byte order mark, named like partner-report-2026-01-to-2026-03-valencia.csv, " +
          "columns Month, Location, Program, Visits, Households, NewHouseholds, Individuals, PartySizes, then Individuals <band> for each of the preset's bands and Individuals unknown; " +
          "a cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe.",
        errorResponses: {
          422: "A month not written YYYY-MM, To before From or more than 24 months on, or an unknown presetId: each at its field",
        },
      },
    })
    .input(partnerReportInput)
    .output(partnerReportSchema)
    .query(({ ctx, input }) => partnerReport(ctx.db, withinCallerLocations(ctx.identity, input))),

  settings: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/reports/settings",
        tags: ["reports"],
        summary:
          "Staff: what the reports' date shortcuts need, the month the fiscal year starts in",
      },
    })
    .input(z.void())
    .output(reportSettingsSchema)
    .query(({ ctx }) => reportSettings(ctx.db)),

  updateSettings: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/reports/settings",
        tags: ["reports"],
        summary: "Set the month the fiscal year starts in, 1 to 12 (admin)",
      },
    })
    .input(reportSettingsInput)
    .output(reportSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      await setFiscalYearStart(
        ctx.db,
        input.fiscalYearStartMonth,
        actorOf(ctx.identity),
        ctx.services.now(),
      );
      return reportSettings(ctx.db);
    }),

  /** The dashboard in one call: the figures, and for an admin the "get set up" list. */
  today: staffProcedure
    .input(todayInput)
    .output(todaySchema)
    .query(async ({ ctx, input }) => ({
      ...(await todayFigures(ctx.db, input, ctx.services.now(), heldLocationIds(ctx.identity))),
      setup: ctx.user.is_admin
        ? await setupChecklist(ctx.db, { mailReady: mailReady(ctx.services) })
        : null,
    })),
});
