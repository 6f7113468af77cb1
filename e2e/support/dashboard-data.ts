import type { VisitFields } from "./state.ts";

// The dashboard journey's data set: one location in the zone where it is about noon now (so its
// "today" holds for the whole run), two programs, visits today and on each of the 15 days before,
// so today, this week, last week and the 14-day chart each have something to count, and a few
// phones come back, so people are fewer than visits.

export interface PlannedDashboardVisit extends VisitFields {
  program: 0 | 1;
}

export const dashboardProgramLabels = ["Dash Pantry", "Dash Tutoring"] as const;

const hour = 3_600_000;
const phone = (n: number) => `41555977${String(n).padStart(2, "0")}`;
/** Past visits per day, 1 to 15 days ago: quiet days included, and two days before the chart. */
const pastCounts = [2, 1, 3, 0, 2, 1, 2, 1, 0, 2, 1, 3, 1, 2, 1];

/** The visits, relative to `now` (about noon where the location is, so today's are all today). */
export function plannedDashboardVisits(now: Date): PlannedDashboardVisit[] {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const visit = (
    n: number,
    program: 0 | 1,
    agoMs: number,
    open = false,
  ): PlannedDashboardVisit => ({
    program,
    FirstName: `Dee${n}`,
    LastName: "Dashboard",
    PhoneNumber: phone(n),
    Temperature: "98.3",
    TimeIn: at(agoMs),
    TimeOut: open ? null : at(agoMs - 10 * 60_000),
  });
  // The past first: each is signed out once made, while today's last two stay in.
  const visits: PlannedDashboardVisit[] = [];
  pastCounts.forEach((count, i) => {
    const days = i + 1;
    for (let v = 0; v < count; v++)
      visits.push(
        visit(
          1 + ((days + v) % 6),
          ((days + v) % 2) as 0 | 1,
          (days * 24 + 1) * hour + v * 20 * 60_000,
        ),
      );
  });
  // Today: phone 1 twice (its second visit still open), 2, and 3 still in.
  visits.push(
    visit(1, 0, 3 * hour),
    visit(2, 1, 2 * hour),
    visit(1, 0, 1 * hour, true),
    visit(3, 0, 0.5 * hour, true),
  );
  return visits;
}

/** YYYY-MM-DD of an instant in a zone. */
export const dayIn = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** What the dashboard should say of these visits at `now`, worked out here from the plan alone. */
export function expectedDashboard(
  visits: ReadonlyArray<VisitFields & { programId: number }>,
  timeZone: string,
  now: Date,
) {
  const today = dayIn(now, timeZone);
  // Monday 1 … Sunday 7.
  const weekday = ((new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const weekStart = shift(today, 1 - weekday);
  const tally = (daysAgo: (ago: number) => boolean) => {
    const chosen = visits.filter((v) =>
      daysAgo(dayNumber(today) - dayNumber(dayIn(new Date(v.TimeIn), timeZone))),
    );
    return { visits: chosen.length, people: new Set(chosen.map((v) => v.PhoneNumber)).size };
  };
  const chartCells = new Set(
    visits
      .map((v) => ({ v, ago: dayNumber(today) - dayNumber(dayIn(new Date(v.TimeIn), timeZone)) }))
      .filter(({ ago }) => ago >= 0 && ago < 14)
      .map(({ v, ago }) => `${ago}:${v.programId}`),
  );
  const todays = visits.filter((v) => dayIn(new Date(v.TimeIn), timeZone) === today);
  const byProgram = new Map<number, number>();
  for (const v of todays) byProgram.set(v.programId, (byProgram.get(v.programId) ?? 0) + 1);
  const [busiest] = [...byProgram].sort((a, b) => b[1] - a[1]);
  return {
    dates: {
      today,
      sameDayLastWeek: shift(today, -7),
      weekStart,
      lastWeekStart: shift(weekStart, -7),
      lastWeekEnd: shift(weekStart, -1),
      chartFrom: shift(today, -13),
    },
    signedInNow: visits.filter((v) => v.TimeOut === null).length,
    today: tally((ago) => ago === 0),
    sameDayLastWeek: tally((ago) => ago === 7),
    thisWeek: tally((ago) => ago >= 0 && ago < weekday),
    lastWeek: tally((ago) => ago >= weekday && ago < weekday + 7),
    chart: { visits: tally((ago) => ago >= 0 && ago < 14).visits, bars: chartCells.size },
    busiest: busiest ? { programId: busiest[0], visits: busiest[1] } : undefined,
  };
}
