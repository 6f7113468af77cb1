import { languages } from "@vsi/i18n/languages";
import { z } from "zod";
import { periodDays } from "../kernel/calendar.ts";
import { visitFilterInput } from "../visits/schema.ts";
import { say, reportMessages } from "../kernel/messages.ts";

/** Longest span a per-day summary fills with zero days: ten years of bars is already unreadable. */
export const maxSummaryDays = 3660;

export const visitSummaryInput = visitFilterInput
  .extend({
    groupBy: z.enum(["day", "program", "location"]).default("day"),
    language: z.enum(languages).optional().meta({
      description:
        "the language of the programs' names (`label`): a program's Spanish name where it has one; English when left out",
    }),
  })
  .superRefine((input, ctx) => {
    if (!input.from || !input.to) return;
    const days = periodDays(input.from, input.to);
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["to"], message: say(reportMessages.toBeforeFrom) });
    else if (input.groupBy === "day" && days > maxSummaryDays)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: say(reportMessages.atMostDaysByDay, { days: maxSummaryDays }),
      });
  });
export type VisitSummaryInput = z.infer<typeof visitSummaryInput>;

const count = z.number().int();
/** Minutes between time in and time out, over signed-out visits only; null when none is. */
const averageStayMinutes = z.number().nullable();

/** One part of a day's bar: a program's visits, or a location's when one program is chosen. */
export const summarySliceSchema = z.object({ key: z.string(), label: z.string(), count });

export const summaryGroupSchema = z
  .object({
    /** The day (YYYY-MM-DD in timeZone), or the program's or location's id. */
    key: z.string(),
    label: z.string(),
    count,
    uniqueVisitors: count,
    averageStayMinutes,
    /** groupBy=day: the day's visits by program (by location when programId is set). */
    stack: z.array(summarySliceSchema).optional(),
  })
  .meta({ id: "VisitSummaryGroup" });

export const visitSummarySchema = z.object({
  totalVisits: count,
  uniqueVisitors: count,
  averageStayMinutes,
  groupBy: z.enum(["day", "program", "location"]),
  /** What a day's stack is split by. */
  stackBy: z.enum(["program", "location"]).nullable(),
  groups: z.array(summaryGroupSchema),
});
export type VisitSummary = z.infer<typeof visitSummarySchema>;
