import type { VisitFields } from "./state.ts";

// The report journey's data set: visits across two locations, three programs and eleven days of
// January 2025 (PST, UTC-8), including two on either side of midnight in Los Angeles.

export interface PlannedVisit extends VisitFields {
  site: 0 | 1;
  program: 0 | 1 | 2;
}

/** Location 0 offers programs 0 and 1; location 1 offers programs 1 and 2. */
export const reportSites = [
  { label: "Report Hall", programs: [0, 1] },
  { label: "Report Annex", programs: [1, 2] },
] as const;
export const reportProgramLabels = ["Report Pantry", "Report Tutoring", "Report Jobs"] as const;

export const reportFrom = "2025-01-06";
export const reportTo = "2025-01-16";
/** The time zone the report journey's browser runs in. */
export const reportTimeZone = "America/Los_Angeles";

const firstNames = ["Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"];
const combos: Array<[0 | 1, 0 | 1 | 2]> = [
  [0, 0],
  [0, 1],
  [1, 1],
  [1, 2],
];

/** Local Los Angeles wall time in January 2025 (UTC-8) as an ISO instant. */
function pst(day: number, hour: number, minute: number): Date {
  return new Date(Date.UTC(2025, 0, day, hour + 8, minute));
}

export function plannedReportVisits(): PlannedVisit[] {
  const visits: PlannedVisit[] = [];
  for (let i = 0; i < 54; i++) {
    const [site, program] = combos[i % 4]!;
    const timeIn = pst(6 + (i % 10), 9 + (i % 8), (i * 7) % 60);
    visits.push({
      site,
      program,
      FirstName: firstNames[i % firstNames.length]!,
      LastName: `Walker${i}`,
      PhoneNumber: `41555000${String(i).padStart(2, "0")}`,
      Temperature: (97 + (i % 20) / 10).toFixed(1),
      TimeIn: timeIn.toISOString(),
      TimeOut: i % 9 === 0 ? null : new Date(timeIn.getTime() + 45 * 60_000).toISOString(),
    });
  }
  // Late on the 15th in Los Angeles (already the 16th in UTC), and just after midnight on the 16th.
  visits.push({
    site: 1,
    program: 2,
    FirstName: "Nora",
    LastName: "Night",
    PhoneNumber: "4155000098",
    Temperature: "98.1",
    TimeIn: pst(15, 23, 45).toISOString(),
    TimeOut: pst(16, 0, 15).toISOString(),
  });
  visits.push({
    site: 1,
    program: 2,
    FirstName: "Earl",
    LastName: "Early",
    PhoneNumber: "4155000099",
    Temperature: "97.9",
    TimeIn: pst(16, 0, 10).toISOString(),
    TimeOut: null,
  });
  return visits;
}
