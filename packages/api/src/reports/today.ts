import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
import { notFound } from "../kernel/errors.ts";
import type { Today, TodayInput } from "./today-schema.ts";
import { anyOf } from "../kernel/any-of.ts";

/** How far back the dashboard looks: its chart's 14 days, which hold last week's too. */
const chartDays = 14;

interface Tallies {
  today_visits: number;
  today_people: number;
  same_day_visits: number;
  same_day_people: number;
  week_visits: number;
  week_people: number;
  last_week_visits: number;
  last_week_people: number;
}

interface FiguresRow extends Tallies {
  ref_today: string;
  ref_weekday: number;
  signed_in_now: number;
  per_location: Array<Tallies & { location_id: number }>;
  open_per_location: Array<{ location_id: number; signed_in_now: number }>;
  per_day: Array<{
    ago: number;
    program_id: number;
    name: string;
    name_es: string | null;
    visits: number;
  }>;
}

/** Calendar arithmetic on YYYY-MM-DD, through UTC so no zone or daylight change shifts a day. */
function shift(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/**
 * Each shown location's last 14 days in its own zone ("ago": 0 is its today), read per location
 * from its range of visits_location_time_in_idx, which carries the program and the visitor's key
 * (an index-only scan); who is in now from the partial index of open visits. A week starts on
 * Monday. People are told apart by their visits' keys, as the report's are: an erased visit keeps
 * its key and still counts its person; one erased before keys existed has none (count(distinct)
 * leaves nulls out) and counts as a visit only.
 */
export function figuresStatement(ids: number[], refZone: string, now: Date, programId?: number) {
  const at = sql`${now.toISOString()}::timestamptz`;
  // One program's visits alone, when asked: in the day's figures and in who is in now alike.
  const ofProgram = (column: string) =>
    programId === undefined ? sql`true` : sql`${sql.ref(column)} = ${programId}::int`;
  const shownIds = sql.join(ids.map((id) => sql`${id}::int`));
  // The figures, for the shown locations together and for each on its own (the roll-up's).
  const tallies = sql`
      count(*) filter (where ago = 0)::int as today_visits,
      count(distinct visitor_key) filter (where ago = 0)::int as today_people,
      count(*) filter (where ago = 7)::int as same_day_visits,
      count(distinct visitor_key) filter (where ago = 7)::int as same_day_people,
      count(*) filter (where ago < weekday)::int as week_visits,
      count(distinct visitor_key) filter (where ago < weekday)::int as week_people,
      count(*) filter (where ago >= weekday and ago < weekday + 7)::int as last_week_visits,
      count(distinct visitor_key) filter (where ago >= weekday and ago < weekday + 7)::int as last_week_people`;
  return sql<FiguresRow>`
    with shown as (
      select id, time_zone, (${at} at time zone time_zone)::date as today
      from locations where id in (${shownIds})
    ),
    recent as materialized (
      select s.id as location_id, v.program_id, v.visitor_key,
             s.today - (v.time_in at time zone s.time_zone)::date as ago,
             extract(isodow from s.today)::int as weekday
      from shown s
      cross join lateral (
        select visits.program_id, visits.visitor_key, visits.time_in
        from visits
        where visits.location_id = s.id
          and visits.time_in >= (s.today - ${chartDays - 1}::int)::timestamp at time zone s.time_zone
          and visits.time_in < (s.today + 1)::timestamp at time zone s.time_zone
          and ${ofProgram("visits.program_id")}
      ) v
    ),
    per_day as (
      select r.ago, r.program_id, p.name, p.name_es, count(*)::int as visits
      from recent r join programs p on p.id = r.program_id
      group by r.ago, r.program_id, p.name, p.name_es
    ),
    per_location as (
      select recent.location_id, ${tallies} from recent group by recent.location_id
    ),
    open_per_location as (
      select visits.location_id, count(*)::int as signed_in_now
      from visits where visits.time_out is null and visits.location_id in (${shownIds})
        and ${ofProgram("visits.program_id")}
      group by visits.location_id
    )
    select
      to_char((${at} at time zone ${refZone})::date, 'YYYY-MM-DD') as ref_today,
      extract(isodow from (${at} at time zone ${refZone})::date)::int as ref_weekday,
      (select coalesce(sum(signed_in_now), 0)::int from open_per_location) as signed_in_now,
      ${tallies},
      (select coalesce(json_agg(per_day), '[]'::json) from per_day) as per_day,
      (select coalesce(json_agg(per_location), '[]'::json) from per_location) as per_location,
      (select coalesce(json_agg(open_per_location), '[]'::json) from open_per_location) as open_per_location
    from recent
  `;
}

/**
 * What is happening at the locations the caller sees (live ones; or the one asked for): who is in,
 * visits and people today and this week against the same day and the whole of last week, the
 * busiest program today, and the last 14 days. Days are each location's own calendar days; the
 * report links' days are in the location's zone, or across locations the viewer's, as the
 * report reads them. Programs are named in `language`.
 */
export async function todayFigures(
  db: Executor,
  input: TodayInput,
  now: Date,
  /** The caller's locations when they hold only some (another one asked for is not found). */
  held: readonly number[] | undefined,
): Promise<Omit<Today, "setup">> {
  let shownLocations = db
    .selectFrom("locations")
    .select(["id", "name", "time_zone"])
    .orderBy("name")
    .orderBy("id")
    .where("archived_at", "is", null);
  if (held !== undefined) shownLocations = shownLocations.where("id", "=", anyOf(held));
  const locations = await shownLocations.execute();
  const chosen =
    input.locationId === undefined ? undefined : locations.find((l) => l.id === input.locationId);
  if (input.locationId !== undefined && !chosen) throw notFound("Location");
  const shown = chosen ? [chosen] : locations;
  const refZone = chosen?.time_zone ?? input.timeZone;
  // No location: a statement over none, so the dates still come from the database's calendar.
  const { rows } = await figuresStatement(
    shown.length ? shown.map((l) => l.id) : [0],
    refZone,
    now,
    input.programId,
  ).execute(db);
  const row = rows[0]!;
  const today = row.ref_today;
  const weekStart = shift(today, 1 - row.ref_weekday);

  const days = Array.from({ length: chartDays }, (_, i) => ({
    date: shift(today, i - (chartDays - 1)),
    visits: 0,
    stack: [] as Array<{ key: string; label: string; count: number }>,
  }));
  const todayByProgram = new Map<number, { Name: string; visits: number }>();
  for (const cell of row.per_day) {
    const name = programName({ Name: cell.name, NameEs: cell.name_es }, input.language ?? "en");
    const dayOf = days[chartDays - 1 - cell.ago];
    if (!dayOf) continue;
    dayOf.visits += cell.visits;
    const slice = dayOf.stack.find((s) => s.key === String(cell.program_id));
    if (slice) slice.count += cell.visits;
    else dayOf.stack.push({ key: String(cell.program_id), label: name, count: cell.visits });
    if (cell.ago === 0) {
      const program = todayByProgram.get(cell.program_id) ?? { Name: name, visits: 0 };
      program.visits += cell.visits;
      todayByProgram.set(cell.program_id, program);
    }
  }
  for (const d of days) d.stack.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  const busiest = [...todayByProgram]
    .map(([id, p]) => ({ id, ...p }))
    .sort((a, b) => b.visits - a.visits || a.Name.localeCompare(b.Name) || a.id - b.id)[0];

  const tallied = new Map(row.per_location.map((cell) => [cell.location_id, cell]));
  const openHere = new Map(row.open_per_location.map((cell) => [cell.location_id, cell]));
  return {
    timeZone: refZone,
    dates: {
      today,
      sameDayLastWeek: shift(today, -7),
      weekStart,
      lastWeekStart: shift(weekStart, -7),
      lastWeekEnd: shift(weekStart, -1),
      chartFrom: shift(today, 1 - chartDays),
    },
    signedInNow: row.signed_in_now,
    ...talliesOf(row),
    busiestProgram: busiest ?? null,
    days,
    perLocation: shown.map((location) => {
      const figures = tallied.get(location.id);
      const open = openHere.get(location.id);
      return {
        locationId: location.id,
        locationName: location.name,
        signedInNow: open?.signed_in_now ?? 0,
        ...talliesOf(figures ?? noTallies),
      };
    }),
  };
}

const noTallies: Tallies = {
  today_visits: 0,
  today_people: 0,
  same_day_visits: 0,
  same_day_people: 0,
  week_visits: 0,
  week_people: 0,
  last_week_visits: 0,
  last_week_people: 0,
};

function talliesOf(row: Tallies) {
  return {
    today: { visits: row.today_visits, people: row.today_people },
    sameDayLastWeek: { visits: row.same_day_visits, people: row.same_day_people },
    thisWeek: { visits: row.week_visits, people: row.week_people },
    lastWeek: { visits: row.last_week_visits, people: row.last_week_people },
  };
}
