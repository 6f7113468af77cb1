import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { dayStart, visitConditions, type VisitFilters } from "../visits/filters.ts";
import { answerFiguresStatement, questionFigures, questionsStatement } from "./answer-summary.ts";
import type { FunderSummary, FunderSummaryInput } from "./funder-summary-schema.ts";

/**
 * The figures a funder asks for, over a period: visits, people counted once (by their visits'
 * keys, which outlive erasure), how many came for the first time, and visits and people per
 * program and month. "First time" looks at the same location and program over all time.
 */
export async function funderSummary(
  db: Executor,
  input: FunderSummaryInput,
): Promise<FunderSummary> {
  const { totals, months, answers, questions } = funderSummaryStatements(db, input);
  const [counts, rows, figures, asked] = await Promise.all([
    totals.executeTakeFirstOrThrow(),
    months.execute(),
    answers.execute(),
    questions.execute(),
  ]);
  return {
    ...totalsOf(counts),
    perProgramMonth: rows.map((row) => ({
      programId: row.program_id,
      programName: row.name,
      month: row.month,
      visits: Number(row.visits),
      people: Number(row.people),
    })),
    questions: questionFigures(asked, figures, input.programId),
  };
}

/** A new person is one of the period's who had not come before it, to the same place. */
function totalsOf(counts: { visits: number | null; people: number; returning: number }) {
  const people = Number(counts.people);
  const returning = Number(counts.returning);
  return {
    visits: Number(counts.visits),
    people,
    newPeople: people - returning,
    returningPeople: returning,
  };
}

/** The summary's totals alone (visits, people, new and returning people), as funderSummary counts them. */
export async function funderTotals(db: Executor, input: FunderSummaryInput) {
  return totalsOf(await funderSummaryStatements(db, input).totals.executeTakeFirstOrThrow());
}

/** The summary's statements, unrun (the bench explains them). */
export function funderSummaryStatements(db: Executor, input: FunderSummaryInput) {
  const place: VisitFilters = {
    locationId: input.locationId,
    programId: input.programId,
    timeZone: input.timeZone,
  };
  const period: VisitFilters = { ...place, from: input.from, to: input.to };
  // One pass over the place's visits up to the period's end, one row per person: whether they
  // came in the period, and whether before it. Cheaper than joining the period's people back to
  // their history, and it keeps its hash table to one row per person.
  const periodStart = dayStart(input.from, input.timeZone);
  const totals = db
    .with("people", (qc) =>
      qc
        .selectFrom("visits")
        .select([
          "visits.visitor_key",
          sql<boolean>`bool_or(visits.time_in >= ${periodStart})`.as("in_period"),
          sql<boolean>`bool_or(visits.time_in < ${periodStart})`.as("before"),
        ])
        .where(visitConditions({ ...place, to: input.to }))
        .where("visits.visitor_key", "is not", null)
        .groupBy("visits.visitor_key"),
    )
    .selectFrom("people")
    .select((eb) => [
      eb
        .selectFrom("visits")
        .select(eb.fn.countAll<number>().as("n"))
        .where(visitConditions(period))
        .as("visits"),
      sql<number>`count(*) filter (where people.in_period)`.as("people"),
      sql<number>`count(*) filter (where people.in_period and people.before)`.as("returning"),
    ]);

  const months = db
    .selectFrom("visits")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .select((eb) => [
      "visits.program_id",
      "programs.name",
      sql<string>`to_char(visits.time_in at time zone ${input.timeZone}, 'YYYY-MM')`.as("month"),
      eb.fn.countAll<number>().as("visits"),
      eb.fn.count<number>("visits.visitor_key").distinct().as("people"),
    ])
    .where(visitConditions(period))
    .groupBy(["visits.program_id", "programs.name", "month"])
    .orderBy("month")
    .orderBy("programs.name");
  return {
    totals,
    months,
    answers: answerFiguresStatement(db, period),
    questions: questionsStatement(db),
  };
}
