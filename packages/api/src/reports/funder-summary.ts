import { sql } from "kysely";
import { jsonArrayFrom } from "kysely/helpers/postgres";
import type { Executor } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
import { periodConditions, visitConditions, type VisitFilters } from "../visits/filters.ts";
import { dayStart } from "../kernel/day-bounds.ts";
import { answerFiguresStatement, questionFigures, questionsStatement } from "./answer-summary.ts";
import {
  defaultAgeBands,
  readAgeBands,
  type AgeBand,
  type FunderSummary,
  type FunderSummaryInput,
} from "./funder-summary-schema.ts";

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
    withSummarySettings(db, (trx) => run(funderSummaryStatements(trx, input)));
  const [counts, houses, rows, figures, asked] = await Promise.all([
    read(({ people }) => people.executeTakeFirstOrThrow()),
    read(({ households }) => households.executeTakeFirstOrThrow()),
    read(({ months }) => months.execute()),
    read(({ answers }) => answers.execute()),
    questionsStatement(db, input.locationId ?? input.locationIds).execute(),
  ]);
  // A month's new people, by program (none: every program together) and month.
  const cell = (programId: number | null, month: string) => `${programId ?? ""} ${month}`;
  const newIn = new Map(
    counts.newcomers.map((row) => [cell(row.program_id, row.month), Number(row.new_people)]),
  );
  const monthFigures = (row: (typeof rows)[number]) => {
    const people = Number(row.people);
    const newPeople = newIn.get(cell(row.program_id, row.month)) ?? 0;
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
    ...householdsOf(houses, counts.party_sizes, input.ageBands),
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
 * The households' pass's households and individuals (those of households and the largest party of
 * each person without one), the individuals in `bands` (the default ones when left out), and the
 * period's parties as the people's pass summed them.
 */
function householdsOf(
  houses: {
    households: number;
    new_households: number;
    individuals: number;
    lone_individuals: number;
    ages: ReadonlyArray<{ age: number; count: number }>;
  },
  partySizes: number,
  bands: readonly AgeBand[] | undefined,
) {
  const individuals = Number(houses.individuals) + Number(houses.lone_individuals);
  return {
    households: Number(houses.households),
    newHouseholds: Number(houses.new_households),
    individuals,
    partySizes: Number(partySizes),
    ageBands: inBands(bands ?? readAgeBands(defaultAgeBands)!, houses.ages, individuals),
  };
}

/**
 * The summary's totals, households and individuals by age band alone, by the same passes as
 * funderSummary's: what the monthly partner report asks of each program, location and month.
 */
export async function householdFigures(db: Executor, input: FunderSummaryInput) {
  const read = <T>(run: (statements: ReturnType<typeof funderSummaryStatements>) => Promise<T>) =>
    withSummarySettings(db, (trx) => run(funderSummaryStatements(trx, input)));
  const [counts, houses] = await Promise.all([
    read(({ people }) => people.executeTakeFirstOrThrow()),
    read(({ households }) => households.executeTakeFirstOrThrow()),
  ]);
  return { ...totalsOf(counts), ...householdsOf(houses, counts.party_sizes, input.ageBands) };
}

/** Known ages counted in their bands, then `unknown`: the individuals whose age is not known. */
function inBands(
  bands: readonly AgeBand[],
  ages: ReadonlyArray<{ age: number; count: number }>,
  individuals: number,
) {
  const counted = bands.map(({ band, from, to }) => ({
    band,
    count: ages
      .filter(({ age }) => age >= from && (to === null || age <= to))
      .reduce((sum, { count }) => sum + Number(count), 0),
  }));
  const known = counted.reduce((sum, { count }) => sum + count, 0);
  return [...counted, { band: "unknown", count: Math.max(0, individuals - known) }];
}

/**
 * The summary's settings, for its transactions. No JIT: compiling its aggregates over a year of
 * visits cost more than it saved (a third of the months' time in the bench), as for the CSV. No
 * parallel workers: its statements already run side by side, one per connection, and workers on
 * top of them only take turns on the same cores.
 */
const summarySettings = { jit: "off", max_parallel_workers_per_gather: "0" } as const;

/**
 * One of the summary's reads in a transaction of its own with `summarySettings`: on a server
 * each on its own connection, at once. Inside a caller's transaction, as they are. The bench and
 * the plan's test explain the statements this way too.
 */
export function withSummarySettings<T>(
  db: Executor,
  run: (trx: Executor) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return run(db);
  return db.transaction().execute(async (trx) => {
    const settings = Object.entries(summarySettings).map(
      ([name, value]) => sql`set_config(${name}, ${value}, true)`,
    );
    await sql`select ${sql.join(settings)}`.execute(trx);
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
    await withSummarySettings(db, (trx) =>
      funderSummaryStatements(trx, input).totals.executeTakeFirstOrThrow(),
    ),
  );
}

/**
 * The roll-up: the summary's totals for every location together and for each location on its own
 * (each person once per location, new to it or returning to it), in one reading each.
 */
export async function funderTotalsByLocation(db: Executor, input: FunderSummaryInput) {
  const [whole, rows] = await Promise.all([
    funderTotals(db, input),
    withSummarySettings(db, (trx) => funderSummaryStatements(trx, input).perLocation.execute()),
  ]);
  return {
    whole,
    perLocation: new Map(rows.map((row) => [Number(row.location_id), totalsOf(row)])),
  };
}

/** The summary's statements, unrun (the bench explains them). */
export function funderSummaryStatements(db: Executor, input: FunderSummaryInput) {
  const place: VisitFilters = {
    locationId: input.locationId,
    locationIds: input.locationIds,
    programId: input.programId,
    timeZone: input.timeZone,
  };
  const period: VisitFilters = { ...place, from: input.from, to: input.to };
  const periodStart = dayStart(input.from, input.timeZone);
  // Months grouped as timestamps and named as text after, on the few rows left.
  const month = (time: string) =>
    sql<Date>`date_trunc('month', ${sql.ref(time)} at time zone ${input.timeZone})`;
  const monthName = (month: string) => sql<string>`to_char(${sql.ref(month)}, 'YYYY-MM')`;
  // One pass over the place's visits up to the period's end, grouped two ways at once: a row per
  // person and program, and a row per person (its program null: visits always have one). Each
  // row has the first visit and the visits in the period (an int: their sum stays an integer).
  // The people, new and returning, and each month's new people (first visit to the place, or to
  // the program, in that month within the period; they add up to the period's) all come from it.
  // Visits without a key (no phone number) are counted, as a group that is nobody. The summary's
  // pass also sums the period's parties, each visit's once, as it counts the visits.
  // It reads only columns the time indexes hold (key, program, time, party), so it may read them
  // alone; households are counted by a statement of their own, over the period's visits.
  const inPeriod = sql<boolean>`visits.time_in >= ${periodStart}`;
  // The roll-up's pass is the same, a row per person and location: each site's new people are
  // new to that site, as that site's own summary counts them.
  const firstVisits = (perLocation: boolean, { parties = false } = {}) =>
    db.with("firsts", (qc) =>
      qc
        .selectFrom("visits")
        .select([
          "visits.visitor_key",
          sql<number | null>`${perLocation ? sql`null::int` : sql`visits.program_id`}`.as(
            "program_id",
          ),
          sql<number | null>`${perLocation ? sql`visits.location_id` : sql`null::int`}`.as(
            "location_id",
          ),
          sql<number>`${perLocation ? sql`1` : sql`grouping(visits.visitor_key, visits.program_id)`}`.as(
            "grouped",
          ),
          sql<Date>`min(visits.time_in)`.as("first_in"),
          sql<number>`(count(*) filter (where ${inPeriod}))::int`.as("visits"),
          ...(parties
            ? [sql<number>`(sum(visits.party_size) filter (where ${inPeriod}))::int`.as("party")]
            : []),
        ])
        .where(visitConditions({ ...place, to: input.to }))
        .groupBy(
          perLocation
            ? sql`visits.visitor_key, visits.location_id`
            : sql`grouping sets ((visits.visitor_key, visits.program_id), (visits.visitor_key))`,
        ),
    );
  // grouping(): a bit for each column left out of the row's set, the last the lowest.
  const person = sql<boolean>`firsts.grouped = 1`;
  const peopleTotals = [
    sql<number>`coalesce(sum(firsts.visits) filter (where ${person}), 0)`.as("visits"),
    sql<number>`count(*) filter (where ${person} and firsts.visits > 0 and firsts.visitor_key is not null)`.as(
      "people",
    ),
    sql<number>`count(*) filter (where ${person} and firsts.visits > 0 and firsts.first_in < ${periodStart} and firsts.visitor_key is not null)`.as(
      "returning",
    ),
  ];
  const totals = firstVisits(false).selectFrom("firsts").select(peopleTotals);
  const perLocation = firstVisits(true)
    .selectFrom("firsts")
    .select(["firsts.location_id", ...peopleTotals])
    .groupBy("firsts.location_id");
  const people = firstVisits(false, { parties: true })
    .with("newcomers", (qc) =>
      qc
        .selectFrom("firsts")
        .select([
          "firsts.program_id",
          month("firsts.first_in").as("month"),
          sql<number>`count(*)`.as("new_people"),
        ])
        .where("firsts.visitor_key", "is not", null)
        .where("firsts.first_in", ">=", periodStart)
        .groupBy(["firsts.program_id", "month"]),
    )
    .selectFrom("firsts")
    .select((eb) => [
      ...peopleTotals,
      sql<number>`coalesce(sum(firsts.party) filter (where ${person}), 0)::int`.as("party_sizes"),
      jsonArrayFrom(
        eb
          .selectFrom("newcomers")
          .select([
            "newcomers.program_id",
            monthName("newcomers.month").as("month"),
            "newcomers.new_people",
          ]),
      ).as("newcomers"),
    ]);

  // The period's households, over the period's visits alone: a row per household member who came
  // (their first visit in it, for their age then), per household for visits that named nobody
  // (a count alone), and per person for visits without a household, each with the largest party
  // among them. A visit's members are unnested beside it (none: one row of nobody). A household's
  // people are its largest party, or more members than that when others came another day; it is
  // new when none of its visits to the place came before the period. A person without a
  // household counts their largest party. Every column it reads is in the time indexes. On a
  // connection of its own beside the people's pass.
  const households = db
    .with("members", (qc) =>
      qc
        .selectFrom(
          sql<{
            household_id: number | null;
            member_id: number | null;
            lone_key: Buffer | null;
            time_in: Date;
            party_size: number;
          }>`(select visits.household_id,
              unnest(case when cardinality(visits.household_member_ids) > 0
                then visits.household_member_ids else '{null}'::int[] end) as member_id,
              case when visits.household_id is null then visits.visitor_key end as lone_key,
              visits.time_in, visits.party_size
            from visits
            where ${sql.join(periodConditions(period, "visits"), sql` and `)})`.as("came"),
        )
        .select([
          "came.household_id",
          "came.member_id",
          "came.lone_key",
          sql<Date>`min(came.time_in)`.as("first_at"),
          sql<number>`max(came.party_size)`.as("party"),
        ])
        .groupBy(["came.household_id", "came.member_id", "came.lone_key"]),
    )
    // The place's households that came before the period, read once from a time index: a
    // household of the period's is new when it is not among them.
    .with("earlier", (qc) =>
      qc
        .selectFrom("visits")
        .select("visits.household_id")
        .distinct()
        .where("visits.household_id", "is not", null)
        .where(sql<boolean>`visits.time_in < ${periodStart}`)
        .where((eb) => eb.and(periodConditions(place, "visits"))),
    )
    .with("served", (qc) =>
      qc
        .selectFrom("members")
        .where("members.household_id", "is not", null)
        .select([
          "members.household_id",
          sql<number>`greatest(max(members.party), count(members.member_id))::int`.as("people"),
        ])
        .groupBy("members.household_id"),
    )
    .with("ages", (qc) =>
      qc
        .selectFrom("members")
        .innerJoin("household_members", "household_members.id", "members.member_id")
        .select([
          sql<number>`extract(year from age((members.first_at at time zone ${input.timeZone})::date,
            household_members.birth_date))::int`.as("age"),
          sql<number>`count(*)::int`.as("count"),
        ])
        .where("household_members.birth_date", "is not", null)
        .groupBy("age"),
    )
    // Each household once, beside whether it came before.
    .selectFrom("served")
    .leftJoin("earlier", "earlier.household_id", "served.household_id")
    .select((eb) => [
      sql<number>`count(*)::int`.as("households"),
      sql<number>`(count(*) filter (where earlier.household_id is null))::int`.as("new_households"),
      sql<number>`coalesce(sum(served.people), 0)::int`.as("individuals"),
      sql<number>`(select coalesce(sum(members.party), 0)::int from members
        where members.household_id is null and members.lone_key is not null)`.as(
        "lone_individuals",
      ),
      jsonArrayFrom(eb.selectFrom("ages").select(["ages.age", "ages.count"])).as("ages"),
    ]);

  // Each program's months, and every program's months together (people counted once across
  // them), counted first; the programs' names joined to those few rows after. On a connection
  // of its own beside the people's pass, as the period's visits alone are read here.
  const months = db
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
    .leftJoin("programs", "programs.id", "counted.program_id")
    .select([
      "counted.program_id",
      "programs.name",
      "programs.name_es",
      monthName("counted.month").as("month"),
      "counted.visits",
      "counted.people",
    ])
    .orderBy("counted.month")
    .orderBy(sql`programs.name nulls first`);
  return {
    totals,
    perLocation,
    people,
    households,
    months,
    answers: answerFiguresStatement(db, period),
    questions: questionsStatement(db, input.locationId ?? input.locationIds),
  };
}
