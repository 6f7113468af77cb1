import { sql, type Expression, type Kysely, type QueryCreator } from "kysely";
import {
  preparedByShape,
  type Database,
  type Executor,
  type Eligibility,
  type SignedInFrom,
  type SignOutKind,
  type StoredAnswers,
  type Visit,
  type VisitSignature,
} from "@vsi/db";
import {
  conflict,
  HttpError,
  invalid,
  isForeignKeyViolation,
  isUniqueViolation,
  notFound,
} from "../kernel/errors.ts";
import { toNamedVisit, toVisit } from "./mappers.ts";
import { partyProblem, type VisitChanges, type VisitCreateInput } from "./schema.ts";
import type { Signed } from "./signature-schema.ts";
import { assertLocationAccess, tabletDisconnected } from "../kernel/permissions.ts";
import { ownedAt } from "../kernel/owned-rows.ts";
import {
  auditBindings,
  auditColumns,
  checkedByStatement,
  auditSelect,
  auditValues,
  changedFields,
  systemActor,
  type AuditActor,
  type AuditBindings,
} from "../kernel/audit.ts";
import { pageSize } from "../kernel/pagination.ts";
import {
  findLiveTablet,
  tabletCheckValues,
  withLiveTablet,
  type TabletCheckValues,
} from "../tablets/queries.ts";
import { countVisits, type VisitTotal } from "./count.ts";
import type { CountLimits } from "../kernel/row-count.ts";
import {
  askedQuestions,
  programAsks,
  questionsRevision,
  rememberedAnswer,
} from "../questions/queries.ts";
import { toQuestion } from "../questions/mappers.ts";
import { checkAnswers, type Answers } from "../questions/answers-schema.ts";
import { visitConditions, type VisitFilters } from "./filters.ts";
import { doorLocation, openDoor } from "../catalog/door-codes.ts";
import {
  say,
  accessMessages,
  fieldMessages,
  householdMessages,
  signatureMessages,
  visitMessages,
} from "../kernel/messages.ts";

/** The most a sheet shows at once: a room's worth of people, never a history. */
export const sheetLimit = 500;
/** How long an Idempotency-Key replays its visit: a retry after this is a new sign-in. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
const keyWindowStart = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

/**
 * A visit's columns, named: the tablet's statements run prepared, and a prepared statement's
 * result must not change when a migration adds a column.
 */
const visitColumns = [
  "id",
  "first_name",
  "last_name",
  "phone_number",
  "temperature",
  "time_in",
  "time_out",
  "signed_out_by",
  "location_id",
  "program_id",
  "answers",
  "erased_at",
  "signed_in_from",
  "unproven",
  "household_id",
  "party_size",
  "household_member_ids",
  "eligibility",
  "eligibility_reason",
  "eligibility_decided_by",
  "eligibility_decided_at",
  "queue_number",
  "queue_line",
  "queue_place",
  "called_at",
  "called_to",
  "served_at",
  "no_show_at",
  "signed",
  "created_at",
  "updated_at",
] as const satisfies readonly (keyof Visit)[];
/** A visit's columns but its answers, which the sheet's list leaves behind. */
const sheetColumns = visitColumns.filter(
  (column): column is Exclude<(typeof visitColumns)[number], "answers"> => column !== "answers",
);
const qualifiedVisitColumns = visitColumns.map((column) => `visits.${column}` as const);

/**
 * An open visit older than this was never signed out (nobody stays half a day): a new sign-in ends
 * it (as 'auto'). Kept beside the automatic sign-out job: that one only acts where a location has
 * a sign-out time or maximum stay, and this is the fallback where it has neither.
 */
export const forgottenAfterMs = 12 * 60 * 60 * 1000;

/**
 * A tablet's sheet: its location's open visits, oldest first, in the statement that checks the
 * tablet (no `tablet` when its token is not a live tablet's).
 */
export async function tabletSheet(
  db: Executor,
  tokenHash: string,
  filters: Omit<VisitFilters, "locationId">,
  now: Date,
): Promise<{ tablet?: { tabletId: number; locationId: number }; visits: Visit[] }> {
  const shape = filterNames.filter((name) => filters[name] !== undefined).join(",");
  const rows = await tabletSheetStatement(db, shape, {
    ...filters,
    ...tabletCheckValues(tokenHash, now),
  });
  const [first] = rows;
  if (!first) return { visits: [] };
  const tablet = { tabletId: first.tablet_id, locationId: first.tablet_location_id };
  const visits = rows.flatMap(({ tablet_id: _, tablet_location_id: __, ...visit }) =>
    visit.id === null ? [] : [visit as Visit],
  );
  return { tablet, visits };
}

const filterNames = ["from", "to", "programId"] as const;

/** One statement per combination of filters set (`shape`: their names). */
const tabletSheetStatement = preparedByShape(
  (db, values: Omit<VisitFilters, "locationId"> & TabletCheckValues, shape: string) => {
    const set = new Set(shape.split(","));
    return withLiveTablet(db, values)
      .selectFrom("tablet")
      .leftJoinLateral(
        (eb) =>
          eb
            // Through visits_one_open_idx by an index scan (migration 0047: open_visits).
            .selectFrom(
              sql<Database["visits"]>`open_visits(${sql.ref("tablet.location_id")}, ${
                set.has("programId") ? sql`${values.programId}::int` : sql`null`
              })`.as("visits"),
            )
            .select(sheetColumns)
            // A tablet is shown no answers (sheetVisit): the sheet does not read them.
            .select(sql<StoredAnswers>`'{}'::jsonb`.as("answers"))
            .where(
              visitConditions({
                from: set.has("from") ? values.from : undefined,
                to: set.has("to") ? values.to : undefined,
                timeZone: values.timeZone,
              }),
            )
            .orderBy("time_in")
            .orderBy("id")
            .limit(sheetLimit)
            .as("open"),
        (join) => join.onTrue(),
      )
      .select([
        "tablet.id as tablet_id",
        "tablet.location_id as tablet_location_id",
        ...visitColumns.map((column) => `open.${column}` as const),
      ])
      .orderBy("open.time_in")
      .orderBy("open.id");
  },
);

export async function reportPage(
  db: Executor,
  filters: VisitFilters,
  page: number,
  options: { exactTotal?: boolean | undefined; limits?: CountLimits | undefined } = {},
) {
  const where = visitConditions(filters);
  const pageQuery = (direction: "asc" | "desc", offset: number, limit: number) =>
    db
      .selectFrom("visits")
      .innerJoin("locations", "locations.id", "visits.location_id")
      .innerJoin("programs", "programs.id", "visits.program_id")
      .selectAll("visits")
      .select([
        "locations.name as location_name",
        "programs.name as program_name",
        "programs.name_es as program_name_es",
      ])
      .where(where)
      .orderBy("visits.time_in", direction)
      .orderBy("visits.id", direction)
      .limit(limit)
      .offset(offset)
      .execute();

  let rows;
  let count: VisitTotal;
  const offset = (page - 1) * pageSize;
  if (page === 1) {
    [rows, count] = await Promise.all([
      pageQuery("desc", 0, pageSize),
      countVisits(db, filters, { exact: options.exactTotal, limits: options.limits }),
    ]);
  } else {
    count = await countVisits(db, filters, { exact: options.exactTotal, limits: options.limits });
    // A page past the middle is read from the oldest end, which needs the exact total.
    if (count.estimated && offset > count.total / 2)
      count = await countVisits(db, filters, { exact: true });
    const { total } = count;
    // Past the middle, walk the index from the oldest end: the last page of a million rows then
    // skips 25 rows, not a million.
    const fromOldest = total - offset - pageSize;
    rows =
      !count.estimated && offset > total / 2 && offset < total
        ? (
            await pageQuery("asc", Math.max(0, fromOldest), pageSize + Math.min(0, fromOldest))
          ).reverse()
        : await pageQuery("desc", offset, pageSize);
  }
  const visits = rows.map(toNamedVisit);
  return { visits, total: count.total, totalEstimated: count.estimated };
}

export async function findVisit(db: Executor, id: number): Promise<Visit> {
  const visit = await db.selectFrom("visits").selectAll().where("id", "=", id).executeTakeFirst();
  if (!visit) throw notFound("Visit");
  return visit;
}

/** The visits of `ids` that exist, in no particular order (those deleted are left out). */
export function findVisits(db: Executor, ids: readonly number[]): Promise<Visit[]> {
  return db.selectFrom("visits").selectAll().where("id", "in", ids).execute();
}

/**
 * A sign-in as its schema leaves it, with its answers as checked against the questions of
 * `questionsRevision` (null when it has none); the key travels apart.
 */
export type NewVisitFields = Omit<VisitCreateInput, "idempotencyKey" | "Answers" | "LocationId"> & {
  /** Where; null for a phone's sign-in, which its door's statement places at the door's location. */
  LocationId: number | null;
  Answers: Answers;
  questionsRevision: string | null;
};

/**
 * A phone's visitor key (HMAC-SHA256 with the install's secret), as the database writes it on
 * every visit (migration 0019's visitor_key_of): what counts people once, erased or not.
 */
export const visitorKeyOf = (phoneNumber: string) =>
  sql<Buffer>`visitor_key_of(${phoneNumber}::text)`;

/** Is the program offered at this location, both live: the one place this is asked. */
function offeredHere(db: Executor, locationId: number | Expression<number>, programId: number) {
  return db
    .selectFrom("location_programs")
    .innerJoin("locations", "locations.id", "location_programs.location_id")
    .innerJoin("programs", "programs.id", "location_programs.program_id")
    .select(sql<number>`1`.as("offered"))
    .where("location_programs.location_id", "=", locationId)
    .where("location_programs.program_id", "=", programId)
    .where("locations.archived_at", "is", null)
    .where("programs.archived_at", "is", null);
}

/**
 * Who writes a visit: a tablet by its token's hash, or a visitor's phone by the door code it was
 * given (each checked by the writing statement itself: one round trip), or a caller already known
 * (staff, a script, the server's jobs). A phone's visit is kept by the hash of its own secret, and
 * is `unproven` when its number was used before and the phone did not show it is that person's
 * (door/queries.ts phoneProof).
 */
export type VisitWriter =
  | { tablet: string }
  | { door: { code: string; visitTokenHash: string; unproven: boolean } }
  | { actor: AuditActor };
type WriterShape = "tablet" | "door" | "actor";
const shapeOf = (writer: VisitWriter): WriterShape =>
  "tablet" in writer ? "tablet" : "door" in writer ? "door" : "actor";
const signedInFromOf: Record<WriterShape, SignedInFrom> = {
  tablet: "tablet",
  door: "phone",
  actor: "staff",
};

/**
 * What a statement binds for a door: its code, the hash of the phone's secret for its visit, and
 * whether the phone's visit is unproven (false for every other writer).
 */
interface DoorValues {
  doorCode: string | null;
  visitTokenHash: string | null;
  unproven: boolean;
}

/** What a statement writing a visit binds for its writer: the tablet or door to check, the audit row's who. */
const writerValues = (writer: VisitWriter, details: Record<string, unknown>, now: Date) => ({
  ...tabletCheckValues("tablet" in writer ? writer.tablet : null, now),
  doorCode: "door" in writer ? writer.door.code : null,
  visitTokenHash: "door" in writer ? writer.door.visitTokenHash : null,
  unproven: "door" in writer && writer.door.unproven,
  ...auditBindings(
    "tablet" in writer ? checkedByStatement : "door" in writer ? systemActor : writer.actor,
    details,
    now,
  ),
});

/**
 * A tablet writes only at its own location (its statement's `tablet`), a phone only at its door's
 * (the statement's `door`: a current code of a live location that lets visitors sign themselves in);
 * others as they are.
 */
const writerMayWriteAt = (writer: WriterShape, locationId: Expression<number>) =>
  writer === "tablet"
    ? sql<boolean>`exists (select 1 from tablet where tablet.location_id = ${locationId})`
    : writer === "door"
      ? sql<boolean>`exists (select 1 from door where door.location_id = ${locationId})`
      : sql<boolean>`true`;

/**
 * Where a statement writes its visit: the location sent, or for a phone its door's location, read
 * by the statement that checks the code (no location is sent, nor looked up before).
 */
const locationOf = (values: { LocationId: number | null }, writer: WriterShape) =>
  writer === "door"
    ? sql<number>`(select door.location_id from door)`
    : sql<number>`${values.LocationId}::int`;

/** The start of a statement writing a visit: its tablet checked, its door found (none when not a phone's). */
const withWriter = (db: Kysely<Database>, values: TabletCheckValues & DoorValues) =>
  withLiveTablet(db, values).with("door", () => openDoor(db, values.doorCode));

/** The audit row's tablet: the statement's own, for a tablet it checks. */
const auditTablet = (writer: WriterShape) =>
  writer === "tablet" ? sql<number | null>`(select tablet.id from tablet)` : undefined;

/** What a sign-in's statement binds: the visit's fields, when, its writer's and its audit row's. */
type SignInValues = Omit<
  NewVisitFields,
  | "TimeIn"
  | "Temperature"
  | "Answers"
  | "questionsRevision"
  | "PartySize"
  | "HouseholdMemberIds"
  | "Signature"
  | "SignatureDeclined"
> & {
  /** The signature's type and image (null: none given), and whether the visitor declined to sign. */
  signatureType: string | null;
  signatureImage: Buffer | null;
  signatureDeclined: boolean;
  Temperature: string | null;
  /** How many people came; and which of the household's members, as JSON (null: not said). */
  partySize: number;
  memberIds: string | null;
  /** The answers as JSON, and the questions' revision they were checked against. */
  answers: string;
  revision: string | null;
  timeIn: Date;
  now: Date;
  signedInFrom: SignedInFrom;
} & AuditBindings &
  TabletCheckValues &
  DoorValues;

const signInValues = (
  {
    TimeIn,
    Temperature,
    Answers,
    questionsRevision,
    PartySize,
    HouseholdMemberIds,
    Signature,
    SignatureDeclined,
    ...fields
  }: NewVisitFields,
  now: Date,
  writer: VisitWriter,
): SignInValues => ({
  ...fields,
  signatureType: Signature?.contentType ?? null,
  signatureImage: Signature
    ? Buffer.from(Signature.bytes.buffer, Signature.bytes.byteOffset, Signature.bytes.byteLength)
    : null,
  signatureDeclined: SignatureDeclined === true,
  Temperature: Temperature ?? null,
  partySize: PartySize ?? Math.max(1, HouseholdMemberIds?.length ?? 0),
  memberIds: HouseholdMemberIds === undefined ? null : JSON.stringify(HouseholdMemberIds),
  answers: JSON.stringify(Answers),
  revision: questionsRevision,
  timeIn: TimeIn ?? now,
  signedInFrom: signedInFromOf[shapeOf(writer)],
  // The audit row's actor names a tablet or a person; a phone's sign-in (the system's) says so.
  ...writerValues(writer, shapeOf(writer) === "door" ? { SignedInFrom: "phone" } : {}, now),
});

/**
 * A sign-in's audit row, written from the statement's `inserted` visit (none when none was). Any
 * statement with an `inserted` visit may use it; Kysely's builders are invariant in their tables,
 * hence the one widening below.
 */
function signInAudit<DB extends Database & { inserted: Visit }>(
  qc: QueryCreator<DB>,
  values: AuditBindings,
  writer: WriterShape,
) {
  const db = qc as unknown as QueryCreator<Database & { inserted: Visit }>;
  return db
    .insertInto("audit_log")
    .columns(auditColumns)
    .expression(
      db
        .selectFrom("inserted")
        .select([
          ...auditSelect(values, "visit.sign_in", "visit", auditTablet(writer)),
          "inserted.id as subject_id",
          "inserted.location_id",
        ]),
    );
}

/**
 * The line a sign-in is numbered in: its program's own where the program has one and the
 * location's queue is on, else null (the location's shared line). Plain SQL, so every use in the
 * statement reads the same snapshot: the number and the line it is kept under agree.
 */
const queueLineOf = (values: SignInValues, writer: WriterShape) =>
  sql<
    number | null
  >`(select p.id from programs p join locations l on l.id = ${locationOf(values, writer)}
    where p.id = ${values.ProgramId}::int and p.own_queue and l.queue <> 'off')`;

/** A sign-in's values, for an INSERT … SELECT that writes it only where it is offered. */
const newVisitValues = (values: SignInValues, writer: WriterShape) =>
  [
    sql<string>`${values.FirstName}::text`.as("first_name"),
    sql<string>`${values.LastName}::text`.as("last_name"),
    sql<string>`${values.PhoneNumber}::text`.as("phone_number"),
    // Kept only where the location asks: a tablet that still sends one after it stopped keeps none.
    sql<
      string | null
    >`(select case when locations.asks_temperature then ${values.Temperature}::text end from locations where locations.id = ${locationOf(values, writer)})`.as(
      "temperature",
    ),
    locationOf(values, writer).as("location_id"),
    sql<number>`${values.ProgramId}::int`.as("program_id"),
    // Each answer with the words its question has now, so later edits leave this visit as it was.
    sql<string>`(select coalesce(jsonb_object_agg(given.key, jsonb_build_object(
        'value', given.value, 'Label', questions.label, 'Choices', questions.choices)), '{}')
      from jsonb_each(${values.answers}::jsonb) given
      join questions on questions.id::text = given.key)`.as("answers"),
    sql<Date>`${values.timeIn}::timestamptz`.as("time_in"),
    sql<SignedInFrom>`${values.signedInFrom}::text`.as("signed_in_from"),
    sql<boolean>`${values.unproven}::boolean`.as("unproven"),
    sql<number | null>`(select household.id from household)`.as("household_id"),
    sql<number>`${values.partySize}::smallint`.as("party_size"),
    sql<number[] | null>`case when ${values.memberIds}::jsonb is not null then
      coalesce((select array_agg(ids.value::int order by ids.n)
        from jsonb_array_elements_text(${values.memberIds}::jsonb) with ordinality as ids (value, n)),
        '{}'::int[]) end`.as("household_member_ids"),
    sql<Eligibility | null>`case when ${pastVisitLimit(values, writer)} then 'waiting' end`.as(
      "eligibility",
    ),
    // Taken only once the statement's checks passed (evaluated after its WHERE), and given back
    // with the rest should the row not be written after all.
    sql<
      number | null
    >`queue_number_next(${locationOf(values, writer)}, ${values.timeIn}::timestamptz, ${queueLineOf(values, writer)})`.as(
      "queue_number",
    ),
    queueLineOf(values, writer).as("queue_line"),
    sql<Signed | null>`case when ${values.signatureType}::text is not null then 'yes'
      when ${values.signatureDeclined}::boolean then 'declined' end`.as("signed"),
    sql<Date>`${values.now}::timestamptz`.as("created_at"),
    sql<Date>`${values.now}::timestamptz`.as("updated_at"),
  ] as const;
const newVisitColumns = [
  "first_name",
  "last_name",
  "phone_number",
  "temperature",
  "location_id",
  "program_id",
  "answers",
  "time_in",
  "signed_in_from",
  "unproven",
  "household_id",
  "party_size",
  "household_member_ids",
  "eligibility",
  "queue_number",
  "queue_line",
  "signed",
  "created_at",
  "updated_at",
] as const;

/**
 * One statement: the row is written only if the program is offered at that (live) location and
 * the writer may write there (a tablet checked as it writes), so the checks and the write cannot
 * drift apart, and its audit row with it or not at all.
 */
async function insertVisit(
  db: Executor,
  fields: NewVisitFields,
  now: Date,
  writer: VisitWriter,
): Promise<Visit> {
  const values = signInValues(fields, now, writer);
  const [row] = await insertVisitStatement(db, shapeOf(writer), values);
  if (row) return row;
  const LocationId = await writerLocation(db, writer, fields.LocationId, now);
  throw await notWrittenError(db, { ...values, LocationId });
}

const insertVisitStatement = preparedByShape((db, values: SignInValues, writer: WriterShape) =>
  withWriter(db, values)
    .with("household", () => signInHousehold(db, values))
    .with("inserted", (qc) =>
      qc
        .insertInto("visits")
        .columns(newVisitColumns)
        .expression(
          qc
            .selectNoFrom(newVisitValues(values, writer))
            .where((eb) => eb.exists(offeredHere(db, locationOf(values, writer), values.ProgramId)))
            .where((eb) => eb.exists(temperatureGiven(db, values, writer)))
            .where(answersAccepted(values, locationOf(values, writer)))
            .where(membersPresent(values, sql<number | null>`(select household.id from household)`))
            .where(signatureGiven(values))
            .where(writerMayWriteAt(writer, locationOf(values, writer))),
        )
        .returning(visitColumns),
    )
    .with("new_household", (db) => newHousehold(db, values))
    .with("new_member", (db) => newHouseholdMember(db, values))
    .with("signature", (db) => visitSignature(db, values))
    .with("audit", (db) => signInAudit(db, values, writer))
    .with("door_visit", (db) => doorVisit(db, values))
    .selectFrom("inserted")
    .select(visitColumns),
);

/**
 * A sign-in's household, for a program that signs in households: the one a member's phone finds,
 * or at a first visit a new one's id, taken from its sequence (`found` false), the household and
 * its first member written after the visit by the same statement. None for an unproven phone at
 * the door: a number typed there without proof joins nobody's household.
 */
function signInHousehold(
  db: Kysely<Database>,
  values: Pick<SignInValues, "PhoneNumber" | "ProgramId" | "unproven">,
) {
  return db
    .selectFrom("programs")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("household_members")
          .select("household_members.household_id")
          .where("household_members.phone_number", "=", sql<string>`${values.PhoneNumber}::text`)
          .as("member"),
      (join) => join.onTrue(),
    )
    .select([
      sql<number>`coalesce(member.household_id, nextval('households_id_seq')::int)`.as("id"),
      sql<boolean>`member.household_id is not null`.as("found"),
    ])
    .where("programs.id", "=", sql<number>`${values.ProgramId}::int`)
    .where("programs.signs_in_household", "=", true)
    .where(sql<boolean>`not ${values.unproven}::boolean`);
}

/**
 * A sign-in its program's visit limit refuses, by the database's `household_visits_past_limit`
 * (migration `0054_household_visit_limit_lock`: the rule's periods and what counts are written
 * there): called by the statement that writes the visit, the one place this is asked. It takes
 * the household's lock before it counts, so two sign-ins of one household at once are counted one
 * after the other; its count, a volatile function's, sees a visit committed while it waited, which
 * this statement's own snapshot would not.
 */
const pastVisitLimit = (
  values: Pick<SignInValues, "ProgramId" | "timeIn" | "LocationId">,
  writer: WriterShape,
) =>
  sql<boolean>`household_visits_past_limit(${values.ProgramId}::int,
    (select household.id from household), ${locationOf(values, writer)}, ${values.timeIn}::timestamptz)`;

/** The household a sign-in's phone belongs to now, as signInHousehold finds it (none new). */
const phoneHousehold = (values: Pick<SignInValues, "PhoneNumber" | "ProgramId" | "unproven">) =>
  sql<number | null>`(select member.household_id from household_members member
    join programs on programs.id = ${values.ProgramId}::int and programs.signs_in_household
    where member.phone_number = ${values.PhoneNumber}::text and not ${values.unproven}::boolean)`;

/**
 * The members said to have come are all of the sign-in's household (none when it has none): the
 * one place this is asked.
 */
const membersPresent = (
  values: Pick<SignInValues, "memberIds">,
  householdId: Expression<number | null>,
) =>
  sql<boolean>`(${values.memberIds}::jsonb is null
    or jsonb_array_length(${values.memberIds}::jsonb) = (select count(*) from household_members present
      where present.household_id = ${householdId} and present.erased_at is null
        and present.id in (select ids.value::int from jsonb_array_elements_text(${values.memberIds}::jsonb) ids)))`;

/** A first visit's household: its party's size, written once the visit is (nothing otherwise). */
function newHousehold<
  DB extends Database & { inserted: Visit; household: { id: number; found: boolean } },
>(qc: QueryCreator<DB>, values: Pick<SignInValues, "now">) {
  const db = qc as unknown as QueryCreator<
    Database & { inserted: Visit; household: { id: number; found: boolean } }
  >;
  return db
    .insertInto("households")
    .columns(["id", "size", "created_at", "updated_at"])
    .expression(
      db
        .selectFrom(["household", "inserted"])
        .select([
          "household.id",
          sql<number>`inserted.party_size`.as("size"),
          sql<Date>`${values.now}::timestamptz`.as("created_at"),
          sql<Date>`${values.now}::timestamptz`.as("updated_at"),
        ])
        .where("household.found", "=", false),
    )
    .returning("households.id");
}

/** A new household's first member: the visitor, found by their phone from now on. */
function newHouseholdMember<DB extends Database & { new_household: { id: number } }>(
  qc: QueryCreator<DB>,
  values: Pick<SignInValues, "FirstName" | "LastName" | "PhoneNumber" | "now">,
) {
  const db = qc as unknown as QueryCreator<Database & { new_household: { id: number } }>;
  return db
    .insertInto("household_members")
    .columns([
      "household_id",
      "first_name",
      "last_name",
      "phone_number",
      "created_at",
      "updated_at",
    ])
    .expression(
      db
        .selectFrom("new_household")
        .select([
          "new_household.id as household_id",
          sql<string>`${values.FirstName}::text`.as("first_name"),
          sql<string>`${values.LastName}::text`.as("last_name"),
          sql<string>`${values.PhoneNumber}::text`.as("phone_number"),
          sql<Date>`${values.now}::timestamptz`.as("created_at"),
          sql<Date>`${values.now}::timestamptz`.as("updated_at"),
        ]),
    );
}

/**
 * A sign-in carries a signature, or says the visitor would rather not, where its program asks for
 * one: the one place this is asked.
 */
const signatureGiven = (
  values: Pick<SignInValues, "ProgramId" | "signatureType" | "signatureDeclined">,
) =>
  sql<boolean>`(${values.signatureType}::text is not null or ${values.signatureDeclined}::boolean
    or not exists (select 1 from programs asking
      where asking.id = ${values.ProgramId}::int and asking.asks_signature))`;

/** The visit's signature, written with it only when the sign-in carries one (nothing otherwise). */
function visitSignature<DB extends Database & { inserted: Visit }>(
  qc: QueryCreator<DB>,
  values: Pick<SignInValues, "signatureType" | "signatureImage">,
) {
  const db = qc as unknown as QueryCreator<Database & { inserted: Visit }>;
  return db
    .insertInto("visit_signatures")
    .columns(["visit_id", "content_type", "image"])
    .expression(
      db
        .selectFrom("inserted")
        .select([
          "inserted.id as visit_id",
          sql<VisitSignature["content_type"]>`${values.signatureType}::text`.as("content_type"),
          sql<Buffer>`${values.signatureImage}::bytea`.as("image"),
        ])
        .where(sql<boolean>`${values.signatureType}::text is not null`),
    );
}

/** A phone's visit, kept by the hash of the secret the phone holds (nothing for other writers). */
function doorVisit<DB extends Database & { inserted: Visit }>(
  qc: QueryCreator<DB>,
  values: DoorValues,
) {
  const db = qc as unknown as QueryCreator<Database & { inserted: Visit }>;
  return db
    .insertInto("door_visits")
    .columns(["token_hash", "visit_id"])
    .expression(
      db
        .selectFrom("inserted")
        .select([sql<string>`${values.visitTokenHash}::text`.as("token_hash"), "inserted.id"])
        .where(sql<boolean>`${values.visitTokenHash}::text is not null`),
    );
}

/**
 * A sign-in wrote nothing: refuse it if its tablet was disconnected (401) or belongs to another
 * location (403), or its door is closed (404, 410, 403), checked on their own; a known actor
 * passes. The location the sign-in was for: the one sent, or the phone's door's.
 */
async function writerLocation(
  db: Executor,
  writer: VisitWriter,
  locationId: number | null,
  now: Date,
): Promise<number> {
  if ("door" in writer) return doorLocation(db, writer.door.code);
  if (locationId === null) throw new Error("a sign-in not from a phone names its location");
  if (!("tablet" in writer)) return locationId;
  const tablet = await findLiveTablet(db, writer.tablet, now);
  if (!tablet) throw tabletDisconnected();
  assertLocationAccess({ kind: "tablet", ...tablet, tokenHash: writer.tablet }, locationId);
  return locationId;
}

/** A sign-in brings a temperature where its location asks for one: the one place this is asked. */
function temperatureGiven(
  db: Executor,
  values: Pick<SignInValues, "LocationId" | "Temperature">,
  writer: WriterShape,
) {
  return db
    .selectFrom("locations")
    .select(sql<number>`1`.as("given"))
    .where("id", "=", locationOf(values, writer))
    .where((eb) =>
      eb.or([
        eb("asks_temperature", "=", false),
        sql<boolean>`${values.Temperature}::text is not null`,
      ]),
    );
}

export const temperatureRequired = say(visitMessages.temperatureRequired);

/**
 * A sign-in's answers, as the statement writes it: checked against the questions as they still
 * are (their revision unchanged since), none answering another location's own question, and every
 * question the program requires at its location answered, unless the visitor's remembered answer
 * is recent enough (never for an unproven phone, which was shown none). The one place a missing
 * answer is refused.
 */
function answersAccepted(values: SignInValues, location: Expression<number>) {
  return sql<boolean>`((${values.revision}::text is null or ${values.revision}::text = ${questionsRevision})
    and not exists (select 1 from questions elsewhere
      where ${values.answers}::jsonb ? elsewhere.id::text
        and not ${ownedAt("elsewhere.location_id", location)})
    and not exists (${unansweredQuestions(values, location)}))`;
}

/**
 * The ids of the questions the program requires at the location that a sign-in leaves unanswered
 * and unexcused.
 */
const unansweredQuestions = (
  values: Pick<SignInValues, "ProgramId" | "PhoneNumber" | "answers" | "unproven" | "now">,
  location: Expression<number>,
) =>
  sql<number>`select asked.id from questions asked
      where asked.retired_at is null and asked.required and ${programAsks("asked", values.ProgramId)}
        and ${ownedAt("asked.location_id", location)}
        and not (${values.answers}::jsonb ? asked.id::text)
        and (${values.unproven}::boolean
          or not ${rememberedAnswer("asked", values.PhoneNumber, values.now)})`;

/**
 * A sign-in's answers were checked against questions changed since: the procedure checks them
 * again and sends it once more; should they change again meanwhile, the client hears so.
 */
export class QuestionsChanged extends HttpError {
  constructor() {
    super(409, say(visitMessages.questionsChanged));
  }
}

/**
 * Why a sign-in wrote nothing, its writer being allowed there (`LocationId` the one it was for):
 * the statement's own checks asked again, each by the expression the statement used, so the
 * refusal cannot tell another story than the check. A location gone marks LocationId; then a
 * missing temperature, a program not offered there, each required answer left out; else the
 * questions changed since the answers were checked.
 */
async function notWrittenError(db: Executor, values: SignInValues & { LocationId: number }) {
  const checks = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          db
            .selectFrom("locations")
            .select("id")
            .where("id", "=", values.LocationId)
            .where("archived_at", "is", null),
        )
        .as("located"),
      eb.exists(temperatureGiven(db, values, "actor")).as("temperatureGiven"),
      eb.exists(offeredHere(db, values.LocationId, values.ProgramId)).as("offered"),
      membersPresent(values, phoneHousehold(values)).as("membersPresent"),
      signatureGiven(values).as("signatureGiven"),
      sql<
        number[]
      >`array(${unansweredQuestions(values, sql<number>`${values.LocationId}::int`)})`.as(
        "unanswered",
      ),
    ])
    .executeTakeFirstOrThrow();
  if (!checks.located)
    return invalid("LocationId", say(accessMessages.notFound, { thing: "Location" }));
  if (!checks.temperatureGiven) return invalid("Temperature", temperatureRequired);
  if (!checks.offered) return invalid("ProgramId", say(visitMessages.programNotOffered));
  if (!checks.membersPresent)
    return invalid("HouseholdMemberIds", say(householdMessages.notHouseholdMembers));
  if (!checks.signatureGiven) return invalid("Signature", say(signatureMessages.signatureRequired));
  if (checks.unanswered.length === 0) return new QuestionsChanged();
  // Each left out, in the words checkAnswers gives it (a consent's own).
  const asked = (await askedQuestions(db, true)).questions
    .map(toQuestion)
    .filter((question) => checks.unanswered.includes(question.id));
  const { errors } = checkAnswers(asked, {});
  return new HttpError(422, say(fieldMessages.validationFailed), errors);
}

/**
 * An Idempotency-Key as its visit keeps it: 8 bytes of its SHA-256 (the caller's key, prefixed
 * with who the caller is, is some hundred characters). Only that caller's keys for one phone in
 * one day are ever compared with it.
 */
const keyDigest = (key: string) =>
  sql<Buffer>`substring(sha256(convert_to(${key}::text, 'UTF8')) from 1 for 8)`;

/**
 * The visit a key wrote within the window. A retry sends the same visitor, so the key is looked
 * for among that phone's visits (visits_phone_idx): no index of keys is written at every
 * sign-in for the few retries that read it.
 */
const keyedVisit = (
  db: Executor,
  values: { PhoneNumber: string; key: string; staleBefore: Date },
) =>
  db
    .selectFrom("visits")
    .where("visits.phone_number", "=", sql<string>`${values.PhoneNumber}::text`)
    .where("visits.idempotency_key", "=", keyDigest(values.key))
    .where("visits.created_at", ">", sql<Date>`${values.staleBefore}::timestamptz`);

async function visitForKey(
  db: Executor,
  phoneNumber: string,
  key: string,
  now: Date,
): Promise<Visit | undefined> {
  return keyedVisit(db, { PhoneNumber: phoneNumber, key, staleBefore: keyWindowStart(now) })
    .select(qualifiedVisitColumns)
    .executeTakeFirst();
}

/**
 * Creates a visit (a tablet's sign-in or staff's). With an idempotency key, a retry within the
 * window (a tablet on flaky Wi-Fi, a server restarted mid-request) returns the first visit and
 * writes nothing.
 */
export async function createVisit(
  db: Kysely<Database>,
  fields: NewVisitFields,
  now: Date,
  writer: VisitWriter,
  idempotencyKey?: string,
): Promise<Visit> {
  const tooFew = partyProblem(fields);
  if (tooFew) throw invalid("PartySize", tooFew);
  if (fields.Signature && fields.SignatureDeclined)
    throw invalid("Signature", say(signatureMessages.signatureOrDeclined));
  const where = () => writerLocation(db, writer, fields.LocationId, now);
  const attempt = () =>
    idempotencyKey
      ? insertKeyedVisit(db, fields, now, writer, idempotencyKey)
      : insertVisit(db, fields, now, writer);
  return withOneOpenVisit(db, fields, where, now, () =>
    // Two first visits of one phone at once: the second's new household lost the number to the
    // first's, which the attempt made again finds. A household merged away while its member
    // signed in: the attempt made again finds the one it was merged into. Neither wrote anything.
    attempt().catch((error: unknown) => {
      if (!isHouseholdPhoneTaken(error) && !isHouseholdMergedAway(error)) throw error;
      return attempt();
    }),
  );
}

/** A sign-in's insert (`attempt`) under the one-open-visit rule: 409, or a forgotten visit ended first. */
async function withOneOpenVisit(
  db: Kysely<Database>,
  fields: NewVisitFields,
  /** The sign-in's location (a phone's is its door's), read only when its phone is in already. */
  where: () => Promise<number>,
  now: Date,
  attempt: () => Promise<Visit>,
): Promise<Visit> {
  // The unique index on open visits decides races between tablets; the second attempt follows a
  // forgotten visit ended or an open one signed out in the meantime.
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isOpenVisitConflict(error) || tries > 2) throw error;
      const open = await findOpenVisit(db, await where(), fields.ProgramId, fields.PhoneNumber);
      if (open && (tries > 1 || now.getTime() - open.time_in.getTime() < forgottenAfterMs))
        throw alreadySignedIn(open);
      if (open) await signOutVisit(db, open.id, now, "auto", { actor: systemActor }, null);
    }
  }
}

/** The unique violation of visits_one_open_idx, from pg or PGlite. */
export const isOpenVisitConflict = (error: unknown) =>
  isUniqueViolation(error, "visits_one_open_idx");

/** The unique violation of household_members_phone_idx (a number taken meanwhile). */
export const isHouseholdPhoneTaken = (error: unknown) =>
  isUniqueViolation(error, "household_members_phone_idx");

/** The household a sign-in found (its visit's, or its new member's) was deleted by a merge meanwhile. */
const isHouseholdMergedAway = (error: unknown) =>
  isForeignKeyViolation(error, "visits_household_id_fkey") ||
  isForeignKeyViolation(error, "household_members_household_id_fkey");

export const alreadySignedIn = (open: Visit) =>
  conflict(say(visitMessages.alreadySignedIn), { visit: toVisit(open) });

export async function findOpenVisit(
  db: Executor,
  locationId: number,
  programId: number,
  phoneNumber: string,
): Promise<Visit | undefined> {
  return (
    db
      .selectFrom("visits")
      .selectAll()
      .where("location_id", "=", locationId)
      .where("program_id", "=", programId)
      .where("phone_number", "=", phoneNumber)
      .where("time_out", "is", null)
      // The number's one open visit (visits_one_open_idx): a phone's unproven visits are beside it.
      .where("unproven", "=", false)
      .executeTakeFirst()
  );
}

async function insertKeyedVisit(
  db: Kysely<Database>,
  fields: NewVisitFields,
  now: Date,
  writer: VisitWriter,
  idempotencyKey: string,
): Promise<Visit> {
  const values = signInValues(fields, now, writer);
  let rows;
  try {
    rows = await insertKeyedVisitStatement(db, shapeOf(writer), {
      ...values,
      key: idempotencyKey,
      staleBefore: keyWindowStart(now),
    });
  } catch (error) {
    // A concurrent retry with this key wrote the visit after this statement's snapshot: its open
    // visit is the one this insert met in visits_one_open_idx.
    if (!isOpenVisitConflict(error)) throw error;
    const concurrent = await visitForKey(db, fields.PhoneNumber, idempotencyKey, now);
    if (concurrent) return concurrent;
    throw error;
  }
  const [row] = rows;
  if (row) return row;
  // Nothing written and nothing to replay: a tablet refused, or the sign-in's own checks.
  const LocationId = await writerLocation(db, writer, fields.LocationId, now);
  throw await notWrittenError(db, { ...values, LocationId });
}

/**
 * One statement: insert the visit with its key, unless the key wrote one within the window, which
 * it returns instead, recording nothing. Two retries at once are one visitor at one place: the
 * second waits on the first in visits_one_open_idx and reads its visit (insertKeyedVisit).
 */
const insertKeyedVisitStatement = preparedByShape(
  (db, values: SignInValues & { key: string; staleBefore: Date }, writer: WriterShape) =>
    withWriter(db, values)
      .with("household", () => signInHousehold(db, values))
      .with("inserted", (qc) =>
        qc
          .insertInto("visits")
          .columns([...newVisitColumns, "idempotency_key"])
          .expression(
            qc
              .selectNoFrom([
                ...newVisitValues(values, writer),
                keyDigest(values.key).as("idempotency_key"),
              ])
              .where((eb) =>
                eb.exists(offeredHere(db, locationOf(values, writer), values.ProgramId)),
              )
              .where((eb) => eb.exists(temperatureGiven(db, values, writer)))
              .where(answersAccepted(values, locationOf(values, writer)))
              .where(
                membersPresent(values, sql<number | null>`(select household.id from household)`),
              )
              .where(signatureGiven(values))
              .where(writerMayWriteAt(writer, locationOf(values, writer)))
              .where((eb) => eb.not(eb.exists(keyedVisit(db, values).select(sql`1`.as("one"))))),
          )
          .returning(visitColumns),
      )
      .with("new_household", (db) => newHousehold(db, values))
      .with("new_member", (db) => newHouseholdMember(db, values))
      .with("signature", (db) => visitSignature(db, values))
      .with("audit", (db) => signInAudit(db, values, writer))
      .selectFrom("inserted")
      .select(visitColumns)
      .unionAll(
        keyedVisit(db, values)
          .select(qualifiedVisitColumns)
          .where(writerMayWriteAt(writer, locationOf(values, writer))),
      ),
);

/**
 * Sets TimeOut and who did it once; a second sign-out keeps the first time and kind. The audit row
 * is written by the same statement, only when this call ended the visit: "locked" waits for a
 * sign-out in flight and reads the row as it committed, so two at once record one.
 */
export async function signOutVisit(
  db: Executor,
  /** The visit's id, or the hash of the secret a visitor's phone holds for it (the door's). */
  visit: number | { visitTokenHash: string },
  now: Date,
  by: SignOutKind,
  writer: VisitWriter,
  /** A tablet's reach: its location's visits, open or ended since then (permissions.ts). */
  endedSince: Date | null,
): Promise<Visit | undefined> {
  const bySecret = typeof visit !== "number";
  const values = {
    by,
    endedSince,
    ...writerValues(writer, { by }, now),
    id: bySecret ? null : visit,
    visitTokenHash: bySecret ? visit.visitTokenHash : null,
  };
  return (await signOutStatement(db, bySecret ? "secret" : shapeOf(writer), values))[0];
}

const signOutStatement = preparedByShape(
  (
    db,
    values: {
      id: number | null;
      visitTokenHash: string | null;
      now: Date;
      by: SignOutKind;
      endedSince: Date | null;
    } & AuditBindings &
      TabletCheckValues,
    /** Who signs out, or "secret": the visit a phone's secret names, found by this statement. */
    writer: WriterShape | "secret",
  ) =>
    withLiveTablet(db, values)
      .with("locked", (db) => {
        let query = db
          .selectFrom("visits")
          .select(["id", "time_out"])
          .where("id", "=", (eb) =>
            writer === "secret"
              ? eb
                  .selectFrom("door_visits")
                  .select("door_visits.visit_id")
                  .where("door_visits.token_hash", "=", values.visitTokenHash)
              : eb.val(values.id),
          );
        if (writer === "tablet")
          query = query
            .where((eb) =>
              eb("location_id", "=", eb.selectFrom("tablet").select("tablet.location_id")),
            )
            .where((eb) =>
              eb.or([
                eb("time_out", "is", null),
                eb("time_out", ">", sql<Date>`${values.endedSince}::timestamptz`),
              ]),
            );
        return query.forUpdate();
      })
      .with("signed_out", (db) =>
        db
          .updateTable("visits")
          .from("locked")
          .set({
            time_out: sql<Date>`coalesce(visits.time_out, ${values.now}::timestamptz)`,
            signed_out_by: sql<SignOutKind>`case when visits.time_out is null then ${values.by}::text else visits.signed_out_by end`,
            updated_at: values.now,
          })
          .whereRef("visits.id", "=", "locked.id")
          .returning(qualifiedVisitColumns),
      )
      .with("audit", (db) =>
        db
          .insertInto("audit_log")
          .columns(auditColumns)
          .expression(
            db
              .selectFrom("signed_out")
              .innerJoin("locked", "locked.id", "signed_out.id")
              .where("locked.time_out", "is", null)
              .select([
                ...auditSelect(
                  values,
                  "visit.sign_out",
                  "visit",
                  writer === "secret" ? undefined : auditTablet(writer),
                ),
                "signed_out.id as subject_id",
                "signed_out.location_id",
              ]),
          ),
      )
      .selectFrom("signed_out")
      .select(visitColumns),
);

/**
 * Corrects a visit's names, phone or temperature; a field left out stays as it is. The audit row
 * (the names of the fields that changed, never their values) is written by the same statement.
 */
export const erasedVisitMessage = say(visitMessages.erasedVisit);

/** A 422 on each field sent for a visit whose details were erased: forgotten stays forgotten. */
function erasedVisit(changes: VisitCorrection) {
  const sent = Object.keys(changes).filter(
    (field) => changes[field as keyof VisitCorrection] !== undefined,
  );
  return new HttpError(
    422,
    erasedVisitMessage,
    sent.map((path) => ({ path, message: erasedVisitMessage })),
  );
}

/** A correction as the procedure leaves it: the answers whole, as the visit will keep them. */
export type VisitCorrection = Omit<VisitChanges, "Answers"> & { Answers?: StoredAnswers };

const answerValues = (answers: StoredAnswers) =>
  JSON.stringify(Object.entries(answers).map(([id, answer]) => [id, answer.value]));

export async function updateVisit(
  db: Executor,
  visit: Visit,
  changes: VisitCorrection,
  now: Date,
  actor: AuditActor,
): Promise<Visit> {
  const sendsDetails = Object.values(changes).some((value) => value !== undefined);
  if (visit.erased_at !== null && sendsDetails) throw erasedVisit(changes);
  const fields = changedFields([
    ["FirstName", visit.first_name, changes.FirstName],
    ["LastName", visit.last_name, changes.LastName],
    ["PhoneNumber", visit.phone_number, changes.PhoneNumber],
    ["Temperature", visit.temperature, changes.Temperature],
    ["PartySize", visit.party_size, changes.PartySize],
    // "Answers" in the log says they changed, never what they are.
    ["Answers", answerValues(visit.answers), changes.Answers && answerValues(changes.Answers)],
  ]);
  return db
    .with("updated", (db) =>
      db
        .updateTable("visits")
        // Kysely leaves undefined values out of the UPDATE: a field not sent keeps its value.
        .set({
          first_name: changes.FirstName,
          last_name: changes.LastName,
          phone_number: changes.PhoneNumber,
          temperature: changes.Temperature,
          party_size: changes.PartySize,
          answers: changes.Answers && JSON.stringify(changes.Answers),
          updated_at: now,
        })
        .where("id", "=", visit.id)
        // Erased since it was read (retention's run, a request to be forgotten): it stays erased.
        .where("erased_at", "is", null)
        .returningAll(),
    )
    .with("audit", (db) =>
      db
        .insertInto("audit_log")
        .columns(auditColumns)
        .expression(
          db
            .selectFrom("updated")
            // An edit that changed nothing is not recorded.
            .where(sql<boolean>`${fields.length > 0}::boolean`)
            .select([
              ...auditValues(actor, "visit.update", "visit", { fields }, now),
              "updated.id as subject_id",
              "updated.location_id",
            ]),
        ),
    )
    .selectFrom("updated")
    .selectAll()
    .executeTakeFirst()
    .then(
      (updated) => {
        if (updated) return updated;
        if (!sendsDetails) return visit;
        throw erasedVisit(changes);
      },
      async (error: unknown) => {
        // A corrected phone that is already signed in here: the same 409 as a second sign-in.
        if (!isOpenVisitConflict(error) || changes.PhoneNumber === undefined) throw error;
        const open = await findOpenVisit(
          db,
          visit.location_id,
          visit.program_id,
          changes.PhoneNumber,
        );
        throw open ? alreadySignedIn(open) : error;
      },
    );
}

/** Deletes a visit, and records who did (same statement); undefined when there was none. */
export async function deleteVisit(
  db: Executor,
  id: number,
  now: Date,
  actor: AuditActor,
): Promise<Visit | undefined> {
  return db
    .with("deleted", (db) => db.deleteFrom("visits").where("id", "=", id).returningAll())
    .with("audit", (db) =>
      db
        .insertInto("audit_log")
        .columns(auditColumns)
        .expression(
          db
            .selectFrom("deleted")
            .select([
              ...auditValues(actor, "visit.delete", "visit", {}, now),
              "deleted.id as subject_id",
              "deleted.location_id",
            ]),
        ),
    )
    .selectFrom("deleted")
    .selectAll()
    .executeTakeFirst();
}
