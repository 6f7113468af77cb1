import { act, screen, within } from "@testing-library/react";
import { staffLanguage } from "@vsi/i18n/staff";
import { afterEach, describe, expect, it } from "vitest";
import type { Question, ReportVisit } from "../lib/types";
import { question as aQuestion, words } from "../test/questions";
import { renderWithTheme } from "../test/render";
import { ReportTable } from "./ReportTable";

const visit = (id: number, fields: Partial<ReportVisit>): ReportVisit => ({
  id,
  FirstName: "Ada",
  LastName: "Byron",
  PhoneNumber: "4155550101",
  Temperature: "98.6",
  TimeIn: "2026-11-03T04:30:00.000Z",
  TimeOut: null,
  SignedOutBy: null,
  SignedInFrom: "tablet",
  LocationId: 1,
  ProgramId: 1,
  HouseholdId: null,
  PartySize: 1,
  HouseholdMemberIds: null,
  QueueNumber: null,
  QueueLine: null,
  CalledAt: null,
  CalledTo: null,
  ServedAt: null,
  NoShowAt: null,
  Signed: null,
  Eligibility: "ok",
  Answers: {},
  Location: { id: 1, Name: "Valencia" },
  Program: { id: 1, Name: "Pantry", NameEs: null },
  createdAt: "2026-11-03T04:30:00.000Z",
  updatedAt: "2026-11-03T04:30:00.000Z",
  ...fields,
});

const question = (id: number, Kind: Question["Kind"], label: string, spanish = label): Question =>
  aQuestion(id, {
    Kind,
    Label: words(label, spanish),
    Choices:
      Kind === "choices"
        ? [
            { id: "food", Label: words("Food", "Comida") },
            { id: "rent", Label: words("Rent", "") },
          ]
        : [],
  });

describe("ReportTable", () => {
  afterEach(() => act(() => staffLanguage.choose(null)));

  it("names each visit's program in the reader's language", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(
      <ReportTable
        timeZone="UTC"
        visits={[
          visit(1, { Program: { id: 1, Name: "Food Pantry", NameEs: "Despensa de alimentos" } }),
          visit(2, { ProgramId: 2, Program: { id: 2, Name: "Tutoring", NameEs: null } }),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0]!).getByText("Despensa de alimentos")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Tutoring")).toBeInTheDocument();
    expect(screen.queryByText("Food Pantry")).not.toBeInTheDocument();
  });

  it("says when a visit was signed in on the visitor's own phone or by staff, not at a tablet", () => {
    renderWithTheme(
      <ReportTable
        timeZone="UTC"
        visits={[
          visit(1, { SignedInFrom: "phone" }),
          visit(2, { SignedInFrom: "staff" }),
          visit(3, { SignedInFrom: "tablet" }),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent("4:30 AM(own phone)");
    expect(rows[1]).toHaveTextContent("4:30 AM(by staff)");
    expect(rows[2]!.textContent).not.toContain("(");
  });

  it("shows dates and times in the report's zone, and says when staff or the automatic sign-out ended a visit", () => {
    renderWithTheme(
      <ReportTable
        timeZone="America/Los_Angeles"
        visits={[
          visit(1, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "auto" }),
          visit(2, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "staff" }),
          visit(3, { TimeOut: "2026-11-03T05:00:00.000Z", SignedOutBy: "visitor" }),
          visit(4, {}),
        ]}
      />,
    );
    const rows = screen.getAllByRole("row").slice(1);
    // 04:30 UTC is 8:30 PM the day before in Los Angeles.
    expect(within(rows[0]!).getByText("11/2/2026")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("8:30 PM")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent("9:00 PM(automatic)");
    expect(rows[1]).toHaveTextContent("9:00 PM(by staff)");
    expect(rows[2]!.textContent).toContain("9:00 PM");
    expect(rows[2]!.textContent).not.toContain("(");
    expect(rows[3]!.textContent).not.toContain("9:00 PM");
  });

  it("adds a column per question, each answer in words, and a last cell of the page's own", () => {
    renderWithTheme(
      <ReportTable
        timeZone="UTC"
        questions={[
          question(1, "choices", "Needs"),
          question(2, "consent", "Consent"),
          question(3, "date", "Born"),
        ]}
        visits={[
          visit(1, { Answers: { 1: ["rent", "food"], 2: true, 3: "1990-05-01" } }),
          visit(2, {}),
        ]}
        action={(row) => <button type="button">Edit {row.id}</button>}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers.slice(-4)).toEqual(["Needs", "Consent", "Born", "Action"]);
    const [answered, blank] = screen.getAllByRole("row").slice(1);
    expect(
      within(answered!)
        .getAllByRole("cell")
        .slice(-4)
        .map((cell) => cell.textContent),
    ).toEqual(["Rent, Food", "Agreed", "May 1, 1990", "Edit 1"]);
    expect(
      within(blank!)
        .getAllByRole("cell")
        .slice(-4)
        .map((cell) => cell.textContent),
    ).toEqual(["", "", "", "Edit 2"]);
  });

  it("speaks Spanish to a Spanish reader: headers, dates, who signed out, and questions in Spanish where written", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(
      <ReportTable
        timeZone="America/Los_Angeles"
        questions={[
          question(1, "choices", "Needs", "Necesidades"),
          question(2, "yesno", "First visit", ""),
          question(3, "consent", "Consent", "Consentimiento"),
        ]}
        visits={[
          visit(1, {
            TimeOut: "2026-11-03T05:00:00.000Z",
            SignedOutBy: "staff",
            Answers: { 1: ["rent", "food"], 2: true, 3: false },
          }),
        ]}
        action={(row) => <button type="button">Editar {row.id}</button>}
      />,
    );
    expect(screen.getByRole("region", { name: "Informe de visitas" })).toBeInTheDocument();
    const headers = screen.getAllByRole("columnheader").map((cell) => cell.textContent);
    expect(headers).toEqual([
      "Fecha",
      "Sede",
      "Programa",
      "Nombre",
      "Teléfono",
      "Temp.",
      "Entrada",
      "Salida",
      "Necesidades",
      // No Spanish written for this question: its English.
      "First visit",
      "Consentimiento",
      "Acción",
    ]);
    const [row] = screen.getAllByRole("row").slice(1);
    // 04:30 UTC is the evening before in Los Angeles, written day first.
    expect(within(row!).getByText("2/11/2026")).toBeInTheDocument();
    expect(row).toHaveTextContent("(por el personal)");
    expect(
      within(row!)
        .getAllByRole("cell")
        .slice(-4)
        .map((cell) => cell.textContent),
    ).toEqual(["Rent, Comida", "Sí", "No aceptó", "Editar 1"]);
  });

  it("says so in Spanish when no visit matches", () => {
    act(() => staffLanguage.choose("es"));
    renderWithTheme(<ReportTable timeZone="UTC" visits={[]} />);
    expect(screen.getByText("Ninguna visita coincide con estos filtros.")).toBeInTheDocument();
  });
});
