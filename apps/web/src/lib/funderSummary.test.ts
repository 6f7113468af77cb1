import { describe, expect, it } from "vitest";
import {
  dayLabel,
  figure,
  monthLabel,
  printedSite,
  programsOf,
  shareOf,
  summaryCsvUrl,
} from "./funderSummary";

describe("the funder summary's helpers", () => {
  it("groups the months by program, programs by their names, months in order", () => {
    const row = (programId: number, programName: string, month: string) => ({
      programId,
      programName,
      month,
      visits: 1,
      people: 1,
      newPeople: 1,
      returningPeople: 0,
    });
    // As the server names them for a reader of Spanish.
    const rows = [
      row(2, "Tutoring", "2026-01"),
      row(1, "Despensa", "2026-01"),
      row(1, "Despensa", "2026-02"),
      row(3, "Clothing", "2026-02"),
    ];
    expect(
      programsOf(rows).map((p) => [p.programName, p.months.map((m) => [m.programName, m.month])]),
    ).toEqual([
      ["Clothing", [["Clothing", "2026-02"]]],
      [
        "Despensa",
        [
          ["Despensa", "2026-01"],
          ["Despensa", "2026-02"],
        ],
      ],
      ["Tutoring", [["Tutoring", "2026-01"]]],
    ]);
  });

  it("heads the printout with the chosen location, else every location, and one logo only", () => {
    const hall = { id: 1, Name: "Main Street Hall", LogoUrl: "/files/hall.png" };
    const library = { id: 2, Name: "Eastside Library", LogoUrl: null };
    const annex = { id: 3, Name: "Annex", LogoUrl: "/files/annex.png" };
    expect(printedSite([hall, library], 2)).toEqual({ name: "Eastside Library", logoUrl: null });
    expect(printedSite([hall, library], 1)).toEqual({
      name: "Main Street Hall",
      logoUrl: "/files/hall.png",
    });
    expect(printedSite([hall, library], undefined)).toEqual({
      name: "Main Street Hall · Eastside Library",
      logoUrl: "/files/hall.png",
    });
    // Two sites with logos of their own: neither speaks for both.
    expect(printedSite([hall, annex], undefined)).toEqual({
      name: "Main Street Hall · Annex",
      logoUrl: null,
    });
    expect(printedSite([], undefined)).toBeUndefined();
  });

  it("names months and days in the reader's language, whatever the machine's zone", () => {
    expect(monthLabel("2026-02", "en")).toBe("February 2026");
    expect(monthLabel("2026-02", "es")).toBe("febrero de 2026");
    expect(dayLabel("2026-02-01", "en")).toBe("February 1, 2026");
    expect(dayLabel("2026-02-28", "es")).toBe("28 de febrero de 2026");
  });

  it("asks for the CSV with the page's filters, zone and language, leaving out what is not set", () => {
    expect(
      summaryCsvUrl(
        { from: "2026-02-01", to: "2026-02-28", locationId: 3 },
        "America/Chicago",
        "es",
      ),
    ).toBe(
      "/api/reports/summary?format=csv&timeZone=America%2FChicago&language=es&from=2026-02-01&to=2026-02-28&locationId=3",
    );
  });

  it("writes figures with at most two decimals and shares of those who answered in whole percent", () => {
    expect(figure(11, "en")).toBe("11");
    expect(figure(3.6667, "en")).toBe("3.67");
    expect(figure(1234.5, "en")).toBe("1,234.5");
    expect(shareOf(1, 3, "en")).toBe("33%");
    expect(shareOf(2, 3, "en")).toBe("67%");
    expect(shareOf(0, 0, "en")).toBe("");
  });
});
