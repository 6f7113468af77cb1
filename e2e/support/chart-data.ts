// The reports chart journey's data set: every day of the month before `chartNow` (in Los Angeles,
// the journey's zone), at one location offering two programs; a second location offers a third
// program only. The journey's browser runs at `chartNow`, so its "last month" is that month
// whatever the machine's date.

import type { PlannedVisit } from "./report-data.ts";

export const chartTimeZone = "America/Los_Angeles";
/** The chart journey's "now": Wednesday 12 March 2025, 12:30 in Los Angeles (PDT). */
export const chartNow = new Date("2025-03-12T19:30:00Z");
export const chartSites = [
  { label: "Chart Center", programs: [0, 1] },
  { label: "Chart Annex", programs: [2] },
] as const;
export const chartProgramLabels = ["Chart Pantry", "Chart Tutoring", "Chart Jobs"] as const;

/** YYYY-MM-DD of an instant in Los Angeles. */
export const laDay = (date: Date) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: chartTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);

/** The first and last day of the month before `today` (YYYY-MM-DD). */
export function lastMonthOf(today: string): { from: string; to: string; days: number } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return {
    from: first.toISOString().slice(0, 10),
    to: last.toISOString().slice(0, 10),
    days: last.getUTCDate(),
  };
}

/** Noon-ish in Los Angeles on a day (either offset, PST or PDT: 19:00 UTC is 11:00 or 12:00 there). */
const laMidday = (day: string, minute: number) =>
  new Date(`${day}T19:${String(minute).padStart(2, "0")}:00Z`);

/** The chart journey's month: every day of the month before `chartNow` in Los Angeles. */
export const chartMonth = lastMonthOf(laDay(chartNow));

/**
 * Each day of the chart's month: 1–3 visits to program 0, and one to program 1 on even days;
 * every visit its own phone and a 30-minute stay.
 */
export function plannedChartVisits(): PlannedVisit[] {
  const { from, days } = chartMonth;
  const visits: PlannedVisit[] = [];
  for (let d = 1; d <= days; d++) {
    const day = `${from.slice(0, 8)}${String(d).padStart(2, "0")}`;
    const plan: Array<0 | 1> = [
      ...Array.from({ length: 1 + (d % 3) }, () => 0 as const),
      ...(d % 2 === 0 ? [1 as const] : []),
    ];
    plan.forEach((program, i) => {
      const timeIn = laMidday(day, i * 10);
      visits.push({
        site: 0,
        program,
        FirstName: `Chart${d}`,
        LastName: `Visitor${i}`,
        PhoneNumber: `41577${String(d).padStart(2, "0")}${String(i).padStart(3, "0")}`,
        Temperature: "98.2",
        TimeIn: timeIn.toISOString(),
        TimeOut: new Date(timeIn.getTime() + 30 * 60_000).toISOString(),
      });
    });
  }
  return visits;
}
