import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { dayStart, visitConditions, type VisitFilters } from "../visits/filters.ts";
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
  const { totals, months } = funderSummaryStatements(db, input);
  const [counts, rows] = await Promise.all([totals.executeTakeFirstOrThrow(), months.execute()]);
  const peopleCount = Number(counts.people);
  const returning = Number(counts.returning);
  return {
    visits: Number(counts.visits),
    people: peopleCount,
    newPeople: peopleCount - returning,
    returningPeople: returning,
    perProgramMonth: rows.map((row) => ({
      programId: row.program_id,
      programName: row.name,
      month: row.month,
      visits: Number(row.visits),
      people: Number(row.people),
    })),
  };
}

/** The summary's two statements, unrun (the bench explains them). */
export function funderSummaryStatements(db: Executor, input: FunderSummaryInput) {
  const place: VisitFilters = {
    locationId: input.locationId,
    programId: input.programId,
    timeZone: input.timeZone,
  };
  const period: VisitFilters = { ...place, from: input.from, to: input.to };
  const totals = db
    .with("period", (qc) =>
      qc
        .selectFrom("visits")
        .select(["visits.program_id", "visits.time_in", "visits.visitor_key"])
        .where(visitConditions(period)),
    )
    // Each person of the period, and whether they came before it (here, for this program).
    .with("people", (qc) =>
      qc
        .selectFrom("visits")
        .select([
          "visits.visitor_key",
          sql<boolean>`min(visits.time_in) < ${dayStart(input.from, input.timeZone)}`.as(
            "returning",
          ),
        ])
        .where(visitConditions(place))
        .where("visits.visitor_key", "in", (eb) =>
          eb.selectFrom("period").select("period.visitor_key"),
        )
        .groupBy("visits.visitor_key"),
    )
    .selectNoFrom((eb) => [
      eb.selectFrom("period").select(eb.fn.countAll<number>().as("n")).as("visits"),
      eb.selectFrom("people").select(eb.fn.countAll<number>().as("n")).as("people"),
      eb
        .selectFrom("people")
        .select(eb.fn.countAll<number>().as("n"))
        .where("people.returning", "=", true)
        .as("returning"),
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
  return { totals, months };
}
