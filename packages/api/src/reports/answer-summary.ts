import { sql } from "kysely";
import type { Executor, QuestionChoice, QuestionKind } from "@vsi/db";
import { serverTranslate, type Language } from "@vsi/i18n/server";
import { wordsIn } from "@vsi/i18n/languages";
import { periodConditions, type VisitFilters } from "../visits/filters.ts";
import { widestNumberRange } from "../questions/answers-schema.ts";
import type { QuestionFigures } from "./funder-summary-schema.ts";
import { ownedAt } from "../kernel/owned-rows.ts";
import { questionOrder } from "../questions/queries.ts";

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
 * answer in the period (a household's size as they last gave it). It reads answer_figures, the
 * answers already bucketed by a trigger (one narrow row per visit and question, kept when the
 * visit is erased), and unnests the buckets only after the DISTINCT ON. Unrun, for the bench.
 */
export function answerFiguresStatement(db: Executor, period: VisitFilters) {
  const counted = sql`latest.number between ${sql.lit(widestNumberRange.min)} and ${sql.lit(widestNumberRange.max)}`;
  return db
    .with("latest", (qc) =>
      qc
        .selectFrom("answer_figures")
        .distinctOn(["answer_figures.visitor_key", "answer_figures.question_id"])
        .select(["answer_figures.question_id", "answer_figures.buckets", "answer_figures.number"])
        .where((eb) =>
          eb.and([
            ...periodConditions(period, "answer_figures"),
            eb("answer_figures.visitor_key", "is not", null),
          ]),
        )
        .orderBy("answer_figures.visitor_key")
        .orderBy("answer_figures.question_id")
        .orderBy("answer_figures.time_in", "desc"),
    )
    .selectFrom(
      // People with the same buckets counted together first: the buckets are then unnested a
      // few hundred times, not once per person. Several choices' first pick stands for the
      // person; none picked, nobody. Numbers are summed as numeric, and only those an answer may
      // be: one kept from before answers were bounded (up to 1.8e308) counts as answered but
      // would make the total too large for a JSON number.
      sql<{
        question_id: number;
        bucket: string | null;
        first: boolean;
        people: string;
        sum: string | null;
        numbers: string;
      }>`(
        select grouped.question_id, picked.bucket, picked.n = 1 as first, grouped.people,
               grouped.sum, grouped.numbers
        from (select latest.question_id, latest.buckets, count(*) as people,
                     sum(latest.number) filter (where ${counted}) as sum,
                     count(latest.number) filter (where ${counted}) as numbers
              from latest group by latest.question_id, latest.buckets) grouped
        cross join unnest(grouped.buckets) with ordinality as picked(bucket, n))`.as("answered"),
    )
    .select([
      "answered.question_id",
      "answered.bucket",
      sql<string>`sum(answered.people)`.as("people"),
      sql<string>`coalesce(sum(answered.people) filter (where answered.first), 0)`.as("answered"),
      sql<string | null>`sum(answered.sum) filter (where answered.first)`.as("sum"),
      sql<string>`coalesce(sum(answered.numbers) filter (where answered.first), 0)`.as("numbers"),
    ])
    .groupBy(["answered.question_id", "answered.bucket"]);
}

/**
 * The questions the figures may name: all of them (they are few, retired ones included), or those
 * asked at the locations shown (`at`): the network's and those locations' own.
 */
export function questionsStatement(db: Executor, at?: number | readonly number[]) {
  return db
    .selectFrom("questions")
    .select(["id", "kind", "label", "choices", "program_ids", "position", "retired_at"])
    .$if(at !== undefined, (qb) => qb.where(ownedAt("location_id", at!)))
    .orderBy(sql`retired_at is not null`)
    .orderBy(questionOrder("questions"));
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

/** The staff catalogue's words for the answers the summary names itself. */
const yesNoKeys: Record<string, Record<string, string>> = {
  yesno: { true: "yes", false: "no" },
  consent: { true: "agreed", false: "notAgreed" },
};
const fixedLabel = (language: Language, key: string) =>
  serverTranslate(language, `reports.funder.counts.${key}`);

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
  language: Language = "en",
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
      label: wordsIn(question.label, language),
      retired: question.retired_at !== null,
      answered,
      counts: counts(question, found, language),
      sum: isNumber ? sum : null,
      mean: isNumber && numbers > 0 ? Math.round((sum / numbers) * 100) / 100 : null,
    };
  });
}

type Count = QuestionFigures["counts"][number];

function counts(question: QuestionRow, rows: readonly FigureRow[], language: Language): Count[] {
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
        label: wordsIn(choice.Label, language),
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
        label: fixedLabel(language, yesNoKeys[question.kind]![value]!),
        count: take(value),
      }));
    case "zip": {
      const ranked = [...counted]
        .map(([value, count]) => ({ value, label: value, count }))
        .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
      const rest = ranked.slice(topZipCodes).reduce((total, zip) => total + zip.count, 0);
      return [
        ...ranked.slice(0, topZipCodes),
        ...(rest > 0
          ? [{ value: "other", label: fixedLabel(language, "otherZip"), count: rest }]
          : []),
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
        ? [...listed, { value: noAge, label: fixedLabel(language, "afterVisit"), count: unknown }]
        : listed;
    }
    default:
      return [];
  }
}
