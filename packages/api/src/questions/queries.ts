import { randomBytes } from "node:crypto";
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import type { Executor, Question, QuestionChoice, Transaction, Database } from "@vsi/db";
import { HttpError, invalid, notFound } from "../kernel/errors.ts";
import { changedFields, recordAudit, type AuditActor } from "../kernel/audit.ts";
import { existingIds, knownIds } from "../catalog/queries.ts";
import {
  questionProblems,
  type ChoiceInput,
  type QuestionChanges,
  type QuestionInput,
} from "./schema.ts";
import { asksProgram, type AnswerValue } from "./answers-schema.ts";
import { toQuestion } from "./mappers.ts";
import { dayStart, nextDayStart } from "../kernel/day-bounds.ts";
import type { CalendarDate, TimeZone } from "../kernel/calendar.ts";
import { say, catalogMessages, fieldMessages } from "../kernel/messages.ts";
import { anyOf } from "../kernel/any-of.ts";
import { isOwnedAt, ownedAt, type Places } from "../kernel/owned-rows.ts";

export interface QuestionFilter {
  /** The questions this program asks. */
  programId?: number | undefined;
  /** The questions asked by any program this location offers. */
  locationId?: number | undefined;
  /** The questions asked by any program these locations offer (the caller's, when only some). */
  locationIds?: readonly number[] | undefined;
  /** The network's questions and this location's own, or these locations' (an export's). */
  belongAt?: number | readonly number[] | undefined;
  /** Live and retired, those being asked during this period (days in its zone; either end open). */
  askedDuring?: AskedPeriod | undefined;
}

export interface AskedPeriod {
  from?: CalendarDate | undefined;
  to?: CalendarDate | undefined;
  timeZone: TimeZone;
}

/**
 * The questions being asked at some time in a period, live or retired: made before its end, and
 * retired (if at all) after its start. The exports' columns and the report's.
 */
export function askedDuring(period: AskedPeriod) {
  return (eb: ExpressionBuilder<Database, "questions">) => {
    const conditions: Expression<SqlBool>[] = [];
    if (period.to)
      conditions.push(eb("questions.created_at", "<", nextDayStart(period.to, period.timeZone)));
    if (period.from)
      conditions.push(
        eb.or([
          eb("questions.retired_at", "is", null),
          eb("questions.retired_at", ">=", dayStart(period.from, period.timeZone)),
        ]),
      );
    return eb.and(conditions);
  };
}

/** Whether the question (its row as `alias`) is asked by the program: those naming none are asked by all. */
export const programAsks = (alias: string, programId: number) =>
  sql<boolean>`(jsonb_array_length(${sql.ref(`${alias}.program_ids`)}) = 0 or ${sql.ref(
    `${alias}.program_ids`,
  )} @> to_jsonb(${programId}::int))`;

/**
 * The latest answer of the visitor with this phone to the question (its row as `alias`) that is
 * recent enough to be remembered: within its ReaskAfterMonths, or any when it has none. A phone's
 * unproven visit is not the visitor's word (migration 0035). Found among the phone's own visits
 * (visits_phone_idx), which are those of its visitor key while their answers are kept:
 * erasing a visit blanks its phone and its answers at once.
 */
const latestRecentAnswer = (alias: string, phoneNumber: string, now: Date) => {
  const question = (column: string) => sql.ref(`${alias}.${column}`);
  return sql<{
    value: unknown;
    time_in: Date;
  }>`select remembered.answers -> ${question("id")}::text -> 'value' as value,
      remembered.time_in
    from visits remembered
    where remembered.phone_number = ${phoneNumber}::text and ${phoneNumber}::text <> ''
      and not remembered.unproven and remembered.answers <> '{}' and remembered.answers ? ${question("id")}::text
      and (${question("reask_after_months")} is null
        or remembered.time_in > ${now}::timestamptz - make_interval(months => ${question("reask_after_months")}))
    order by remembered.time_in desc
    limit 1`;
};

/** Whether the question (its row as `alias`) is remembered per visitor and this visitor's answer is recent enough not to ask again. */
export const rememberedAnswer = (alias: string, phoneNumber: string, now: Date) =>
  sql<boolean>`(${sql.ref(`${alias}.ask_every`)} = 'visitor' and exists (${latestRecentAnswer(alias, phoneNumber, now)}))`;

/**
 * A visitor's remembered answers, as one JSON value: {"<questionId>": {"value": …, "at": when}},
 * for the live questions remembered per visitor, each the latest answer still recent enough; with
 * `at`, those asked there alone (the network's and those locations' own).
 */
export const rememberedAnswers = (phoneNumber: string, now: Date, at?: Places) =>
  sql<Record<string, { value: AnswerValue; at: string }>>`(select coalesce(jsonb_object_agg(
      asked.id::text, jsonb_build_object('value', latest.value, 'at', latest.time_in)), '{}')
    from questions asked
    cross join lateral (${latestRecentAnswer("asked", phoneNumber, now)}) latest
    where asked.retired_at is null and asked.ask_every = 'visitor'
      and ${at === undefined ? sql<boolean>`true` : ownedAt("asked.location_id", at)})`;

/**
 * The order questions are asked and listed in: the network's first, in the network's order, then
 * each location's own in that location's (a position is an order among its owner's questions).
 */
export const questionOrder = (alias: string) =>
  sql`${sql.ref(`${alias}.location_id`)} nulls first, ${sql.ref(`${alias}.position`)}, ${sql.ref(`${alias}.id`)}`;

/** Questions of one owner: the network's (null) or one location's own. */
const ownedBy = (owner: number | null) =>
  owner === null ? sql<boolean>`location_id is null` : sql<boolean>`location_id = ${owner}::int`;

/**
 * The live questions, in their order; those a program or a location asks when one is given (a
 * location: the network's and its own). With a period, those asked during it, the retired ones
 * after the live.
 */
export async function listQuestions(db: Executor, filter: QuestionFilter = {}) {
  let query = db.selectFrom("questions").selectAll();
  query = filter.askedDuring
    ? query.where(askedDuring(filter.askedDuring)).orderBy(sql`retired_at is not null`)
    : query.where("retired_at", "is", null);
  query = query.orderBy(questionOrder("questions"));
  // ProgramIds empty means every program.
  if (filter.programId !== undefined)
    query = query.where(programAsks("questions", filter.programId));
  if (filter.locationId !== undefined)
    query = query.where(ownedAt("location_id", filter.locationId)).where(
      sql<boolean>`(jsonb_array_length(program_ids) = 0 or exists (
        select 1 from location_programs lp
        where lp.location_id = ${filter.locationId} and program_ids @> to_jsonb(lp.program_id)))`,
    );
  if (filter.locationIds !== undefined)
    query = query.where(ownedAt("location_id", filter.locationIds)).where(
      sql<boolean>`(jsonb_array_length(program_ids) = 0 or exists (
        select 1 from location_programs lp
        where lp.location_id = ${anyOf(filter.locationIds)}
          and program_ids @> to_jsonb(lp.program_id)))`,
    );
  if (filter.belongAt !== undefined) query = query.where(ownedAt("location_id", filter.belongAt));
  return query.execute();
}

/** A question, live or retired; 404 when there is none. */
export async function getQuestion(db: Executor, id: number) {
  const row = await db.selectFrom("questions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Question");
  return row;
}

/** A live question, for a change: a retired one is not edited, it keeps what it asked. */
async function liveQuestion(trx: Transaction<Database>, id: number) {
  const row = await getQuestion(trx, id);
  if (row.retired_at !== null) throw notFound("Question");
  return row;
}

/**
 * Questions are few and changed by admins only: each change takes the table's lock, so positions
 * read and renumbered in it stay 0, 1, 2… whatever runs beside it. Sign-ins only read them.
 */
async function lockQuestions(trx: Transaction<Database>) {
  await sql`lock table questions in share row exclusive mode`.execute(trx);
}

/** The live questions of an owner in their order. */
async function ownersOrder(trx: Transaction<Database>, owner: number | null) {
  const rows = await trx
    .selectFrom("questions")
    .select("id")
    .where("retired_at", "is", null)
    .where(ownedBy(owner))
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The ids of the owner's live questions in order, `moved` taken out and put back at `position`
 * (or last): a question moves among its owner's alone.
 */
async function orderWith(
  trx: Transaction<Database>,
  owner: number | null,
  moved: number,
  position?: number,
) {
  const ids = (await ownersOrder(trx, owner)).filter((id) => id !== moved);
  ids.splice(Math.min(position ?? ids.length, ids.length), 0, moved);
  return ids;
}

/** Numbers an owner's live questions 0, 1, 2… in this order, writing only those that move. */
async function renumber(trx: Transaction<Database>, ids: number[]) {
  for (const [position, id] of ids.entries())
    await trx
      .updateTable("questions")
      .set({ position })
      .where("id", "=", id)
      .where("position", "<>", position)
      .execute();
}

/** Every choice with an id: a new one gets one no answer has used (ids of removed choices included). */
function withIds(choices: ChoiceInput[]): QuestionChoice[] {
  return choices.map((choice) => ({
    id: choice.id ?? randomBytes(6).toString("base64url"),
    Label: choice.Label,
  }));
}

/** Creates a question where Position says (or last), and returns its id. */
export async function createQuestion(
  db: Kysely<Database>,
  input: QuestionInput,
  now: Date,
  actor: AuditActor,
) {
  return db.transaction().execute(async (trx) => {
    await lockQuestions(trx);
    const owner = input.LocationId;
    if (owner !== null && !(await existingIds(trx, "locations", [owner])).length)
      throw invalid("LocationId", say(catalogMessages.noSuchLocation));
    // An empty list means every program: an unknown id is refused, never dropped; so is another
    // location's own program in a location's own question.
    const programIds = await knownIds(trx, "programs", input.ProgramIds, "ProgramIds", owner);
    const row = await trx
      .insertInto("questions")
      .values({
        kind: input.Kind,
        label: JSON.stringify(input.Label),
        help: JSON.stringify(input.Help),
        required: input.Required,
        choices: JSON.stringify(withIds(input.Choices)),
        min: input.Min,
        max: input.Max,
        program_ids: JSON.stringify(programIds),
        ask_every: input.AskEvery,
        reask_after_months: input.ReaskAfterMonths,
        location_id: owner,
        // Past the end until renumbered below.
        position: 1_000_000,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await renumber(trx, await orderWith(trx, owner, row.id, input.Position));
    await recordAudit(
      trx,
      actor,
      {
        action: "question.create",
        subjectType: "question",
        subjectId: row.id,
        details: { label: input.Label.en },
        ...(owner === null ? {} : { locationId: owner }),
      },
      now,
    );
    return row.id;
  });
}

/**
 * Changes a live question; a field left out stays as it is, and Position moves it among the others.
 * Answers already given keep what they were asked (they hold their own copy of the words).
 */
export async function updateQuestion(
  db: Kysely<Database>,
  id: number,
  changes: QuestionChanges,
  now: Date,
  actor: AuditActor,
) {
  await db.transaction().execute(async (trx) => {
    await lockQuestions(trx);
    const before = await liveQuestion(trx, id);
    const after = {
      Kind: changes.Kind ?? before.kind,
      Choices: changes.Choices ?? before.choices,
      Min: changes.Min !== undefined ? changes.Min : before.min,
      Max: changes.Max !== undefined ? changes.Max : before.max,
      AskEvery: changes.AskEvery ?? before.ask_every,
      ReaskAfterMonths:
        changes.ReaskAfterMonths !== undefined
          ? changes.ReaskAfterMonths
          : before.reask_after_months,
    };
    const problems = questionProblems(after);
    if (problems.length) throw new HttpError(422, say(fieldMessages.validationFailed), problems);
    const owner = changes.LocationId === undefined ? before.location_id : changes.LocationId;
    const moved = owner !== before.location_id;
    if (owner !== null && moved && !(await existingIds(trx, "locations", [owner])).length)
      throw invalid("LocationId", say(catalogMessages.noSuchLocation));
    // Its programs must be offered by its owner: those it names already are checked again on a move.
    const programIds =
      changes.ProgramIds === undefined && !moved
        ? undefined
        : await knownIds(
            trx,
            "programs",
            changes.ProgramIds ?? before.program_ids,
            "ProgramIds",
            owner,
          );
    const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
    await trx
      .updateTable("questions")
      // Kysely leaves undefined values out of the UPDATE: a field not sent keeps its value.
      .set({
        kind: changes.Kind,
        label: json(changes.Label),
        help: json(changes.Help),
        required: changes.Required,
        choices: json(changes.Choices && withIds(changes.Choices)),
        min: changes.Min,
        max: changes.Max,
        program_ids: json(programIds),
        ask_every: changes.AskEvery,
        reask_after_months: changes.ReaskAfterMonths,
        location_id: changes.LocationId,
        revision: sql<string>`nextval('questions_revision_seq')`,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    // A move closes up the order it left, and takes its place in its new owner's (last, or Position).
    if (moved) await renumber(trx, await ownersOrder(trx, before.location_id));
    if (moved || changes.Position !== undefined)
      await renumber(trx, await orderWith(trx, owner, id, changes.Position));
    // The names of the fields sent that changed; Position when the order did.
    const fields = changedFields([
      ["Kind", before.kind, changes.Kind],
      ["Label", JSON.stringify(before.label), json(changes.Label)],
      ["Help", JSON.stringify(before.help), json(changes.Help)],
      ["Required", before.required, changes.Required],
      ["Choices", JSON.stringify(before.choices), json(changes.Choices)],
      ["Min", before.min, changes.Min],
      ["Max", before.max, changes.Max],
      ["ProgramIds", before.program_ids, programIds],
      ["AskEvery", before.ask_every, changes.AskEvery],
      ["ReaskAfterMonths", before.reask_after_months, changes.ReaskAfterMonths],
      ["LocationId", before.location_id, changes.LocationId],
      ["Position", before.position, (await getQuestion(trx, id)).position],
    ]);
    if (fields.length)
      await recordAudit(
        trx,
        actor,
        {
          action: "question.update",
          subjectType: "question",
          subjectId: id,
          details: { label: changes.Label?.en ?? before.label.en, fields },
          // A move is told at the location it went to (or, to the network, the one it left).
          ...((owner ?? before.location_id) === null
            ? {}
            : { locationId: owner ?? before.location_id }),
        },
        now,
      );
  });
}

/** Retires a live question: no longer asked, its answers kept; the others close up behind it. */
export async function retireQuestion(
  db: Kysely<Database>,
  id: number,
  now: Date,
  actor: AuditActor,
) {
  await db.transaction().execute(async (trx) => {
    await lockQuestions(trx);
    const question = await liveQuestion(trx, id);
    await recordAudit(
      trx,
      actor,
      {
        action: "question.retire",
        subjectType: "question",
        subjectId: id,
        details: { label: question.label.en },
        ...(question.location_id === null ? {} : { locationId: question.location_id }),
      },
      now,
    );
    await trx
      .updateTable("questions")
      .set({
        retired_at: now,
        revision: sql<string>`nextval('questions_revision_seq')`,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    await renumber(trx, await ownersOrder(trx, question.location_id));
  });
}

/** The live questions as of one revision of them (raised by every change to any question). */
export interface AskedQuestions {
  revision: string;
  questions: Question[];
}

// Each process keeps the live questions it last read, per database: answers are checked against
// them, and the sign-in's statement writes only while their revision is still the latest, so a
// tablet's sign-in with answers stays one round trip. `fresh` reads them again.
const known = new WeakMap<object, AskedQuestions>();

export async function askedQuestions(db: Executor, fresh = false): Promise<AskedQuestions> {
  const cached = known.get(db);
  if (cached && !fresh) return cached;
  const rows = await db
    .selectFrom(
      db
        .selectFrom("questions")
        .select(sql<string>`coalesce(max(revision), 0)::text`.as("current"))
        .as("latest"),
    )
    .leftJoin("questions", (join) => join.on("questions.retired_at", "is", null))
    .selectAll("questions")
    .select("latest.current")
    .orderBy(questionOrder("questions"))
    .execute();
  const asked = {
    revision: rows[0]?.current ?? "0",
    questions: rows.flatMap(({ current: _, ...row }) => (row.id === null ? [] : [row as Question])),
  };
  known.set(db, asked);
  return asked;
}

/**
 * The live questions a program asks at a location (the network's and its own; null, a phone's
 * sign-in whose location its statement finds: any location's), as the API shows them, and the
 * revision they are of.
 */
export async function programQuestions(
  db: Executor,
  programId: number,
  locationId: number | null,
  fresh = false,
) {
  const { revision, questions } = await askedQuestions(db, fresh);
  const asked = questions
    .filter((question) => isOwnedAt(question.location_id, locationId ?? undefined))
    .map(toQuestion)
    .filter((question) => asksProgram(question, programId));
  return { revision, asked };
}

/** The revision of the questions as the statement runs, for comparing with the one answers were checked against. */
export const questionsRevision = sql<string>`(select coalesce(max(revision), 0)::text from questions)`;
