import { z } from "zod";
import { calendarDate, visitFilterInput } from "../visits/schema.ts";
import { maxSummaryDays } from "./summary-schema.ts";

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/** A period (both days inclusive, in timeZone), and a location and/or program or neither. */
export const funderSummaryInput = visitFilterInput
  .extend({
    from: calendarDate,
    to: calendarDate,
    format: z
      .enum(["json", "csv"])
      .optional()
      .meta({ description: "csv: the same figures as a CSV attachment (staff)" }),
  })
  .superRefine((input, ctx) => {
    const days = dayNumber(input.to) - dayNumber(input.from) + 1;
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["to"], message: "To must be on or after From" });
    else if (days > maxSummaryDays)
      ctx.addIssue({ code: "custom", path: ["to"], message: `At most ${maxSummaryDays} days` });
  });
export type FunderSummaryInput = z.infer<typeof funderSummaryInput>;

const count = z.number().int();

export const funderSummarySchema = z
  .object({
    visits: count,
    people: count.meta({
      description:
        "unduplicated people: visits counted once per phone number, erased visits included (each keeps a keyed hash of its phone)",
    }),
    newPeople: count.meta({
      description:
        "people whose first visit ever, at the chosen location and program, falls in the period",
    }),
    returningPeople: count.meta({ description: "people who had visited before the period" }),
    perProgramMonth: z.array(
      z.object({
        programId: count,
        programName: z.string(),
        month: z.string().meta({ description: "YYYY-MM, in timeZone", example: "2026-11" }),
        visits: count,
        people: count,
      }),
    ),
  })
  .meta({ id: "FunderSummary" });
export type FunderSummary = z.infer<typeof funderSummarySchema>;
