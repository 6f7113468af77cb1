import { act, screen, within } from "@testing-library/react";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it } from "vitest";
import type { FunderSummary } from "../lib/types";
import { renderWithTheme } from "../test/render";
import { FunderFigures, FunderPrintout } from "./FunderReport";

// The catalogue's programs: one with a Spanish name, one without.
const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa de alimentos" },
  { id: 2, Name: "Tutoring", NameEs: null },
];

const month = { month: "2026-02", visits: 3, people: 2, newPeople: 1, returningPeople: 1 };

// What the API answers, asked in a language: each program by its name in it.
const summaryNaming = (pantry: string): FunderSummary => ({
  visits: 5,
  people: 3,
  newPeople: 2,
  returningPeople: 1,
  perProgramMonth: [
    { programId: 1, programName: pantry, ...month },
    { programId: 2, programName: "Tutoring", ...month },
  ],
  perMonth: [month],
  questions: [],
});
const perProgramOf = (summary: FunderSummary) =>
  new Map([
    [1, { ...summary, perProgramMonth: summary.perProgramMonth.slice(0, 1) }],
    [2, { ...summary, perProgramMonth: summary.perProgramMonth.slice(1) }],
  ]);

describe("the funder summary (a staff page)", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("names each program as the summary does for a reader of Spanish, on screen and on paper", () => {
    act(() => staffLanguage.choose("es"));
    const summary = summaryNaming("Despensa de alimentos");
    renderWithTheme(
      <>
        <FunderFigures summary={summary} period="febrero de 2026" />
        <FunderPrintout
          summary={summary}
          programs={programs}
          perProgram={perProgramOf(summary)}
          programId={undefined}
          site={{ name: "Main Street Hall", logoUrl: null }}
          period="febrero de 2026"
        />
      </>,
    );
    const table = screen.getByRole("region", {
      name: "Visitas y personas por programa y mes",
    });
    expect(within(table).getByText("Despensa de alimentos")).toBeInTheDocument();
    expect(within(table).getByText("Tutoring")).toBeInTheDocument();

    const printout = screen.getByTestId("funder-print");
    // The first page's list of programs, then a page per program, headed by its name.
    const list = within(printout).getByRole("table", { name: "Visitas y personas por programa" });
    expect(within(list).getByText("Despensa de alimentos")).toBeInTheDocument();
    expect(
      within(printout)
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Todos los programas", "Despensa de alimentos", "Tutoring"]);
    expect(screen.queryByText("Food Pantry")).not.toBeInTheDocument();
  });

  it("names a chosen program's only page in English for a reader of English", () => {
    act(() => staffLanguage.choose("en"));
    const perProgram = perProgramOf(summaryNaming("Food Pantry"));
    renderWithTheme(
      <FunderPrintout
        summary={perProgram.get(1)!}
        programs={programs}
        perProgram={perProgram}
        programId={1}
        site={undefined}
        period="February 2026"
      />,
    );
    expect(
      within(screen.getByTestId("funder-print"))
        .getAllByRole("heading", { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(["Food Pantry"]);
  });
});
