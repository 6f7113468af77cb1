import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { programName, type Language } from "@vsi/i18n/languages";
import type { VisitSummary } from "./summary-schema.ts";
import { visitConditions, type VisitFilters } from "../visits/filters.ts";
export type SummaryGroupBy = "day" | "program" | "location";

interface Row {
  level: number;
  key: string | null;
  stack: number | null;
  visits: number;
  unique_visitors: number;
  stay_seconds: number | string | null;
}

const minutes = (seconds: Row["stay_seconds"]) =>
  seconds === null ? null : Math.round(Number(seconds) / 6) / 10;

/** Every calendar day from..to inclusive (both YYYY-MM-DD). */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`);
    t <= end;
    t += 86_400_000
  )
    days.push(new Date(t).toISOString().slice(0, 10));
  return days;
}

/** What a day's bar is split by: programs, or locations when one program is chosen. */
const stackOf = (filters: VisitFilters, groupBy: SummaryGroupBy) =>
  groupBy !== "day" ? null : filters.programId !== undefined ? "location" : "program";

/** grouping(): 3 for the whole, then 1 for a group and 0 for its stack; without a stack, 0 is the group. */
const levelOfGroups = (stackBy: string | null) => (stackBy ? 1 : 0);

/**
 * Totals and groups of the report's visits in one pass over the time_in index (which carries the
 * location, program, phone and time out, so the pass reads no table rows): grouping sets give the
 * whole, each group, and each group's stack at once. Days are calendar days in the filter's zone.
 */
export function summaryStatement(db: Executor, filters: VisitFilters, groupBy: SummaryGroupBy) {
  const stackBy = stackOf(filters, groupBy);
  const key =
    groupBy === "day"
      ? sql<string>`(visits.time_in at time zone ${filters.timeZone})::date`
      : groupBy === "program"
        ? sql<string>`visits.program_id`
        : sql<string>`visits.location_id`;
  const stack =
    stackBy === "location"
      ? sql<number | null>`visits.location_id`
      : stackBy === "program"
        ? sql<number | null>`visits.program_id`
        : sql<number | null>`null::int`;
  const matching = db
    .selectFrom("visits")
    .select([
      key.as("key"),
      stack.as("stack"),
      "visits.visitor_key",
      sql<number>`extract(epoch from visits.time_out - visits.time_in)`.as("stay"),
    ])
    .where(visitConditions(filters));
  const groupLevel = levelOfGroups(stackBy);
  // Unique visitors through hashed DISTINCTs of the matching rows, read once: count(distinct)
  // inside grouping sets would sort every group's keys. People are told apart by their visits'
  // keys, which outlive erasure; a visit erased before keys existed has none and counts as a
  // visit only.
  return sql<Row>`
    with m as materialized (${matching}),
    counts as (
      select grouping(key, stack)::int as level, key, stack, count(*)::int as visits, avg(stay) as stay_seconds
      from m group by grouping sets ${stackBy ? sql`((), (key), (key, stack))` : sql`((), (key, stack))`}
    ),
    per_key as (select key, count(*)::int as visitors from (select distinct key, visitor_key from m where visitor_key is not null) d group by key),
    whole as (select count(*)::int as visitors from (select distinct visitor_key from m where visitor_key is not null) d)
    select c.level, ${groupBy === "day" ? sql`to_char(c.key, 'YYYY-MM-DD')` : sql`c.key::text`} as key, c.stack, c.visits, c.stay_seconds,
           case when c.level = 3 then (select visitors from whole) else coalesce(p.visitors, 0) end as unique_visitors
    from counts c left join per_key p on c.level = ${groupLevel} and c.key = p.key
  `;
}

/** The summary's groups and slices, each labelled by its day, location or program (in `language`). */
export async function visitSummary(
  db: Executor,
  filters: VisitFilters,
  groupBy: SummaryGroupBy,
  language: Language = "en",
): Promise<VisitSummary> {
  const stackBy = stackOf(filters, groupBy);
  const groupLevel = levelOfGroups(stackBy);
  const { rows } = await summaryStatement(db, filters, groupBy).execute(db);

  const labelIds = new Set<number>();
  for (const row of rows) {
    if (stackBy && row.level === 0 && row.stack !== null) labelIds.add(row.stack);
    if (row.level === groupLevel && groupBy !== "day" && row.key !== null)
      labelIds.add(Number(row.key));
  }
  const names = new Map<number, string>();
  if (labelIds.size > 0 && (groupBy === "location" || stackBy === "location")) {
    for (const { id, name } of await db
      .selectFrom("locations")
      .select(["id", "name"])
      .where("id", "in", [...labelIds])
      .execute())
      names.set(id, name);
  } else if (labelIds.size > 0) {
    for (const { id, name, name_es } of await db
      .selectFrom("programs")
      .select(["id", "name", "name_es"])
      .where("id", "in", [...labelIds])
      .execute())
      names.set(id, programName({ Name: name, NameEs: name_es }, language));
  }
  const label = (id: number) => names.get(id) ?? `#${id}`;

  const whole = rows.find((row) => row.level === 3);
  const groups = new Map<string, VisitSummary["groups"][number]>();
  for (const row of rows.filter((r) => r.level === groupLevel)) {
    const groupKey = row.key ?? "";
    groups.set(groupKey, {
      key: groupKey,
      label: groupBy === "day" ? groupKey : label(Number(groupKey)),
      count: row.visits,
      uniqueVisitors: row.unique_visitors,
      averageStayMinutes: minutes(row.stay_seconds),
      ...(stackBy ? { stack: [] } : {}),
    });
  }
  for (const row of stackBy ? rows.filter((r) => r.level === 0) : []) {
    if (row.stack !== null)
      groups
        .get(row.key ?? "")
        ?.stack?.push({ key: String(row.stack), label: label(row.stack), count: row.visits });
  }
  // A chart's days run the whole range, quiet days included.
  if (groupBy === "day" && filters.from && filters.to) {
    for (const day of daysBetween(filters.from, filters.to)) {
      if (!groups.has(day))
        groups.set(day, {
          key: day,
          label: day,
          count: 0,
          uniqueVisitors: 0,
          averageStayMinutes: null,
          stack: [],
        });
    }
  }
  const ordered = [...groups.values()].sort((a, b) =>
    groupBy === "day"
      ? a.key.localeCompare(b.key)
      : b.count - a.count || a.label.localeCompare(b.label),
  );
  for (const group of ordered)
    group.stack?.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  return {
    totalVisits: whole?.visits ?? 0,
    uniqueVisitors: whole?.unique_visitors ?? 0,
    averageStayMinutes: whole ? minutes(whole.stay_seconds) : null,
    groupBy,
    stackBy,
    groups: ordered,
  };
}
