import { languages } from "@vsi/i18n/languages";
import { z } from "zod";
import { visitFilterInput } from "../visits/schema.ts";
import { calendarDate } from "../kernel/calendar.ts";
import { maxSummaryDays } from "./summary-schema.ts";
import { periodDays } from "../kernel/calendar.ts";
import { questionKinds } from "../questions/schema.ts";
import { say, reportMessages } from "../kernel/messages.ts";

/** An age band: from `from` to `to` years old, both included (`to` null: and older). */
export interface AgeBand {
  band: string;
  from: number;
  to: number | null;
}

/** The bands a funder summary counts individuals in when none are asked for. */
export const defaultAgeBands = "0-17,18-64,65-";

/** The oldest age a band may name. */
export const maxBandAge = 130;

/**
 * Bands as a query writes them, "0-17,18-64,65-": from 0, each starting the year after the one
 * before ends, ages up to maxBandAge, the last open; so every known age is in one band, and the
 * bands and "unknown" add up to the individuals. Undefined when they are not so.
 */
export function readAgeBands(text: string): AgeBand[] | undefined {
  const bands: AgeBand[] = [];
  for (const band of text.split(",")) {
    const match = /^(\d{1,3})-(\d{1,3})?$/.exec(band.trim());
    if (!match) return undefined;
    const from = Number(match[1]);
    const to = match[2] === undefined ? null : Number(match[2]);
    const expected = bands.length ? (bands.at(-1)!.to ?? -1) + 1 : 0;
    if (
      from !== expected ||
      from > maxBandAge ||
      (to !== null && (to < from || to > maxBandAge)) ||
      bands.at(-1)?.to === null
    )
      return undefined;
    bands.push({ band: band.trim(), from, to });
  }
  return bands.at(-1)?.to === null ? bands : undefined;
}

/** Age bands as text ("0-17,18-64,65-"), checked by readAgeBands and kept as written. */
export const ageBandsText = z
  .string()
  .trim()
  .max(200, say(reportMessages.ageBands))
  .refine((text) => readAgeBands(text) !== undefined, say(reportMessages.ageBands));

const ageBandsInput = ageBandsText
  .default(defaultAgeBands)
  .transform((text) => readAgeBands(text)!)
  .meta({
    description:
      "the age bands individuals are counted in, e.g. 0-17,18-64,65- (the default) or 0-17,18-59,60-: from 0, each starting the year after the one before ends, the last open",
  });

/** A period (both days inclusive, in timeZone), and a location and/or program or neither. */
export const funderSummaryInput = visitFilterInput
  .extend({
    from: calendarDate,
    to: calendarDate,
    language: z.enum(languages).optional().meta({
      description:
        "the language of the programs' names, the questions' words and the answers' labels (`label`), and of the CSV's file name; English when left out",
    }),
    format: z
      .enum(["json", "csv"])
      .optional()
      .meta({ description: "csv: the same figures as a CSV attachment (staff)" }),
    ageBands: ageBandsInput,
  })
  .superRefine((input, ctx) => {
    const days = periodDays(input.from, input.to);
    if (days < 1)
      ctx.addIssue({ code: "custom", path: ["to"], message: say(reportMessages.toBeforeFrom) });
    else if (days > maxSummaryDays)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: say(reportMessages.atMostDays, { days: maxSummaryDays }),
      });
  });
/** The summary's input, with the caller's locations when they hold only some and named none. */
export type FunderSummaryInput = Omit<z.infer<typeof funderSummaryInput>, "ageBands"> & {
  locationIds?: readonly number[] | undefined;
  /** The default bands when left out. */
  ageBands?: AgeBand[] | undefined;
};

const count = z.number().int();

export const questionFiguresSchema = z
  .object({
    questionId: count,
    kind: z.enum(questionKinds),
    label: z.string().meta({
      description: "the question's words as it is now, in `language` (English by default)",
    }),
    retired: z.boolean().meta({ description: "no longer asked; counted for the dates it was" }),
    answered: count.meta({ description: "people who answered it in the period" }),
    counts: z.array(z.object({ value: z.string(), label: z.string(), count })).meta({
      description:
        "people per answer (`label` in `language`): per choice (several choices: each picked one), true/false for yes/no and consent, " +
        "the most frequent ZIP codes (5 digits) then `other`, age bands at the visit (0-5, 6-12, 13-17, 18-24, 25-44, 45-64, 65+) for a date; " +
        "empty for text and numbers",
    }),
    sum: z.number().nullable().meta({
      description:
        "a number question: the total of the answers (e.g. people in the households served)",
    }),
    mean: z
      .number()
      .nullable()
      .meta({ description: "a number question: the average answer, to two decimals" }),
  })
  .meta({
    id: "QuestionFigures",
    description:
      "Each person counted once, by their latest answer in the period (erased visits included: they keep what is counted)",
  });
export type QuestionFigures = z.infer<typeof questionFiguresSchema>;

/** A month's figures; its new people added up over the months are the period's. */
const monthFigures = {
  month: z.string().meta({ description: "YYYY-MM, in timeZone", example: "2026-11" }),
  visits: count,
  people: count,
  newPeople: count.meta({
    description:
      "people whose first visit ever (to the program, on a program's row) is in this month and the period",
  }),
  returningPeople: count.meta({
    description: "people of the month who had come before it (or before the period)",
  }),
};

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
    households: count.meta({
      description:
        "unduplicated households served in the period (visits to programs that sign in households)",
    }),
    newHouseholds: count.meta({
      description:
        "households whose first visit ever, at the chosen location and program, falls in the period",
    }),
    individuals: count.meta({
      description:
        "unduplicated individuals served: per household its largest party in the period (or the members who came, when more), and per person without a household their largest party",
    }),
    partySizes: count.meta({
      description:
        "the sum of the period's visits' party sizes: each visit counts the people it brought (1 for a visit of one), however often they came",
    }),
    ageBands: z.array(z.object({ band: z.string(), count })).meta({
      description:
        "individuals by age at their first visit in the period, from the household members' birth dates, in the bands asked for (ageBands), then `unknown`: everyone counted whose age is not known; they add up to individuals",
    }),
    perProgramMonth: z.array(
      z.object({
        programId: count,
        programName: z.string().meta({
          description: "in `language`: its Spanish name where it has one, else its name",
        }),
        ...monthFigures,
      }),
    ),
    perMonth: z.array(z.object(monthFigures)).meta({
      description:
        "every program together, a row per month: people counted once across the programs, new to the place (chosen location, or any) that month",
    }),
    questions: z.array(questionFiguresSchema).meta({
      description:
        "per question answered in the period (and, with programId, each live question it asks), in the questions' order",
    }),
  })
  .meta({ id: "FunderSummary" });
export type FunderSummary = z.infer<typeof funderSummarySchema>;
