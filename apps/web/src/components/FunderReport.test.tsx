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
  households: 2,
  newHouseholds: 1,
  individuals: 7,
  partySizes: 7,
  ageBands: [
    { band: "0-17", count: 3 },
    { band: "18-64", count: 2 },
    { band: "65-", count: 1 },
    { band: "unknown", count: 1 },
  ],
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

  it("shows households, new ones, individuals and each age band in words, the unknown last", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(<FunderFigures summary={summaryNaming("Pantry")} period="febrero de 2026" />);
    const table = screen.getByRole("table", { name: "Hogares e individuos" });
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      "Hogares2",
      "Hogares nuevos1",
      "Individuos7",
      "De 0 a 17 años3",
      "De 18 a 64 años2",
      "De 65 años o más1",
      "Edad desconocida1",
    ]);
  });

  it("shows no households table where no household came", () => {
    act(() => staffLanguage.choose("en"));
    renderWithTheme(
      <FunderFigures
        summary={{ ...summaryNaming("Pantry"), households: 0, newHouseholds: 0 }}
        period="February 2026"
      />,
    );
    expect(
      screen.queryByRole("table", { name: "Households and individuals" }),
    ).not.toBeInTheDocument();
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
