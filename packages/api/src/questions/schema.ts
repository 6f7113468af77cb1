import { z } from "zod";
import { id, isoDateTime, jsonBoolean, text } from "../kernel/schema.ts";
import { calendarDate, timeZone, type TimeZone } from "../kernel/calendar.ts";
import { say, fieldMessages, questionMessages } from "../kernel/messages.ts";
import { defaultNumberRange, widestNumberRange } from "./answers-schema.ts";
import { questionKinds, type QuestionKind } from "./kinds-schema.ts";

export { questionKinds, type QuestionKind } from "./kinds-schema.ts";
export const askEveryValues = ["visit", "visitor"] as const;

/** The kinds whose answers are picked from the question's Choices. */
export const kindsWithChoices: readonly QuestionKind[] = ["choice", "choices"];

export const bilingualSchema = z.object({ en: z.string(), es: z.string() });

/** Words in English (required) and Spanish (the kiosk shows the English where it is blank). */
export const bilingual = (label: string, max: number, options?: { multiline?: boolean }) =>
  z.object({
    en: text(options)
      .trim()
      .min(1, say(questionMessages.requiredInEnglish, { label }))
      .max(max, say(fieldMessages.tooLong, { label })),
    es: text(options).trim().max(max, say(fieldMessages.tooLong, { label })).default(""),
  });
const optionalBilingual = (label: string, max: number) =>
  z.object({
    en: text({ multiline: true })
      .trim()
      .max(max, say(fieldMessages.tooLong, { label }))
      .default(""),
    es: text({ multiline: true })
      .trim()
      .max(max, say(fieldMessages.tooLong, { label }))
      .default(""),
  });

export const choiceId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, say(questionMessages.choiceId));

const choiceInput = z.object({
  /** Left out for a new choice: the server gives it one, which its answers then keep. */
  id: choiceId.optional(),
  Label: bilingual("A choice's label", 200),
});
export type ChoiceInput = z.output<typeof choiceInput>;

const boundMessage = say(questionMessages.boundRange, widestNumberRange);
const bound = z
  .number()
  .min(widestNumberRange.min, boundMessage)
  .max(widestNumberRange.max, boundMessage)
  .nullable();
const widest = `from ${widestNumberRange.min} to ${widestNumberRange.max}`;
const minDescription = `a number's smallest answer, ${widest}; null: ${defaultNumberRange.min} (so a Max set alone is at least that)`;
const maxDescription = `a number's largest answer, ${widest}; null: ${defaultNumberRange.max} (so a Min set alone is at most that)`;
const minBound = bound.meta({ description: minDescription });
const maxBound = bound.meta({ description: maxDescription });
const reaskAfterMonths = z
  .number()
  .int(say(questionMessages.wholeMonths))
  .min(1, say(questionMessages.atLeastOneMonth))
  .max(120, say(fieldMessages.atMostMonths, { months: 120 }))
  .nullable();
const choicesInput = z
  .array(choiceInput)
  .max(50, say(questionMessages.atMostChoices, { count: 50 }));
const programIds = z.array(id).max(1000).meta({
  description:
    "the programs that ask it, each a live program (else 422 at its place); empty: every program",
});

// Help, Choices and Label are replaced whole by an update that sends them.
const questionFields = {
  Kind: z.enum(questionKinds),
  Label: bilingual("Label", 300),
  Help: optionalBilingual("Help", 1000),
  Required: jsonBoolean,
  Choices: choicesInput,
  Min: minBound,
  Max: maxBound,
  ProgramIds: programIds,
  AskEvery: z.enum(askEveryValues),
  ReaskAfterMonths: reaskAfterMonths,
  Position: z.number().int().min(0).max(10_000).optional().meta({
    description:
      "where it goes among its owner's live questions (the network's, or its location's own), from 0; left out: last (on an update: where it is)",
  }),
};

/** A question as a whole, for its rules across fields. */
export interface QuestionDefinition {
  Kind: QuestionKind;
  Choices: Array<{ id?: string | undefined }>;
  Min: number | null;
  Max: number | null;
  AskEvery: (typeof askEveryValues)[number];
  ReaskAfterMonths: number | null;
}

/** What a question's fields must say together: empty when the question makes sense. */
export function questionProblems(
  question: QuestionDefinition,
): Array<{ path: string; message: string }> {
  const problems: Array<{ path: string; message: string }> = [];
  const hasChoices = kindsWithChoices.includes(question.Kind);
  if (hasChoices && question.Choices.length === 0)
    problems.push({ path: "Choices", message: say(questionMessages.giveAChoice) });
  if (!hasChoices && question.Choices.length > 0)
    problems.push({ path: "Choices", message: say(questionMessages.choicesOnlyForChoice) });
  const ids = question.Choices.flatMap((choice) => (choice.id === undefined ? [] : [choice.id]));
  if (new Set(ids).size !== ids.length)
    problems.push({ path: "Choices", message: say(questionMessages.choiceIdsDiffer) });
  if (question.Kind !== "number") {
    if (question.Min !== null)
      problems.push({ path: "Min", message: say(questionMessages.rangeOnlyForNumber) });
    if (question.Max !== null)
      problems.push({ path: "Max", message: say(questionMessages.rangeOnlyForNumber) });
  } else if (question.Min !== null && question.Max !== null) {
    if (question.Min > question.Max)
      problems.push({ path: "Max", message: say(questionMessages.maxBelowMin) });
  } else if (question.Min !== null && question.Min > defaultNumberRange.max) {
    // Without its Max, the answers would have to be above the default Max and below it at once.
    problems.push({ path: "Max", message: say(questionMessages.setMax, defaultNumberRange) });
  } else if (question.Max !== null && question.Max < defaultNumberRange.min) {
    problems.push({ path: "Min", message: say(questionMessages.setMin, defaultNumberRange) });
  }
  if (question.AskEvery === "visit" && question.ReaskAfterMonths !== null)
    problems.push({
      path: "ReaskAfterMonths",
      message: say(questionMessages.reaskOnlyRemembered),
    });
  return problems;
}

export const questionInput = z
  .object({
    ...questionFields,
    Help: questionFields.Help.default({ en: "", es: "" }),
    Required: jsonBoolean.default(false),
    Choices: choicesInput.default([]),
    Min: minBound.default(null),
    Max: maxBound.default(null),
    ProgramIds: programIds.default([]),
    AskEvery: z.enum(askEveryValues).default("visit"),
    ReaskAfterMonths: reaskAfterMonths.default(null),
    LocationId: id.nullable().default(null).meta({
      description:
        "the location whose own question this is (asked there alone; a site admin's must be one they administer); null or left out: the network's, asked at every location (network admins only). A network admin may change it later (PATCH)",
    }),
  })
  .superRefine((question, ctx) => {
    for (const { path, message } of questionProblems(question))
      ctx.addIssue({ code: "custom", path: [path], message });
  });
export type QuestionInput = z.output<typeof questionInput>;

// The update lists the same fields without defaults: a field left out stays as it is. Its rules
// across fields are checked against the question as the update leaves it.
export const questionUpdateInput = z
  .object(questionFields)
  .partial()
  .extend({
    id,
    LocationId: id.nullable().optional().meta({
      description:
        "another owner: a location (its own question, asked there alone) or null (the network's, asked everywhere); network admins only. It goes last among its new owner's questions unless Position says where; its answers stay",
    }),
  });
export type QuestionChanges = Omit<z.output<typeof questionUpdateInput>, "id">;

export const questionListInput = z.object({
  /** The questions that program asks. */
  programId: id.optional(),
  /**
   * The questions asked by any program of that location, the network's and its own (a tablet: its
   * own, the default).
   */
  locationId: id.optional(),
  asked: z.enum(["now", "period"]).default("now").meta({
    description:
      "now: the live questions; period: those asked during from..to (days in timeZone; either end open), retired ones included after the live, as the report's columns",
  }),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  timeZone: timeZone.default("UTC" as TimeZone),
});

export const questionSchema = z
  .object({
    id: z.number().int(),
    Kind: z.enum(questionKinds),
    Label: bilingualSchema,
    Help: bilingualSchema,
    Required: z.boolean(),
    Choices: z.array(z.object({ id: z.string(), Label: bilingualSchema })),
    Min: z.number().nullable().meta({ description: minDescription }),
    Max: z.number().nullable().meta({ description: maxDescription }),
    ProgramIds: z
      .array(z.number().int())
      .meta({ description: "the programs that ask it; empty: every program" }),
    AskEvery: z.enum(askEveryValues).meta({
      description: "visit: asked at every sign-in; visitor: remembered by phone number",
    }),
    ReaskAfterMonths: z.number().int().nullable().meta({
      description: "a remembered answer is asked again once this many months old; null: never",
    }),
    Position: z.number().int().meta({
      description:
        "order among its owner's live questions, from 0: a form asks the network's first in their order, then its location's own in theirs",
    }),
    LocationId: z.number().int().nullable().meta({
      description: "the location whose own question it is, asked there alone; null: the network's",
    }),
    RetiredAt: isoDateTime
      .nullable()
      .meta({ description: "when it stopped being asked; its answers stay" }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "Question" });
export type QuestionAnswer = z.output<typeof questionSchema>;
