import type { AnswerValue } from "@vsi/api/schemas";

// The demo install's intake questions: what a pantry, a tutoring program and a job-help desk
// typically ask, in both languages, so the funder summary has answers to count on a first start.

/** Which of the demo's programs a question is asked by. */
export type DemoProgram = "pantry" | "tutoring" | "jobs";

export interface DemoQuestion {
  key: "household" | "zip" | "birthDate" | "grade" | "helpWith" | "consent";
  kind: "number" | "zip" | "date" | "choice" | "choices" | "consent";
  label: { en: string; es: string };
  help: { en: string; es: string };
  required: boolean;
  choices: Array<{ id: string; Label: { en: string; es: string } }>;
  min: number | null;
  max: number | null;
  programs: readonly DemoProgram[];
  askEvery: "visit" | "visitor";
  reaskAfterMonths: number | null;
}

const noHelp = { en: "", es: "" };

export const demoQuestions: readonly DemoQuestion[] = [
  {
    key: "household",
    kind: "number",
    label: {
      en: "How many people live in your household?",
      es: "¿Cuántas personas viven en su hogar?",
    },
    help: { en: "Count yourself too.", es: "Cuéntese a usted también." },
    required: true,
    choices: [],
    min: 1,
    max: 20,
    programs: ["pantry"],
    askEvery: "visitor",
    reaskAfterMonths: 12,
  },
  {
    key: "zip",
    kind: "zip",
    label: { en: "ZIP code", es: "Código postal" },
    help: noHelp,
    required: true,
    choices: [],
    min: null,
    max: null,
    programs: ["pantry", "tutoring", "jobs"],
    askEvery: "visitor",
    reaskAfterMonths: 12,
  },
  {
    key: "birthDate",
    kind: "date",
    label: { en: "Date of birth", es: "Fecha de nacimiento" },
    help: {
      en: "Optional. Only counted in age groups.",
      es: "Opcional. Solo se cuenta por edades.",
    },
    required: false,
    choices: [],
    min: null,
    max: null,
    programs: ["tutoring", "jobs"],
    askEvery: "visitor",
    reaskAfterMonths: null,
  },
  {
    key: "grade",
    kind: "choice",
    label: { en: "School grade", es: "Grado escolar" },
    help: noHelp,
    required: true,
    choices: [
      { id: "k-5", Label: { en: "K–5", es: "K–5" } },
      { id: "6-8", Label: { en: "6–8", es: "6–8" } },
      { id: "9-12", Label: { en: "9–12", es: "9–12" } },
    ],
    min: null,
    max: null,
    programs: ["tutoring"],
    askEvery: "visitor",
    reaskAfterMonths: 6,
  },
  {
    key: "helpWith",
    kind: "choices",
    label: { en: "What can we help with today?", es: "¿En qué le podemos ayudar hoy?" },
    help: { en: "Pick all that apply.", es: "Marque todas las que correspondan." },
    required: false,
    choices: [
      { id: "resume", Label: { en: "Résumé", es: "Currículum" } },
      { id: "search", Label: { en: "Finding jobs", es: "Buscar trabajo" } },
      { id: "applications", Label: { en: "Applications", es: "Solicitudes" } },
      { id: "interview", Label: { en: "Interview practice", es: "Práctica de entrevista" } },
      { id: "computer", Label: { en: "Computer skills", es: "Computación" } },
    ],
    min: null,
    max: null,
    programs: ["jobs"],
    askEvery: "visit",
    reaskAfterMonths: null,
  },
  {
    key: "consent",
    kind: "consent",
    label: {
      en: "I confirm my household's income is within the pantry's guidelines.",
      es: "Confirmo que los ingresos de mi hogar están dentro de las normas de la despensa.",
    },
    help: noHelp,
    required: true,
    choices: [],
    min: null,
    max: null,
    programs: ["pantry"],
    askEvery: "visitor",
    reaskAfterMonths: 12,
  },
];

/** A demo visit's answers by question key, before the questions have ids. */
export type DemoAnswers = Partial<Record<DemoQuestion["key"], AnswerValue>>;
