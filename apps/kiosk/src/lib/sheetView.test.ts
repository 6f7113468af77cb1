import { sheetVisit } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import { nameWithLastInitial } from "./names";
import { maskPhone } from "@vsi/web-common/phone";

// A tablet receives only what its sheet shows of a visit (the server's sheetVisit); the sheet must
// read exactly as it did from the whole visit.

const visits = [
  { FirstName: "Ada", LastName: "Lovelace", PhoneNumber: "4155550101" },
  { FirstName: " Ada ", LastName: " lovelace", PhoneNumber: "4155550101" },
  { FirstName: "Zoë", LastName: "Øster-Berg", PhoneNumber: "2125550000" },
  { FirstName: "Li", LastName: "𝓛ong", PhoneNumber: "6505551234" },
  // Erased by retention: nothing left.
  { FirstName: "", LastName: "", PhoneNumber: "" },
  // Written outside the API (psql): shorter, or with dashes.
  { FirstName: "Old", LastName: "Row", PhoneNumber: "5550101" },
  { FirstName: "Old", LastName: "Row", PhoneNumber: "555-0101" },
];

describe("a tablet's view of a visit", () => {
  it("shows as the whole visit does on the sheet: 'Ada L.' and xxx-xxx-0101", () => {
    for (const visit of visits) {
      const shown = sheetVisit(visit);
      expect(nameWithLastInitial(shown.FirstName, shown.LastName)).toBe(
        nameWithLastInitial(visit.FirstName, visit.LastName),
      );
      expect(maskPhone(shown.PhoneNumber)).toBe(maskPhone(visit.PhoneNumber));
    }
    expect(sheetVisit(visits[0]!)).toEqual({
      FirstName: "Ada",
      LastName: "L",
      PhoneNumber: "xxxxxx0101",
    });
  });

  it("keeps no more than the initial and the last four digits", () => {
    for (const visit of visits) {
      const shown = sheetVisit(visit);
      expect([...shown.LastName].length).toBeLessThanOrEqual(1);
      expect(shown.PhoneNumber.replace(/x/g, "").length).toBeLessThanOrEqual(4);
    }
  });
});
