// The printed funder summary's data set: three programs at "Print Hall", in Los Angeles, asking
// what a pantry, tutoring and job help ask, over the third quarter of 2024 (one person came in the
// June before): after the retention journey's cut-off, and before every other data set's days,
// so reports across all locations elsewhere never count it. The journey's browser runs at
// `printNow`, in November 2024, so its "last quarter" is July to September whichever month of a
// quarter the fiscal year starts in.

import type { PlannedVisit } from "./report-data.ts";

export const printTimeZone = "America/Los_Angeles";
/** Wednesday 13 November 2024, 12:30 in Los Angeles (PST). */
export const printNow = new Date("2024-11-13T20:30:00Z");
export const printSites = [{ label: "Print Hall", programs: [0, 1, 2] }] as const;
export const printProgramLabels = ["Print Pantry", "Print Tutoring", "Print Jobs"] as const;
export const printFrom = "2024-06-01";
export const printTo = "2024-09-30";

/** Los Angeles wall time in summer 2024 (PDT, UTC-7) as an ISO instant. */
const pdt = (day: string, time: string) => new Date(`${day}T${time}:00-07:00`).toISOString();

const both = (en: string, es: string) => ({ en, es });

/** The intake questions, each asked by the programs listed (by index). */
export const printQuestions = [
  {
    key: "household",
    programs: [0],
    Kind: "number",
    Label: both("People in your household", "Personas en su hogar"),
    Min: 1,
    Max: 20,
  },
  { key: "zip", programs: [0, 1, 2], Kind: "zip", Label: both("ZIP code", "Código postal") },
  {
    key: "consent",
    programs: [0],
    Kind: "consent",
    Label: both(
      "I confirm my household's income is within the pantry's guidelines",
      "Confirmo que los ingresos de mi hogar están dentro de las normas",
    ),
  },
  {
    key: "grade",
    programs: [1],
    Kind: "choice",
    Label: both("School grade", "Grado escolar"),
    Choices: [
      { id: "k-5", Label: both("K–5", "K–5") },
      { id: "6-8", Label: both("6–8", "6–8") },
      { id: "9-12", Label: both("9–12", "9–12") },
    ],
  },
  {
    key: "helpWith",
    programs: [2],
    Kind: "choices",
    Label: both("What can we help with today?", "¿En qué le podemos ayudar hoy?"),
    Choices: [
      { id: "resume", Label: both("Résumé", "Currículum") },
      { id: "search", Label: both("Finding jobs", "Buscar trabajo") },
      { id: "applications", Label: both("Applications", "Solicitudes") },
      { id: "interview", Label: both("Interview practice", "Práctica de entrevista") },
      { id: "computer", Label: both("Computer skills", "Computación") },
    ],
  },
] as const;
export type PrintQuestionKey = (typeof printQuestions)[number]["key"];

const pantry = 0;
const tutoring = 1;
const jobs = 2;

/** Each program's answers for a person, by the question's key. */
function answersOf(person: number, program: number): Partial<Record<PrintQuestionKey, unknown>> {
  const zip = `9000${person}`;
  if (program === pantry) return { household: 1 + (person % 5), zip, consent: true };
  if (program === tutoring) return { zip, grade: ["k-5", "6-8", "9-12"][person % 3] };
  return { zip, helpWith: person % 2 ? ["resume", "search"] : ["interview", "computer"] };
}

const visit = (
  person: number,
  program: 0 | 1 | 2,
  day: string,
): PlannedVisit & { answers: Partial<Record<PrintQuestionKey, unknown>> } => {
  const TimeIn = pdt(day, "10:00");
  return {
    site: 0,
    program,
    FirstName: `Printed${person}`,
    LastName: "Visitor",
    PhoneNumber: `41577700${String(person).padStart(2, "0")}`,
    Temperature: "98.4",
    TimeIn,
    TimeOut: new Date(Date.parse(TimeIn) + 30 * 60_000).toISOString(),
    answers: answersOf(person, program),
  };
};

/**
 * Eight people over July to September 2024, three of them at two programs: so the programs'
 * people add up to 11, and every program together counts 8. Person 2 first came in June.
 */
export function plannedPrintVisits() {
  return [
    visit(2, pantry, "2024-06-12"),
    visit(1, pantry, "2024-07-08"),
    visit(6, tutoring, "2024-07-09"),
    visit(2, pantry, "2024-07-15"),
    visit(7, tutoring, "2024-07-16"),
    visit(3, pantry, "2024-07-22"),
    visit(8, jobs, "2024-07-23"),
    visit(3, tutoring, "2024-08-05"),
    visit(1, pantry, "2024-08-12"),
    visit(6, tutoring, "2024-08-13"),
    visit(4, pantry, "2024-08-19"),
    visit(7, jobs, "2024-08-20"),
    visit(1, jobs, "2024-09-05"),
    visit(2, pantry, "2024-09-12"),
    visit(3, tutoring, "2024-09-19"),
    visit(7, jobs, "2024-09-20"),
    visit(5, pantry, "2024-09-26"),
  ];
}
