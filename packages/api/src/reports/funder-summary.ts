import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
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
  const read = <T>(run: (statements: ReturnType<typeof funderSummaryStatements>) => Promise<T>) =>
    withoutJit(db, (trx) => run(funderSummaryStatements(trx, input)));
  const [counts, rows, figures, asked] = await Promise.all([
    read(({ totals }) => totals.executeTakeFirstOrThrow()),
    read(({ months }) => months.execute()),
    read(({ answers }) => answers.execute()),
    questionsStatement(db).execute(),
  ]);
  const monthFigures = (row: (typeof rows)[number]) => {
    const people = Number(row.people);
    const newPeople = Number(row.new_people);
    return {
      month: row.month,
      visits: Number(row.visits),
      people,
      newPeople,
      returningPeople: people - newPeople,
    };
  };
  // An archived program's too: the staff app's catalogue has only the live ones.
  const named = (row: (typeof rows)[number]) =>
    programName({ Name: row.name ?? "", NameEs: row.name_es }, input.language ?? "en");
  return {
    ...totalsOf(counts),
    perProgramMonth: rows.flatMap((row) =>
      row.program_id === null
        ? []
        : [{ programId: row.program_id, programName: named(row), ...monthFigures(row) }],
    ),
    perMonth: rows.flatMap((row) => (row.program_id === null ? [monthFigures(row)] : [])),
    questions: questionFigures(asked, figures, input.programId, input.language),
  };
}

/**
 * The summary's JIT settings, for its transactions: compiling its aggregates over a year of
 * visits cost more than it saved (a third of the months' time in the bench), as for the CSV.
 */
export const summarySettings = { jit: "off" } as const;

/**
 * One of the summary's reads in a transaction of its own with `summarySettings`: on a server
 * each on its own connection, at once. Inside a caller's transaction, as they are.
 */
function withoutJit<T>(db: Executor, run: (trx: Executor) => Promise<T>): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    for (const [name, value] of Object.entries(summarySettings))
      await sql`select set_config(${name}, ${value}, true)`.execute(trx);
    return run(trx);
  });
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
  return totalsOf(
    await withoutJit(db, (trx) =>
      funderSummaryStatements(trx, input).totals.executeTakeFirstOrThrow(),
    ),
  );
}

/** The summary's statements, unrun (the bench explains them). */
export function funderSummaryStatements(db: Executor, input: FunderSummaryInput) {
  const place: VisitFilters = {
    locationId: input.locationId,
    programId: input.programId,
    timeZone: input.timeZone,
  };
  const period: VisitFilters = { ...place, from: input.from, to: input.to };
  // One pass over the place's visits up to the period's end, one row per person: their visits
  // in the period, whether they came in it, and whether before it. Cheaper than joining the
  // period's people back to their history, and it keeps its hash table to one row per person.
  // Visits without a key (no phone number) are counted, as one group that is nobody.
  const periodStart = dayStart(input.from, input.timeZone);
  const totals = db
    .with("people", (qc) =>
      qc
        .selectFrom("visits")
        .select([
          "visits.visitor_key",
          sql<number>`count(*) filter (where visits.time_in >= ${periodStart})`.as("visits"),
          sql<boolean>`bool_or(visits.time_in >= ${periodStart})`.as("in_period"),
          sql<boolean>`bool_or(visits.time_in < ${periodStart})`.as("before"),
        ])
        .where(visitConditions({ ...place, to: input.to }))
        .groupBy("visits.visitor_key"),
    )
    .selectFrom("people")
    .select([
      sql<number>`coalesce(sum(people.visits), 0)`.as("visits"),
      sql<number>`count(*) filter (where people.in_period and people.visitor_key is not null)`.as(
        "people",
      ),
      sql<number>`count(*) filter (where people.in_period and people.before and people.visitor_key is not null)`.as(
        "returning",
      ),
    ]);

  // Each program's months, and every program's months together (people counted once across
  // them), counted first; the programs' names joined to those few rows after.
  const month = (time: string) =>
    sql<Date>`date_trunc('month', ${sql.ref(time)} at time zone ${input.timeZone})`;
  // New in a month: whose first visit to the place (or to the program) is in that month, within
  // the period; the months' new people add up to the period's. Every one of the place's visits
  // up to the period's end, one row per person and program, their first visit.
  const months = db
    .with("firsts", (qc) =>
      qc
        .selectFrom("visits")
        .select([
          "visits.visitor_key",
          "visits.program_id",
          sql<Date>`min(visits.time_in)`.as("first_in"),
        ])
        .where(visitConditions({ ...place, to: input.to }))
        .where("visits.visitor_key", "is not", null)
        .groupBy(["visits.visitor_key", "visits.program_id"]),
    )
    .with("newcomers", (qc) =>
      qc
        .selectFrom("firsts")
        .select([
          sql<number | null>`firsts.program_id`.as("program_id"),
          month("firsts.first_in").as("month"),
          sql<number>`count(*)`.as("new_people"),
        ])
        .where("firsts.first_in", ">=", periodStart)
        .groupBy(["firsts.program_id", "month"])
        .unionAll(
          qc
            .selectFrom((inner) =>
              inner
                .selectFrom("firsts")
                .select(sql<Date>`min(firsts.first_in)`.as("first_in"))
                .groupBy("firsts.visitor_key")
                .as("people"),
            )
            .select([
              sql<number | null>`null::int`.as("program_id"),
              month("people.first_in").as("month"),
              sql<number>`count(*)`.as("new_people"),
            ])
            .where("people.first_in", ">=", periodStart)
            .groupBy("month"),
        ),
    )
    .with("counted", (qc) =>
      qc
        .selectFrom("visits")
        .select((eb) => [
          // Null on the rows of every program together.
          sql<number | null>`visits.program_id`.as("program_id"),
          month("visits.time_in").as("month"),
          eb.fn.countAll<number>().as("visits"),
          eb.fn.count<number>("visits.visitor_key").distinct().as("people"),
        ])
        .where(visitConditions(period))
        .groupBy(sql`grouping sets ((visits.program_id, month), (month))`),
    )
    .selectFrom("counted")
    .leftJoin("newcomers", (join) =>
      join
        .onRef("newcomers.month", "=", "counted.month")
        .on(sql<boolean>`newcomers.program_id is not distinct from counted.program_id`),
    )
    .leftJoin("programs", "programs.id", "counted.program_id")
    .select([
      "counted.program_id",
      "programs.name",
      "programs.name_es",
      sql<string>`to_char(counted.month, 'YYYY-MM')`.as("month"),
      "counted.visits",
      "counted.people",
      sql<number>`coalesce(newcomers.new_people, 0)`.as("new_people"),
    ])
    .orderBy("counted.month")
    .orderBy(sql`programs.name nulls first`);
  return {
    totals,
    months,
    answers: answerFiguresStatement(db, period),
    questions: questionsStatement(db),
  };
}
