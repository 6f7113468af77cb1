// The funder summary journey's data set: visitors coming back across months and programs at
// "Summary Hall", one of them first seen at "Summary Annex", in Los Angeles. The journey's browser
// runs at `summaryNow`, so its "last month" (the page's default period) is April 2025.

import type { PlannedVisit } from "./report-data.ts";

export const summaryTimeZone = "America/Los_Angeles";
/** Wednesday 14 May 2025, 12:30 in Los Angeles (PDT). */
export const summaryNow = new Date("2025-05-14T19:30:00Z");
export const summarySites = [
  { label: "Summary Hall", programs: [0, 1] },
  { label: "Summary Annex", programs: [0] },
] as const;
export const summaryProgramLabels = ["Summary Pantry", "Summary Tutoring"] as const;
export const summaryFrom = "2025-02-01";
export const summaryTo = "2025-05-31";

/** Los Angeles wall time in spring 2025 (PST until 9 March, PDT after) as an ISO instant. */
function la(day: string, time: string): string {
  const offset = day < "2025-03-09" ? "-08:00" : "-07:00";
  return new Date(`${day}T${time}:00${offset}`).toISOString();
}

const visit = (
  phone: number,
  site: 0 | 1,
  program: 0 | 1,
  day: string,
  time = "10:00",
): PlannedVisit => {
  const TimeIn = la(day, time);
  return {
    site,
    program,
    FirstName: `Funded${phone}`,
    LastName: "Visitor",
    PhoneNumber: `41588000${String(phone).padStart(2, "0")}`,
    Temperature: "98.4",
    TimeIn,
    TimeOut: new Date(Date.parse(TimeIn) + 30 * 60_000).toISOString(),
  };
};

/**
 * Person 1 came to the pantry in March, twice in April and to tutoring in April; 2 once in April;
 * 3 twice to tutoring in April; 4 to the Annex's pantry in February, then the Hall's in April;
 * 5 at 11:30 PM on 30 April (1 May in UTC); 6 just after midnight on 1 May; 7 to tutoring in
 * March and April.
 */
export function plannedSummaryVisits(): PlannedVisit[] {
  return [
    visit(1, 0, 0, "2025-03-10"),
    visit(1, 0, 0, "2025-04-03"),
    visit(1, 0, 0, "2025-04-17"),
    visit(1, 0, 1, "2025-04-22"),
    visit(2, 0, 0, "2025-04-08"),
    visit(3, 0, 1, "2025-04-09"),
    visit(3, 0, 1, "2025-04-23"),
    visit(4, 1, 0, "2025-02-20"),
    visit(4, 0, 0, "2025-04-15"),
    visit(5, 0, 0, "2025-04-30", "23:30"),
    visit(6, 0, 0, "2025-05-01", "00:15"),
    visit(7, 0, 1, "2025-03-25"),
    visit(7, 0, 1, "2025-04-11"),
  ];
}
