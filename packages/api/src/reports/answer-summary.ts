import { sql } from "kysely";
import type { Executor, QuestionChoice, QuestionKind } from "@vsi/db";
import { visitDay, yearsSince } from "../questions/answer-figures.ts";
import { visitConditions, type VisitFilters } from "../visits/filters.ts";
import type { QuestionFigures } from "./funder-summary-schema.ts";

/** Age bands, in whole years at the visit: [value, first year, last year]. */
export const ageBands = [
  ["0-5", 0, 5],
  ["6-12", 6, 12],
  ["13-17", 13, 17],
  ["18-24", 18, 24],
  ["25-44", 25, 44],
  ["45-64", 45, 64],
  ["65+", 65, Number.POSITIVE_INFINITY],
] as const;
/** A date after the visit: no age. */
const noAge = "unknown";

/** How many ZIP codes are named before the rest are counted together as "other". */
export const topZipCodes = 10;

/**
 * Each question's answers in a period and place as one grouped pass: one row per question and
 * bucket (a choice, yes or no, a ZIP code, an age), counting each person once, by their latest
 * answer in the period (a household's size as they last gave it). Erased visits count what they
 * kept (`answer_figures`), which is what their answers gave. Unrun, for the bench to explain.
 * Its cost is reading the answers (each with its question's words) more than the DISTINCT ON:
 * hashing a "latest" aggregate instead measured no faster.
 */
export function answerFiguresStatement(db: Executor, period: VisitFilters) {
  return db
    .with("latest", (qc) =>
      qc
        .selectFrom("visits")
        .innerJoin("locations", "locations.id", "visits.location_id")
        // A function in FROM sees the tables before it: the visit's answers, or what it kept.
        .innerJoin(
          sql<{
            key: string;
            value: unknown;
          }>`jsonb_each(case when visits.erased_at is null then visits.answers
            else coalesce(visits.answer_figures, '{}') end)`.as("given"),
          (join) => join.onTrue(),
        )
        .distinctOn(["visits.visitor_key", sql`given.key`])
        .select([
          sql<string>`given.key`.as("question_id"),
          // The value alone (and an erased date's age): the question's words it is kept with
          // would only widen what is sorted.
          sql<unknown>`given.value -> 'value'`.as("value"),
          sql<string | null>`given.value ->> 'age'`.as("age"),
          visitDay("visits", "locations").as("day"),
        ])
        .where(visitConditions(period))
        .where("visits.visitor_key", "is not", null)
        .where(sql<boolean>`(visits.answers <> '{}' or visits.answer_figures is not null)`)
        .orderBy("visits.visitor_key")
        .orderBy(sql`given.key`)
        .orderBy("visits.time_in", "desc"),
    )
    .selectFrom(
      sql<{
        question_id: number;
        bucket: string | null;
        first: boolean;
        number: number | null;
      }>`(select asked.id as question_id, case
              when asked.kind in ('choice', 'yesno', 'consent') then latest.value #>> '{}'
              when asked.kind = 'zip' then left(latest.value #>> '{}', 5)
              when asked.kind = 'date' then coalesce(latest.age,
                ${yearsSince(sql`latest.value #>> '{}'`, sql`latest.day`)}::text)
            end as bucket, true as first,
            case when asked.kind = 'number' and jsonb_typeof(latest.value) = 'number'
              then (latest.value #>> '{}')::numeric end as number
          from latest join questions asked on asked.id::text = latest.question_id
          where asked.kind <> 'choices'
        union all
        -- Several choices: a row per choice picked, the first standing for the person.
        select asked.id, picked.value, picked.n = 1, null
          from latest join questions asked on asked.id::text = latest.question_id
          cross join jsonb_array_elements_text(case when jsonb_typeof(latest.value) = 'array'
            then latest.value else '[]' end) with ordinality as picked(value, n)
          where asked.kind = 'choices')`.as("answered"),
    )
    .select([
      "answered.question_id",
      "answered.bucket",
      sql<number>`count(*)`.as("people"),
      sql<number>`count(*) filter (where answered.first)`.as("answered"),
      sql<string | null>`sum(answered.number)`.as("sum"),
      sql<number>`count(answered.number)`.as("numbers"),
    ])
    .groupBy(["answered.question_id", "answered.bucket"]);
}

/** The questions the figures may name: all of them (they are few, retired ones included). */
export function questionsStatement(db: Executor) {
  return db
    .selectFrom("questions")
    .select(["id", "kind", "label", "choices", "program_ids", "position", "retired_at"])
    .orderBy(sql`retired_at is not null`)
    .orderBy("position")
    .orderBy("id");
}

interface QuestionRow {
  id: number;
  kind: QuestionKind;
  label: { en: string; es: string };
  choices: QuestionChoice[];
  program_ids: number[];
  retired_at: Date | null;
}
interface FigureRow {
  question_id: number;
  bucket: string | null;
  people: number | string;
  answered: number | string;
  sum: string | number | null;
  numbers: number | string;
}

const yesNoLabels: Record<string, Record<string, string>> = {
  yesno: { true: "Yes", false: "No" },
  consent: { true: "Agreed", false: "Did not agree" },
};

const bandOf = (age: number) =>
  ageBands.find(([, first, last]) => age >= first && age <= last)?.[0] ?? noAge;

/**
 * The figures per question, in the questions' order: those answered in the period, and the live
 * ones the chosen program asks although nobody answered them yet.
 */
export function questionFigures(
  questions: readonly QuestionRow[],
  rows: readonly FigureRow[],
  programId: number | undefined,
): QuestionFigures[] {
  const byQuestion = new Map<number, FigureRow[]>();
  for (const row of rows) {
    const id = Number(row.question_id);
    byQuestion.set(id, [...(byQuestion.get(id) ?? []), row]);
  }
  const listed = questions.filter(
    (question) =>
      byQuestion.has(question.id) ||
      (programId !== undefined &&
        question.retired_at === null &&
        (question.program_ids.length === 0 || question.program_ids.includes(programId))),
  );
  return listed.map((question) => {
    const found = byQuestion.get(question.id) ?? [];
    const answered = found.reduce((total, row) => total + Number(row.answered), 0);
    const numbers = found.reduce((total, row) => total + Number(row.numbers), 0);
    const sum = found.reduce((total, row) => total + Number(row.sum ?? 0), 0);
    const isNumber = question.kind === "number";
    return {
      questionId: question.id,
      kind: question.kind,
      label: question.label.en,
      retired: question.retired_at !== null,
      answered,
      counts: counts(question, found),
      sum: isNumber ? sum : null,
      mean: isNumber && numbers > 0 ? Math.round((sum / numbers) * 100) / 100 : null,
    };
  });
}

type Count = QuestionFigures["counts"][number];

function counts(question: QuestionRow, rows: readonly FigureRow[]): Count[] {
  const counted = new Map<string, number>();
  for (const row of rows) if (row.bucket !== null) counted.set(row.bucket, Number(row.people));
  const take = (value: string) => {
    const count = counted.get(value) ?? 0;
    counted.delete(value);
    return count;
  };
  switch (question.kind) {
    case "choice":
    case "choices": {
      const listed = question.choices.map((choice) => ({
        value: choice.id,
        label: choice.Label.en,
        count: take(choice.id),
      }));
      // A choice since taken off the question still counts, by its id.
      const gone = [...counted].map(([value, count]) => ({ value, label: value, count }));
      return [...listed, ...gone];
    }
    case "yesno":
    case "consent":
      return ["true", "false"].map((value) => ({
        value,
        label: yesNoLabels[question.kind]![value]!,
        count: take(value),
      }));
    case "zip": {
      const ranked = [...counted]
        .map(([value, count]) => ({ value, label: value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      const rest = ranked.slice(topZipCodes).reduce((total, zip) => total + zip.count, 0);
      return [
        ...ranked.slice(0, topZipCodes),
        ...(rest > 0 ? [{ value: "other", label: "Other", count: rest }] : []),
      ];
    }
    case "date": {
      const bands = new Map<string, number>();
      for (const [age, count] of counted) {
        const band = bandOf(Number(age));
        bands.set(band, (bands.get(band) ?? 0) + count);
      }
      const listed = ageBands.map(([value]) => ({
        value,
        label: value.replace("-", "–"),
        count: bands.get(value) ?? 0,
      }));
      const unknown = bands.get(noAge) ?? 0;
      return unknown > 0
        ? [...listed, { value: noAge, label: "After the visit's date", count: unknown }]
        : listed;
    }
    default:
      return [];
  }
}
