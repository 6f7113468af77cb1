import { languages } from "@vsi/i18n/languages";
import { z } from "zod";
import { id } from "../kernel/schema.ts";
import { fieldMessages, reportMessages, say } from "../kernel/messages.ts";
import { timeZone, type CalendarDate, type TimeZone } from "../kernel/calendar.ts";

/** The longest span the partner report covers: a figure per program, location and month each. */
export const maxPartnerMonths = 24;

/** A calendar month, "2026-02". */
export const calendarMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, say(reportMessages.month))
  .meta({ example: "2026-02" });

/** Months from `from` to `to` ("YYYY-MM"), both counted: less than 1 when To is before From. */
export function monthsBetween(from: string, to: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from) + 1;
}

/** Each month from `from` to `to`, in order. */
export function monthList(from: string, to: string): string[] {
  const year = Number(from.slice(0, 4));
  const month = Number(from.slice(5, 7)) - 1;
  return Array.from({ length: Math.max(0, monthsBetween(from, to)) }, (_, at) => {
    const date = new Date(Date.UTC(year, month + at, 1));
    return date.toISOString().slice(0, 7);
  });
}

/** A month's first and last days, "2026-02-01" and "2026-02-28". */
export function monthDays(month: string): { from: CalendarDate; to: CalendarDate } {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(5, 7));
  const last = new Date(Date.UTC(year, index, 0)).getUTCDate();
  return {
    from: `${month}-01` as CalendarDate,
    to: `${month}-${String(last).padStart(2, "0")}` as CalendarDate,
  };
}

export const partnerReportInput = z
  .object({
    from: calendarMonth.meta({ description: "the first month, YYYY-MM" }),
    to: calendarMonth.meta({ description: "the last month, YYYY-MM (at most 24 months on)" }),
    locationId: id.optional().meta({
      description: "one location; left out, each of the caller's locations on its own rows",
    }),
    programId: id.optional().meta({ description: "one program; left out, each program" }),
    presetId: id.optional().meta({
      description:
        "the report preset whose age bands individuals are counted in; left out, the funder summary's default bands (0-17,18-64,65-)",
    }),
    timeZone: timeZone.default("UTC" as TimeZone).meta({
      description: "the IANA zone months are read in",
    }),
    language: z.enum(languages).optional().meta({
      description:
        "the language of the programs' names (and of the printed page); English when left out",
    }),
    format: z
      .enum(["json", "csv"])
      .optional()
      .meta({ description: "csv: the same figures as a CSV attachment" }),
  })
  .superRefine((input, ctx) => {
    if (!calendarMonth.safeParse(input.from).success || !calendarMonth.safeParse(input.to).success)
      return;
    const months = monthsBetween(input.from, input.to);
    if (months < 1)
      ctx.addIssue({ code: "custom", path: ["to"], message: say(reportMessages.toBeforeFrom) });
    else if (months > maxPartnerMonths)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: say(fieldMessages.atMostMonths, { months: maxPartnerMonths }),
      });
  });
export type PartnerReportInput = z.infer<typeof partnerReportInput> & {
  locationIds?: readonly number[] | undefined;
};

const count = z.number().int();

export const partnerReportRowSchema = z.object({
  month: z.string().meta({ description: "YYYY-MM, in timeZone", example: "2026-02" }),
  locationId: count,
  locationName: z.string(),
  programId: count,
  programName: z.string().meta({ description: "in `language`" }),
  visits: count,
  households: count.meta({
    description: "unduplicated households served that month, as the funder summary counts them",
  }),
  newHouseholds: count.meta({
    description:
      "households whose first visit ever, at this location and program, falls in the month",
  }),
  individuals: count.meta({
    description: "unduplicated individuals served that month, as the funder summary counts them",
  }),
  partySizes: count.meta({
    description: "the sum of the month's visits' party sizes, as the funder summary counts it",
  }),
  ageBands: z.array(z.object({ band: z.string(), count })).meta({
    description: "individuals in the preset's bands, then `unknown`; they add up to individuals",
  }),
});
export type PartnerReportRow = z.infer<typeof partnerReportRowSchema>;

export const partnerReportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    months: z.array(z.string()).meta({ description: "each month of the report, in order" }),
    preset: z
      .object({ id: count, name: z.string() })
      .nullable()
      .meta({ description: "the preset asked for, null for the default bands" }),
    bands: z.array(z.string()).meta({
      description: "the bands counted, in order, `unknown` last",
      example: ["0-17", "18-64", "65-", "unknown"],
    }),
    rows: z.array(partnerReportRowSchema).meta({
      description:
        "a row per month, location and program that had visits, by month, then location and program by name",
    }),
  })
  .meta({ id: "PartnerReport" });
export type PartnerReport = z.infer<typeof partnerReportSchema>;
