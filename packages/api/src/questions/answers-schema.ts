import { z } from "zod";
import {
  answerRuleMessages,
  keyOf,
  say,
  visitMessages,
  type KeyedMessage,
} from "../kernel/messages.ts";
import { text } from "../kernel/schema.ts";
import { calendarDate } from "../kernel/calendar.ts";
import type { QuestionKind } from "./kinds-schema.ts";

// One rule for an answer, built from its question's definition: the kiosk's form runs it as the
// visitor types, the server on every visit it writes. Zod and plain functions only.

/** What of a question its answers are checked against. */
export interface AskedQuestion {
  id: number;
  Kind: QuestionKind;
  Required: boolean;
  Choices: ReadonlyArray<{ id: string }>;
  Min: number | null;
  Max: number | null;
}

/** Whether a question is asked by a program: those that list no program are asked by all. */
export const asksProgram = (question: { ProgramIds: readonly number[] }, programId: number) =>
  question.ProgramIds.length === 0 || question.ProgramIds.includes(programId);

/** An answer as a visit keeps it: text, a number, yes or no, a choice id, choice ids, or a date. */
export type AnswerValue = string | number | boolean | string[];
export type Answers = Record<string, AnswerValue>;

/** The rule's messages, each from the API's catalogue (kernel/messages.ts). */
export const answerMessages = {
  required: say(visitMessages.requiredField),
  consent: say(answerRuleMessages.consent),
  notAsked: say(answerRuleMessages.notAsked),
  text: say(answerRuleMessages.text),
  number: say(answerRuleMessages.number),
  yesno: say(answerRuleMessages.yesno),
  choice: say(answerRuleMessages.choice),
  choices: say(answerRuleMessages.choices),
  date: say(visitMessages.date),
  zip: say(answerRuleMessages.zip),
  tooLong: say(answerRuleMessages.tooLong),
} as const;

/** A number's range, the bound in the message. */
export const rangeMessages = {
  min: (limit: number) => say(answerRuleMessages.min, { limit }),
  max: (limit: number) => say(answerRuleMessages.max, { limit }),
} as const;

/**
 * A number answer's range where its question sets no Min or Max, and the widest a question may
 * set: every total the reports make over these stays finite (and exact in SQL's numeric).
 */
export const defaultNumberRange = { min: -1_000_000, max: 1_000_000 } as const;
export const widestNumberRange = { min: -1_000_000_000, max: 1_000_000_000 } as const;

/** The range a number question's answers are held to: its own bounds, else the default, never past the widest. */
export function numberRange(question: { Min: number | null; Max: number | null }) {
  return {
    min: Math.max(question.Min ?? defaultNumberRange.min, widestNumberRange.min),
    max: Math.min(question.Max ?? defaultNumberRange.max, widestNumberRange.max),
  };
}

const decimal = /^-?\d+(\.\d+)?$/;

/** The rule for one question's answer, when there is one (a blank answer is checked apart). */
export function answerRule(question: AskedQuestion): z.ZodType<AnswerValue, unknown> {
  const ids = question.Choices.map((choice) => choice.id);
  switch (question.Kind) {
    case "text":
      return z
        .string({ error: answerMessages.text })
        .pipe(text({ multiline: true }).trim().max(1000, answerMessages.tooLong));
    case "number": {
      const { min, max } = numberRange(question);
      const number = z
        .number({ error: answerMessages.number })
        .min(min, rangeMessages.min(min))
        .max(max, rangeMessages.max(max));
      // A form's field holds text: digits written out count as the number they say.
      return z
        .union([z.number(), z.string().trim().regex(decimal).transform(Number)], {
          error: answerMessages.number,
        })
        .pipe(number);
    }
    case "yesno":
    case "consent":
      return z.boolean({ error: answerMessages.yesno });
    case "choice":
      return z.string({ error: answerMessages.choice }).refine((id) => ids.includes(id), {
        message: answerMessages.choice,
      });
    case "choices":
      return z
        .array(z.string(), { error: answerMessages.choices })
        .max(ids.length, answerMessages.choices)
        .refine(
          (picked) =>
            picked.every((id) => ids.includes(id)) && new Set(picked).size === picked.length,
          answerMessages.choices,
        );
    case "date":
      return z.string({ error: answerMessages.date }).pipe(calendarDate);
    case "zip":
      return z
        .string({ error: answerMessages.zip })
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, answerMessages.zip);
  }
}

/** No answer: left out, null, blank text or no choice picked. */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

export interface AnswerCheck {
  /** The answers given, as kept (trimmed, numbers as numbers); blank ones left out. */
  answers: Answers;
  /** One per question answered wrongly or left blank when required, at `Answers.<id>`, with its key. */
  errors: Array<KeyedMessage & { path: string }>;
}

/** A problem with its message's key and values, for a form to say it in the visitor's language. */
function problem(path: string, message: string): AnswerCheck["errors"][number] {
  return { path, message, ...(keyOf(message) ?? { key: "invalidInput", values: {} }) };
}

/**
 * Checks a visit's answers against the questions its program asks. `excused` are questions that
 * need no answer this time although required (a visitor's remembered answer is recent enough).
 */
export function checkAnswers(
  questions: readonly AskedQuestion[],
  given: Readonly<Record<string, unknown>>,
  excused: ReadonlySet<number> = new Set(),
): AnswerCheck {
  const answers: Answers = {};
  const errors: AnswerCheck["errors"] = [];
  const asked = new Map(questions.map((question) => [String(question.id), question]));
  for (const key of Object.keys(given))
    if (!asked.has(key)) errors.push(problem(`Answers.${key}`, answerMessages.notAsked));
  for (const [key, question] of asked) {
    const value = given[key];
    const path = `Answers.${key}`;
    if (isBlank(value)) {
      if (question.Required && !excused.has(question.id))
        errors.push(
          problem(
            path,
            question.Kind === "consent" ? answerMessages.consent : answerMessages.required,
          ),
        );
      continue;
    }
    const parsed = answerRule(question).safeParse(value);
    if (!parsed.success) {
      errors.push(problem(path, parsed.error.issues[0]?.message ?? answerMessages.required));
      continue;
    }
    // A required consent is an agreement: "no" does not answer it.
    if (question.Kind === "consent" && question.Required && parsed.data !== true) {
      errors.push(problem(path, answerMessages.consent));
      continue;
    }
    answers[key] = parsed.data;
  }
  return { answers, errors };
}
