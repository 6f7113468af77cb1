import type { Executor } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
import { csvLine, formulaSafeCell, utf8Bom } from "../kernel/csv-encoding.ts";
import { funderSummary } from "./funder-summary.ts";
import { queueWaitRows } from "../queue/queries.ts";
import type { FunderSummary, FunderSummaryInput } from "./funder-summary-schema.ts";

export const funderSummaryCsvHeaders = [
  "Program",
  "Period",
  "Visits",
  "People",
  "NewPeople",
  "ReturningPeople",
] as const;

/** The households' table's columns, after a blank line when households were served. */
export const householdFiguresCsvHeaders = ["Program", "Period", "Figure", "Count"] as const;

/** The line's table: a chosen location's waits from sign-in to call, per day and program. */
export const queueWaitsCsvHeaders = [
  "Day",
  "Program",
  "Numbered",
  "Called",
  "MedianWaitMinutes",
  "P90WaitMinutes",
  "AverageWaitMinutes",
  "LongestWaitMinutes",
] as const;

/** The second table's columns: each question's figures, after a blank line. */
export const questionFiguresCsvHeaders = [
  "Program",
  "Period",
  "Question",
  "Answer",
  "People",
  "Sum",
  "Mean",
] as const;

/** The Program cell of a summary's lines: the chosen one, in the input's language, or "All programs". */
export async function programCellOf(db: Executor, input: FunderSummaryInput): Promise<string> {
  if (input.programId === undefined) return "All programs";
  const program = await db
    .selectFrom("programs")
    .select(["name", "name_es"])
    .where("id", "=", input.programId)
    .executeTakeFirst();
  return program
    ? programName({ Name: program.name, NameEs: program.name_es }, input.language ?? "en")
    : `Program ${input.programId}`;
}

/**
 * The funder summary as CSV: first the period's totals (Period `from/to`, Program the chosen one
 * or "All programs"), then a line per program and month (Period `YYYY-MM`), programs named in
 * the input's language. New and returning are judged over the period as a whole, so a month's
 * line leaves them empty. When questions were answered, a blank line and a second table follow:
 * per question a line "Answered" (people who answered, and a number's sum and mean), then a line
 * per choice, ZIP code or age band. When households were served, their table comes before the
 * questions': households, new ones, individuals, and individuals per age band, unknown last. A
 * location chosen whose line gave numbers in the period ends with the line's waits, per day (in
 * the location's zone) and program.
 */
export async function funderSummaryCsv(db: Executor, input: FunderSummaryInput): Promise<string> {
  const [summary, programCell, waits] = await Promise.all([
    funderSummary(db, input),
    programCellOf(db, input),
    input.locationId === undefined
      ? []
      : queueWaitRows(db, { id: input.locationId, from: input.from, to: input.to }),
  ]);
  let csv = utf8Bom + csvLine(funderSummaryCsvHeaders);
  csv += csvLine([
    formulaSafeCell(programCell),
    `${input.from}/${input.to}`,
    String(summary.visits),
    String(summary.people),
    String(summary.newPeople),
    String(summary.returningPeople),
  ]);
  for (const row of summary.perProgramMonth)
    csv += csvLine([
      formulaSafeCell(row.programName),
      row.month,
      String(row.visits),
      String(row.people),
      null,
      null,
    ]);
  const period = `${input.from}/${input.to}`;
  if (summary.households > 0) {
    csv += csvLine([]) + csvLine(householdFiguresCsvHeaders);
    const figure = (name: string, count: number) =>
      csvLine([formulaSafeCell(programCell), period, name, String(count)]);
    csv += figure("Households", summary.households);
    csv += figure("NewHouseholds", summary.newHouseholds);
    csv += figure("Individuals", summary.individuals);
    for (const { band, count } of summary.ageBands) csv += figure(`Individuals ${band}`, count);
  }
  if (summary.questions.length > 0)
    csv += questionFiguresCsv(summary.questions, programCell, period);
  const lines = waits.filter(
    (row) => input.programId === undefined || row.Program.id === input.programId,
  );
  if (lines.length === 0) return csv;
  csv += csvLine([]) + csvLine(queueWaitsCsvHeaders);
  const minutes = (value: number | null) => (value === null ? null : String(value));
  for (const row of lines)
    csv += csvLine([
      row.day,
      formulaSafeCell(programName(row.Program, input.language ?? "en")),
      String(row.numbered),
      String(row.called),
      minutes(row.medianWaitMinutes),
      minutes(row.p90WaitMinutes),
      minutes(row.averageWaitMinutes),
      minutes(row.longestWaitMinutes),
    ]);
  return csv;
}

/** The questions' table: per question a line "Answered", then a line per answer counted. */
function questionFiguresCsv(
  questions: FunderSummary["questions"],
  programCell: string,
  period: string,
): string {
  let csv = csvLine([]) + csvLine(questionFiguresCsvHeaders);
  for (const question of questions) {
    const cells = (answer: string, people: number, sum: number | null, mean: number | null) =>
      csvLine([
        formulaSafeCell(programCell),
        period,
        formulaSafeCell(question.label),
        formulaSafeCell(answer),
        String(people),
        sum === null ? null : String(sum),
        mean === null ? null : String(mean),
      ]);
    csv += cells("Answered", question.answered, question.sum, question.mean);
    for (const count of question.counts) csv += cells(count.label, count.count, null, null);
  }
  return csv;
}
