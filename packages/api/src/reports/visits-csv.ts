import { Readable } from "node:stream";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database, Db } from "@vsi/db";
import { csvLine, formulaSafeCell, formulaStarts, utf8Bom } from "../kernel/csv-encoding.ts";
import { csvTime, setSessionZone } from "../kernel/csv-times.ts";
import { listQuestions } from "../questions/queries.ts";
import { copyCsv, inlineParameters, takeCopySlot } from "./visits-csv-copy.ts";
import { visitConditions, type VisitFilters } from "../visits/filters.ts";

/** The columns of before, in their order, then the new ones. */
export const csvHeaders = [
  "Date",
  "Location",
  "Program",
  "Name",
  "PhoneNumber",
  "Temperature",
  "TimeIn",
  "TimeOut",
  "DurationMinutes",
  "SignedOutBy",
  "SignedInFrom",
] as const;

/** A question with a column of its own, after the columns above: its answers' cells. */
export interface CsvQuestion {
  id: number;
  header: string;
}

/** What the file starts with: a BOM so Excel reads UTF-8, then the header line. */
export const csvHead = (questions: readonly CsvQuestion[] = []) =>
  utf8Bom +
  csvLine([...csvHeaders, ...questions.map((question) => formulaSafeCell(question.header))]);

/** A question's column in the rows of csvSelect. */
const answerColumn = (question: CsvQuestion) => `answer${question.id}`;

/**
 * A visit's answer to a question as a cell, read from the copy of the question it keeps: a choice
 * by its label (several joined by "; "), yes/no and a consent as Yes or No, the rest as given.
 */
function answerCell(questionId: number): RawBuilder<string | null> {
  const answer = sql`(visits.answers -> ${String(questionId)}::text)`;
  const choiceLabel = (id: RawBuilder<string>) =>
    sql<string>`coalesce((select choice -> 'Label' ->> 'en' from jsonb_array_elements(${answer} -> 'Choices') choice
      where choice ->> 'id' = ${id} limit 1), ${id})`;
  return formulaSafe(
    sql<string>`case jsonb_typeof(${answer} -> 'value')
      when 'boolean' then case when (${answer} ->> 'value')::boolean then 'Yes' else 'No' end
      when 'array' then (select string_agg(${choiceLabel(sql<string>`picked`)}, '; ')
        from jsonb_array_elements_text(${answer} -> 'value') picked)
      when 'string' then ${choiceLabel(sql<string>`(${answer} ->> 'value')`)}
      else ${answer} ->> 'value' end`,
  );
}

/**
 * The questions with a column in an export of these filters: those the program asks (any program,
 * without one) at the locations exported (the network's and their own), live or retired, that were being asked during the period, in their order.
 */
export async function csvQuestions(
  db: Kysely<Database>,
  filters: VisitFilters,
): Promise<CsvQuestion[]> {
  const rows = await listQuestions(db, {
    programId: filters.programId,
    askedDuring: filters,
    belongAt: filters.locationId ?? filters.locationIds,
  });
  return rows.map((row) => ({ id: row.id, header: row.label.en }));
}

/** The character codes of formulaStarts, for SQL's ascii() of a cell's first character. */
const formulaStartCodes = sql.raw(
  `(${formulaStarts.map((start) => start.charCodeAt(0)).join(", ")})`,
);

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula;
 * a leading apostrophe makes it text, as OWASP's CSV injection advice says. In SQL, so both the
 * batched and the COPY export carry it. `lead` starts with the cell's first character and costs
 * less than the cell; `ascii()` of it is one integer test a row where `left(cell, 1) in (...)`
 * compared strings (the export pays per row, a million at a time).
 */
function formulaSafe(
  cell: RawBuilder<string>,
  lead: RawBuilder<string> = cell,
): RawBuilder<string> {
  return sql<string>`case when ascii(${lead}) in ${formulaStartCodes} then '''' || ${cell} else ${cell} end`;
}

/** An erased visit's details are empty cells, as the report's table shows them (not " " or "'--"). */
function unlessErased(cell: RawBuilder<string>): RawBuilder<string | null> {
  return sql<string | null>`case when visits.erased_at is null then ${cell} end`;
}

/** Cells the report and the on-site list write alike (visits joined with locations and programs). */
export const csvCells = {
  Location: formulaSafe(sql`locations.name`),
  Program: formulaSafe(sql`programs.name`),
  // An empty first name leaves a space first, which is safe: the first name alone decides.
  Name: unlessErased(
    formulaSafe(sql`visits.first_name || ' ' || visits.last_name`, sql`visits.first_name`),
  ),
  // An empty number is written "--", which starts with a minus.
  PhoneNumber: unlessErased(
    formulaSafe(
      sql`substr(visits.phone_number, 1, 3) || '-' || substr(visits.phone_number, 4, 3) || '-' || substr(visits.phone_number, 7)`,
      sql`visits.phone_number || '-'`,
    ),
  ),
  TimeIn: csvTime("visits.time_in"),
};

/**
 * Every matching visit, newest first, each cell formatted by PostgreSQL as text (null where a
 * visit has no value). Dates and times are in the session's time zone, which the caller sets to
 * the report's for the transaction (`set_config('TimeZone', ..)`): `to_char` prints that zone's
 * offset, which `at time zone` would lose.
 */
export function csvSelect(
  db: Kysely<Database>,
  filters: VisitFilters,
  questions: readonly CsvQuestion[] = [],
) {
  return db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .select([
      sql<string>`to_char(visits.time_in, 'YYYY-MM-DD')`.as("Date"),
      csvCells.Location.as("Location"),
      csvCells.Program.as("Program"),
      csvCells.Name.as("Name"),
      csvCells.PhoneNumber.as("PhoneNumber"),
      unlessErased(formulaSafe(sql`visits.temperature`)).as("Temperature"),
      csvCells.TimeIn.as("TimeIn"),
      csvTime<string | null>("visits.time_out").as("TimeOut"),
      // Whole minutes, rounded down: a number Excel and scripts can sum.
      // In float8 (date_part), not numeric (extract): the same whole minutes to the microsecond,
      // for a fraction of the cost a row.
      sql<
        string | null
      >`floor(date_part('epoch', visits.time_out - visits.time_in) / 60)::bigint::text`.as(
        "DurationMinutes",
      ),
      // visitor, staff or auto; empty while in, and for visits closed before it was recorded.
      "visits.signed_out_by as SignedOutBy",
      // tablet, phone (the door) or staff.
      "visits.signed_in_from as SignedInFrom",
      ...questions.map((question) => answerCell(question.id).as(answerColumn(question))),
    ])
    .where(visitConditions(filters))
    .orderBy("visits.time_in", "desc")
    .orderBy("visits.id", "desc");
}

/**
 * The COPY's planner settings, for its transaction only. It reads every matching row, so a sort
 * of the rows as the table holds them costs less than following visits_time_in_idx, which reads
 * a heap page a row wherever visits were not written in time order (~1 s more at a million);
 * and JIT gains nothing on these function calls for its compile time in each process. The
 * batched path keeps the index: each of its queries reads 2,000 rows.
 */
const csvCopySettings = { enable_indexscan: "off", jit: "off" } as const;

/**
 * What the COPY path runs for these filters: the SELECT with its questions' columns, its values
 * inlined (COPY takes no parameters), and the settings of its transaction. The bench gives psql
 * this same statement, so the two are timed on one query.
 */
export async function csvCopySelect(db: Kysely<Database>, filters: VisitFilters) {
  const questions = await csvQuestions(db, filters);
  const select = inlineParameters(csvSelect(db, filters, questions).compile());
  const settings: Record<string, string> = { TimeZone: filters.timeZone, ...csvCopySettings };
  return { questions, select, settings };
}

/** Rows per query: enough to keep the database busy, few enough that memory stays flat. */
const batchSize = 2000;

/**
 * The CSV's lines in keyset batches (PGlite's way: it has no COPY to a client): each query starts
 * after the last row of the one before, so the millionth row costs what the first did.
 */
export async function* csvBatches(
  db: Kysely<Database>,
  filters: VisitFilters,
  questions: readonly CsvQuestion[],
): AsyncGenerator<string> {
  const columns = [...csvHeaders, ...questions.map(answerColumn)];
  let after: { timeIn: string; id: number } | undefined;
  for (;;) {
    const cursor = after;
    const rows = await db.transaction().execute(async (trx) => {
      await setSessionZone(filters.timeZone).execute(trx);
      let query = csvSelect(trx, filters, questions)
        .select(["visits.id", sql<string>`visits.time_in::text`.as("cursor")])
        .limit(batchSize);
      if (cursor)
        query = query.where(
          sql<boolean>`(visits.time_in, visits.id) < (${cursor.timeIn}::timestamptz, ${cursor.id})`,
        );
      return query.execute();
    });
    if (!rows.length) return;
    const last = rows[rows.length - 1]!;
    after = { timeIn: last.cursor, id: last.id };
    let chunk = "";
    for (const row of rows)
      chunk += csvLine(
        columns.map((column) => (row as Record<string, string | null>)[column] ?? null),
      );
    yield chunk;
    if (rows.length < batchSize) return;
  }
}

/**
 * The whole export as a byte stream, header first: PostgreSQL's own COPY on a server, keyset
 * batches on PGlite and while the pool's COPY slots are taken (or when `path` asks, to compare
 * the two). Database errors before the first row reject here, while the caller can still answer
 * with a status.
 */
export async function visitsCsv(
  db: Db,
  filters: VisitFilters,
  /** Either way by name, to compare the two; by default COPY while a slot is free. */
  path?: "copy" | "batched",
): Promise<Readable> {
  if (path === "copy" && !db.pool) throw new Error("COPY needs a PostgreSQL server");
  const slot = db.pool && path !== "batched" ? takeCopySlot(db.pool, path === "copy") : undefined;
  if (db.pool && slot) {
    try {
      const { questions, select, settings } = await csvCopySelect(db.kysely, filters);
      return await copyCsv(db.pool, select, settings, csvHead(questions), slot);
    } catch (error) {
      slot.release();
      throw error;
    }
  }
  const questions = await csvQuestions(db.kysely, filters);
  const batches = csvBatches(db.kysely, filters, questions);
  const first = await batches.next();
  async function* all() {
    yield csvHead(questions);
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  return Readable.from(all(), { objectMode: false });
}
