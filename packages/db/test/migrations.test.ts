import { eachDatabase } from "@vsi/test-utils/each-database";
import { Migrator, sql, type Kysely } from "kysely";
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb, migrateToLatest, type Database, type Db } from "../src/index.ts";
import { migrations } from "../src/migrations/index.ts";
import { createEmptyEmbeddedDb } from "../src/testing.ts";

const expectedTables = [
  "answer_figures",
  "api_tokens",
  "audit_log",
  // Unlogged: what each visit change announces, read by every server process.
  "change_feed",
  "door_codes",
  "door_visits",
  "eligibility_bases",
  "files",
  "household_members",
  "households",
  "invites",
  "label_prints",
  "location_access",
  "location_labels",
  "location_programs",
  "locations",
  "password_resets",
  "programs",
  "questions",
  "queue_days",
  "queue_draws",
  "queue_screens",
  "rate_limits",
  "report_presets",
  "roll_call_marks",
  "roll_call_people",
  // A view: each person with their latest mark.
  "roll_call_states",
  "roll_calls",
  "sessions",
  "settings",
  // A view: who gets an alert of which event.
  "staff_alert_recipients",
  "staff_alert_subscriptions",
  "staff_alerts",
  "staff_daily_summaries",
  "tablets",
  "users",
  "visit_signatures",
  "visits",
  "webhook_attempts",
  "webhook_deliveries",
  "webhook_endpoints",
  "webhook_events",
  "webhook_fan_outs",
];

/** A migrator over every migration, having run them up to `name`. */
async function migratedTo(db: Kysely<Database>, name: string) {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  expect((await migrator.migrateTo(name)).error).toBeUndefined();
  return migrator;
}

function insertLocation(db: Kysely<Database>, name: string) {
  return db
    .insertInto("locations")
    .values({ name, address: "" })
    .returning("id")
    .executeTakeFirstOrThrow();
}

function insertProgram(db: Kysely<Database>) {
  return db.insertInto("programs").values({ name: "P" }).returning("id").executeTakeFirstOrThrow();
}

async function checkMigrations(db: Db) {
  const first = await migrateToLatest(db.kysely);
  expect(first.results?.map((r) => r.status)).toEqual(Object.keys(migrations).map(() => "Success"));
  // A second run finds nothing to do: server start and `pnpm db:migrate` can both run it.
  const second = await migrateToLatest(db.kysely);
  expect(second.results).toEqual([]);

  const tables = await db.kysely.introspection.getTables();
  expect(tables.map((t) => t.name).sort()).toEqual(expectedTables);

  // Emails are unique whatever their case.
  await db.kysely
    .insertInto("users")
    .values({ first_name: "A", last_name: "B", email: "Ann@x.org", password_hash: "h" })
    .execute();
  await expect(
    db.kysely
      .insertInto("users")
      .values({ first_name: "A", last_name: "B", email: "ann@X.org", password_hash: "h" })
      .execute(),
  ).rejects.toThrow(/users_email_lower_key/);

  // The sheet's query uses the partial index of open visits, which is also the one-open-visit rule.
  const { rows } = await sql<{
    indexname: string;
  }>`select indexname from pg_indexes where tablename = 'visits'`.execute(db.kysely);
  expect(rows.map((r) => r.indexname)).toEqual(
    expect.arrayContaining([
      "visits_one_open_idx",
      "visits_time_in_idx",
      "visits_location_time_in_idx",
      "visits_phone_idx",
    ]),
  );

  // A location's clock defaults to Los Angeles; an open visit cannot say who signed it out.
  const location = await insertLocation(db.kysely, "L");
  const { time_zone } = await db.kysely
    .selectFrom("locations")
    .select("time_zone")
    .where("id", "=", location.id)
    .executeTakeFirstOrThrow();
  expect(time_zone).toBe("America/Los_Angeles");
  const program = await insertProgram(db.kysely);
  const openVisit = {
    first_name: "A",
    last_name: "B",
    phone_number: "4155550001",
    temperature: "98.6",
    location_id: location.id,
    program_id: program.id,
  };
  await expect(
    db.kysely
      .insertInto("visits")
      .values({ ...openVisit, signed_out_by: "staff" })
      .execute(),
  ).rejects.toThrow(/visits_signed_out_by_closed_check/);

  // A visit names a place that exists, and a place a visit names is not deleted (read and kept by
  // triggers, not by foreign keys that lock the place at every sign-in).
  await expect(
    db.kysely
      .insertInto("visits")
      .values({ ...openVisit, location_id: location.id + 1000 })
      .execute(),
  ).rejects.toThrow(/visits_location_id_fkey/);
  await expect(
    db.kysely
      .insertInto("visits")
      .values({ ...openVisit, program_id: program.id + 1000 })
      .execute(),
  ).rejects.toThrow(/visits_program_id_fkey/);
  await db.kysely.insertInto("visits").values(openVisit).execute();
  await expect(
    db.kysely.deleteFrom("locations").where("id", "=", location.id).execute(),
  ).rejects.toThrow(/visits_location_id_fkey/);
  await expect(
    db.kysely.deleteFrom("programs").where("id", "=", program.id).execute(),
  ).rejects.toThrow(/visits_program_id_fkey/);
  const unvisited = await insertLocation(db.kysely, "Gone");
  await db.kysely.deleteFrom("locations").where("id", "=", unvisited.id).execute();
}

/** Databases that already hold the same phone signed in twice still migrate: the older visit ends when the next began. */
async function checkOpenDuplicatesMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0003_visits");
  const location = await insertLocation(db, "L");
  const program = await insertProgram(db);
  const visit = (phone: string, timeIn: string) => ({
    first_name: "A",
    last_name: "B",
    phone_number: phone,
    temperature: "98.6",
    location_id: location.id,
    program_id: program.id,
    time_in: new Date(timeIn),
  });
  await db
    .insertInto("visits")
    .values([
      visit("4155550001", "2026-01-05T09:00:00Z"),
      visit("4155550001", "2026-01-12T09:30:00Z"),
      visit("4155550001", "2026-01-19T10:00:00Z"),
      visit("4155550002", "2026-01-19T10:00:00Z"),
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db
    .selectFrom("visits")
    .select(["phone_number", "time_in", "time_out"])
    .orderBy("id")
    .execute();
  expect(rows.map((r) => [r.phone_number, r.time_out?.toISOString() ?? null])).toEqual([
    ["4155550001", "2026-01-12T09:30:00.000Z"],
    ["4155550001", "2026-01-19T10:00:00.000Z"],
    ["4155550001", null],
    ["4155550002", null],
  ]);
  await expect(
    db.insertInto("visits").values(visit("4155550002", "2026-01-19T11:00:00Z")).execute(),
  ).rejects.toThrow(/visits_one_open_idx/);
}

/** Databases whose parallel program edits left two tabs on one position get them renumbered, order kept. */
async function checkDuplicatePositionsMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0005_one_open_visit");
  const location = await insertLocation(db, "L");
  const other = await insertLocation(db, "M");
  const programs = await db
    .insertInto("programs")
    .values(["A", "B", "C", "D"].map((name) => ({ name })))
    .returning("id")
    .execute();
  const [a, b, c, d] = programs.map((p) => p.id) as [number, number, number, number];
  await db
    .insertInto("location_programs")
    .values([
      { location_id: location.id, program_id: d, position: 0 },
      { location_id: location.id, program_id: b, position: 1 },
      { location_id: location.id, program_id: a, position: 1 },
      { location_id: location.id, program_id: c, position: 5 },
      { location_id: other.id, program_id: a, position: 3 },
    ])
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db
    .selectFrom("location_programs")
    .select(["location_id", "program_id", "position"])
    .orderBy("location_id")
    .orderBy("position")
    .execute();
  expect(rows.map((r) => [r.location_id, r.program_id, r.position])).toEqual([
    [location.id, d, 0],
    [location.id, a, 1],
    [location.id, b, 2],
    [location.id, c, 3],
    [other.id, a, 0],
  ]);
  await expect(
    db
      .insertInto("location_programs")
      .values({ location_id: other.id, program_id: b, position: 0 })
      .execute(),
  ).rejects.toThrow(/location_programs_location_position_key/);
}

/** An install whose admin already set a retention period has made the set-up list's choice. */
async function checkRetentionChosenMigrates(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0019_visitor_keys");
  const setAt = new Date("2025-06-01T10:00:00Z");
  await sql`update settings set erase_after_days = 30, updated_at = ${setAt}`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const settings = await db
    .selectFrom("settings")
    .select(["retention_chosen_at", "setup_dismissed_at"])
    .executeTakeFirstOrThrow();
  expect(settings).toEqual({ retention_chosen_at: setAt, setup_dismissed_at: null });
}

/** Users existing before the language column follow their browser; only known languages fit. */
async function checkUserLanguageMigrates(db: Kysely<Database>) {
  await migratedTo(db, "0022_visit_answers");
  await sql`insert into users (first_name, last_name, email, password_hash)
    values ('Ana', 'Ruiz', 'ana@example.org', 'h')`.execute(db);
  await migrateToLatest(db);
  const ana = await db.selectFrom("users").select("language").executeTakeFirstOrThrow();
  expect(ana.language).toBeNull();
  await db.updateTable("users").set({ language: "es" }).execute();
  await expect(sql`update users set language = 'fr'`.execute(db)).rejects.toThrow(
    /users_language_check/,
  );
}

/**
 * Visits answered before answer_figures existed get its rows: live answers bucketed, and what
 * erased visits kept (visits.answer_figures, then dropped) carried over as it was counted.
 */
async function checkAnswerFiguresBackfill(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0023_answer_figures");
  const location = await insertLocation(db, "L");
  const program = await insertProgram(db);
  const question = async (kind: string, position: number) =>
    (
      await sql<{
        id: number;
      }>`insert into questions (kind, label, position) values (${kind}, '{"en": "Q", "es": "Q"}', ${position}) returning id`.execute(
        db,
      )
    ).rows[0]!.id;
  const [household, born, needs, note] = [
    await question("number", 1),
    await question("date", 2),
    await question("choices", 3),
    await question("text", 4),
  ];
  const visit = async (phone: string, answers: object, figures: object | null, erased: boolean) =>
    (
      await sql<{
        id: number;
      }>`insert into visits (first_name, last_name, phone_number, temperature,
          time_in, time_out, location_id, program_id, answers, answer_figures, erased_at)
        values ('A', 'B', ${phone}, '', '2026-02-11T05:00:00Z', '2026-02-11T06:00:00Z',
          ${location.id}, ${program.id}, ${JSON.stringify(answers)}, ${figures === null ? null : JSON.stringify(figures)},
          ${erased ? new Date("2026-06-01T00:00:00Z") : null})
        returning id`.execute(db)
    ).rows[0]!.id;
  // Feb 10 at 9 PM in Los Angeles (the location's zone): 17 there, 18 in UTC.
  const live = await visit(
    "4155550001",
    {
      [household]: { value: 3 },
      [born]: { value: "2008-02-11" },
      [needs]: { value: ["food", "rent"] },
      [note]: { value: "Ride" },
    },
    null,
    false,
  );
  const erased = await visit(
    "",
    {},
    { [household]: { value: 4 }, [born]: { age: 40 }, [note]: {} },
    true,
  );
  await visit("", {}, null, true);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const rows = await db
    .selectFrom("answer_figures")
    .select(["visit_id", "question_id", "buckets", "number", "location_id", "program_id"])
    .orderBy("visit_id")
    .orderBy("question_id")
    .execute();
  const at = { location_id: location.id, program_id: program.id };
  expect(rows).toEqual([
    { visit_id: live, question_id: household, buckets: [null], number: "3", ...at },
    { visit_id: live, question_id: born, buckets: ["17"], number: null, ...at },
    { visit_id: live, question_id: needs, buckets: ["food", "rent"], number: null, ...at },
    { visit_id: live, question_id: note, buckets: [null], number: null, ...at },
    { visit_id: erased, question_id: household, buckets: [null], number: "4", ...at },
    { visit_id: erased, question_id: born, buckets: ["40"], number: null, ...at },
    { visit_id: erased, question_id: note, buckets: [null], number: null, ...at },
  ]);
  const columns = await sql<{
    column_name: string;
  }>`select column_name from information_schema.columns where table_name = 'visits'`.execute(db);
  expect(columns.rows.map((c) => c.column_name)).not.toContain("answer_figures");
}

/** A person's one mark, kept on their row before marks were kept, becomes their first kept mark. */
async function checkRollCallMarksMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0028_roll_calls");
  const location = await insertLocation(db, "L");
  const markedAt = new Date("2026-03-01T10:00:00Z");
  const rollCall = (
    await sql<{ id: number }>`insert into roll_calls (location_id, started_at)
      values (${location.id}, ${markedAt}) returning id`.execute(db)
  ).rows[0]!.id;
  await sql`insert into roll_call_people (roll_call_id, name, safe, marked_at)
    values (${rollCall}, 'Safe', true, ${markedAt}), (${rollCall}, 'Undone', false, ${markedAt}),
      (${rollCall}, 'Never', false, null)`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const states = await db
    .selectFrom("roll_call_states")
    .leftJoin("roll_call_marks", "roll_call_marks.person_id", "roll_call_states.id")
    .select(["roll_call_states.name", "roll_call_states.safe", "roll_call_marks.marked_at"])
    .orderBy("roll_call_states.id")
    .execute();
  expect(states).toEqual([
    { name: "Safe", safe: true, marked_at: markedAt },
    { name: "Undone", safe: false, marked_at: markedAt },
    { name: "Never", safe: false, marked_at: null },
  ]);
}

/** A mark kept before its arrival was kept counts as having arrived when it was made. */
async function checkRollCallMarkArrivalMigrates(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0036_temperature_off_by_default");
  const location = await insertLocation(db, "L");
  const markedAt = new Date("2026-03-01T10:00:00Z");
  const rollCall = (
    await sql<{ id: number }>`insert into roll_calls (location_id, started_at)
      values (${location.id}, ${markedAt}) returning id`.execute(db)
  ).rows[0]!.id;
  const person = (
    await sql<{ id: number }>`insert into roll_call_people (roll_call_id, name)
      values (${rollCall}, 'Safe') returning id`.execute(db)
  ).rows[0]!.id;
  await sql`insert into roll_call_marks (roll_call_id, person_id, safe, marked_at)
    values (${rollCall}, ${person}, true, ${markedAt})`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(
    await db.selectFrom("roll_call_marks").select(["marked_at", "received_at"]).execute(),
  ).toEqual([{ marked_at: markedAt, received_at: markedAt }]);
}

/** An event written before its answers were kept as values alone keeps their values, and on the way down gets their old shape. */
async function checkEventAnswerValuesMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0033_fan_out_queue");
  const asked = { Label: { en: "Q", es: "P" }, Choices: [] };
  const data = (answers: object) => JSON.stringify({ firstName: "A", answers });
  await sql`insert into webhook_events (message_id, type, data) values
    ('msg_a', 'visit.signed_in', ${data({ "7": { value: "94110", ...asked }, "8": { value: ["x", "y"], ...asked } })}),
    ('msg_b', 'visit.signed_in', ${data({})}),
    ('msg_c', 'visit.deleted', '{"visitId": 1}')`.execute(db);
  const events = () =>
    db.selectFrom("webhook_events").select("data").orderBy("message_id").execute();

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect((await events()).map((event) => event.data)).toEqual([
    { firstName: "A", answers: { "7": "94110", "8": ["x", "y"] } },
    { firstName: "A", answers: {} },
    { visitId: 1 },
  ]);

  expect((await migrator.migrateTo("0033_fan_out_queue")).error).toBeUndefined();
  expect((await events()).map((event) => event.data)).toEqual([
    { firstName: "A", answers: { "7": { value: "94110" }, "8": { value: ["x", "y"] } } },
    { firstName: "A", answers: {} },
    { visitId: 1 },
  ]);
}

/**
 * Access per location, on an install from before it: its admins are the network's, its staff are
 * staff of every location by the flag (no rows, so a location made later is theirs too), and an
 * invite sent before makes staff of every location, as it said.
 */
async function checkLocationAccessMigrates(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0043_one_visit_change_trigger");
  await insertLocation(db, "Before");
  await sql`insert into users (first_name, last_name, email, password_hash, is_admin) values
    ('Ada', 'Admin', 'ada@example.org', 'h', true), ('Sam', 'Staff', 'sam@example.org', 'h', false)`.execute(
    db,
  );
  await sql`insert into invites (first_name, email) values ('Ivy', 'ivy@example.org')`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  await insertLocation(db, "After");
  expect(
    await db
      .selectFrom("users")
      .select(["email", "is_admin", "staff_of_every_location"])
      .orderBy("email")
      .execute(),
  ).toEqual([
    { email: "ada@example.org", is_admin: true, staff_of_every_location: true },
    { email: "sam@example.org", is_admin: false, staff_of_every_location: true },
  ]);
  expect(await db.selectFrom("location_access").selectAll().execute()).toEqual([]);
  expect(await db.selectFrom("invites").select("access").execute()).toEqual([{ access: null }]);
  await expect(
    sql`insert into location_access (user_id, location_id, role)
      select id, (select min(id) from locations), 'owner' from users limit 1`.execute(db),
  ).rejects.toThrow(/location_access_role_check/);
}

/** Visits made before households sign in one person each, of no household; and come back down. */
async function checkHouseholdsMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0043_one_visit_change_trigger");
  const location = await insertLocation(db, "L");
  const program = await insertProgram(db);
  await sql`insert into visits (first_name, last_name, phone_number, location_id, program_id)
    values ('A', 'B', '4155550001', ${location.id}, ${program.id})`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(
    await db
      .selectFrom("visits")
      .select(["party_size", "household_id", "household_member_ids"])
      .execute(),
  ).toEqual([{ party_size: 1, household_id: null, household_member_ids: null }]);
  expect(
    await db.selectFrom("programs").select("signs_in_household").executeTakeFirstOrThrow(),
  ).toEqual({ signs_in_household: false });
  expect((await migrator.migrateTo("0043_one_visit_change_trigger")).error).toBeUndefined();
  expect(await db.selectFrom("visits").select("phone_number").execute()).toEqual([
    { phone_number: "4155550001" },
  ]);
}

/** A key still within its day comes along onto its visit (as the sign-in's digest), an older one does not. */
async function checkVisitKeysMigrate(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0043_one_visit_change_trigger");
  const [location, program] = [await insertLocation(db, "L"), await insertProgram(db)];
  const visit = async (phone: string) =>
    (
      await sql<{
        id: number;
      }>`insert into visits (first_name, last_name, phone_number, location_id, program_id)
        values ('A', 'B', ${phone}, ${location.id}, ${program.id}) returning id`.execute(db)
    ).rows[0]!.id;
  const [fresh, old] = [await visit("4155550001"), await visit("4155550002")];
  await sql`insert into visit_idempotency_keys (key, visit_id, created_at) values
    ('t1:fresh', ${fresh}, now() - interval '1 hour'),
    ('t1:old', ${old}, now() - interval '25 hours')`.execute(db);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const { rows } = await sql<{ id: number; kept: boolean | null }>`
    select id, idempotency_key = substring(sha256(convert_to('t1:fresh', 'UTF8')) from 1 for 8) as kept
    from visits order by id`.execute(db);
  expect(rows).toEqual([
    { id: fresh, kept: true },
    { id: old, kept: null },
  ]);
}

/** A migration that landed after a later-numbered one still runs on a database that has the later one. */
async function checkLateLandingMigrates(db: Kysely<Database>) {
  // One that no later migration builds on, as a late-landing branch's would be.
  const late = "0020_setup_checklist";
  expect(Object.keys(migrations).slice(-2)).not.toContain(late);
  const without = Object.fromEntries(Object.entries(migrations).filter(([name]) => name !== late));
  const earlier = new Migrator({ db, provider: { getMigrations: () => Promise.resolve(without) } });
  expect((await earlier.migrateToLatest()).error).toBeUndefined();
  const result = await migrateToLatest(db);
  expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([[late, "Success"]]);
}

const databases = eachDatabase((databaseUrl) =>
  databaseUrl ? createDb({ databaseUrl }) : createEmptyEmbeddedDb(),
);
/**
 * Each kind's empty database for a check. On PGlite a copy of the run's empty one, closed when the
 * check ends: migrating it to the check's point costs less than dumping each point and loading it.
 */
async function openEmpty(where: string): Promise<Db | undefined> {
  if (where !== "embedded PGlite") return databases[where]!();
  const db = await createEmptyEmbeddedDb();
  onTestFinished(() => db.close());
  return db;
}

/** Each check, from an empty database: it migrates it to where it starts itself. */
const checks: Record<string, (db: Db) => Promise<void>> = {
  "run from empty to latest": checkMigrations,
  "close open duplicates before refusing them": (db) => checkOpenDuplicatesMigrate(db.kysely),
  "renumber duplicate tab positions before refusing them": (db) =>
    checkDuplicatePositionsMigrate(db.kysely),
  "count a retention period already set as chosen": (db) => checkRetentionChosenMigrates(db.kysely),
  "leave existing users following their browser's language": (db) =>
    checkUserLanguageMigrates(db.kysely),
  "give visits answered before answer_figures their rows": (db) =>
    checkAnswerFiguresBackfill(db.kysely),
  "keep a roll call's marks made before marks were kept": (db) =>
    checkRollCallMarksMigrate(db.kysely),
  "keep an event's answers as their values alone, and give back their shape on the way down": (
    db,
  ) => checkEventAnswerValuesMigrate(db.kysely),
  "take a roll call's marks kept before their arrival was as arrived when made": (db) =>
    checkRollCallMarkArrivalMigrates(db.kysely),
  "make today's admins the network's and today's staff staff of every location, later ones too": (
    db,
  ) => checkLocationAccessMigrates(db.kysely),
  "sign in one person of no household at each visit made before households": (db) =>
    checkHouseholdsMigrate(db.kysely),
  "keep an Idempotency-Key still within its day on its visit": (db) =>
    checkVisitKeysMigrate(db.kysely),
  "number each owner's intake questions apart, in the order they had among themselves": (db) =>
    checkQuestionOrderMigrates(db.kysely),
};

/**
 * Positions become an order among each owner's live questions (the network's, a location's own),
 * each owner's keeping their order among themselves; and come back down as one order, the
 * network's first.
 */
async function checkQuestionOrderMigrates(db: Kysely<Database>) {
  const migrator = await migratedTo(db, "0056_fiscal_year_retention");
  const [a, b] = [await insertLocation(db, "A"), await insertLocation(db, "B")];
  const owners = [null, a.id, null, b.id, a.id, null];
  for (const [position, owner] of owners.entries())
    await sql`insert into questions (kind, label, position, location_id, retired_at)
      values ('text', ${JSON.stringify({ en: `Q${position}`, es: "" })}::jsonb, ${position},
        ${owner}, ${position === 5 ? sql`now()` : null})`.execute(db);
  const positions = async () =>
    (
      await db
        .selectFrom("questions")
        .select(["label", "position"])
        .orderBy("position")
        .orderBy("label")
        .execute()
    ).map((q) => `${q.label.en}:${q.position}`);
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect(await positions()).toEqual(["Q0:0", "Q1:0", "Q3:0", "Q2:1", "Q4:1", "Q5:5"]);
  expect((await migrator.migrateTo("0056_fiscal_year_retention")).error).toBeUndefined();
  expect(await positions()).toEqual(["Q0:0", "Q2:1", "Q1:2", "Q4:3", "Q3:4", "Q5:5"]);
}

describe("migrations", () => {
  it("run one that landed after a higher number, on embedded PGlite", async () => {
    const db = await createEmptyEmbeddedDb();
    try {
      await checkLateLandingMigrates(db.kysely);
    } finally {
      await db.close();
    }
  }, 120_000);

  for (const [what, check] of Object.entries(checks)) {
    for (const where of Object.keys(databases)) {
      // A chain of migrations on PGlite takes seconds alone, and far longer on a loaded machine.
      it(`${what}, on ${where}`, async (ctx) => {
        const db = await openEmpty(where);
        if (!db) return ctx.skip();
        await check(db);
      }, 120_000);
    }
  }
});
