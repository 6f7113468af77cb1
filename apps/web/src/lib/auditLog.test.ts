import { describe, expect, it } from "vitest";
import { auditSearch, describeEntry, groupActions, subjectLabel } from "./auditLog";
import type { AuditEntry } from "./types";

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  at: "2026-11-22T17:04:00.000Z",
  action: "visit.sign_in",
  actor: {
    kind: "user",
    userId: 7,
    name: "Maria Lopez",
    email: "maria@example.org",
    tabletId: null,
    tabletLocation: null,
  },
  subject: { type: "visit", id: 1042 },
  location: { id: 3, name: "Front desk" },
  details: {},
  ...overrides,
});
const tablet = {
  kind: "tablet",
  userId: null,
  name: null,
  email: null,
  tabletId: 4,
  tabletLocation: { id: 3, name: "Front desk" },
} as const;
const system = {
  kind: "system",
  userId: null,
  name: null,
  email: null,
  tabletId: null,
  tabletLocation: null,
} as const;

describe("describeEntry", () => {
  it("says who signed a visitor in or out, and how", () => {
    expect(describeEntry(entry({ actor: tablet }))).toBe("Tablet 'Front desk' signed in a visitor");
    expect(describeEntry(entry({ action: "visit.sign_out", details: { by: "staff" } }))).toBe(
      "Maria Lopez signed out a visitor (staff)",
    );
    expect(
      describeEntry(entry({ action: "visit.sign_out", actor: system, details: { by: "auto" } })),
    ).toBe("Automatic sign-out");
  });

  it("says when a visitor signed in or out on their own phone, at the door", () => {
    expect(describeEntry(entry({ actor: system, details: { SignedInFrom: "phone" } }))).toBe(
      "A visitor signed in on their own phone",
    );
    expect(
      describeEntry(entry({ action: "visit.sign_out", actor: system, details: { by: "visitor" } })),
    ).toBe("A visitor signed out on their own phone");
    expect(describeEntry(entry({ action: "location.door_code", details: {} }))).toBe(
      "Maria Lopez made a new door code for 'Front desk' (old posters stop working)",
    );
  });

  it("names the fields an edit changed and the staff member an account change concerns", () => {
    expect(
      describeEntry(
        entry({ action: "visit.update", details: { fields: ["FirstName", "Temperature"] } }),
      ),
    ).toBe("Maria Lopez corrected a visit (FirstName, Temperature)");
    expect(
      describeEntry(entry({ action: "user.deactivate", details: { email: "sam@example.org" } })),
    ).toBe("Maria Lopez deactivated sam@example.org");
    expect(
      describeEntry(entry({ action: "tablet.disconnect", subject: { type: "tablet", id: 4 } })),
    ).toBe("Maria Lopez disconnected tablet #4 at 'Front desk'");
  });

  it("names the question an admin added, changed or retired, and a visit's answers as changed", () => {
    const question = { subject: { type: "question", id: 5 }, location: null };
    expect(
      describeEntry(entry({ action: "question.create", ...question, details: { label: "ZIP" } })),
    ).toBe("Maria Lopez added the question 'ZIP'");
    expect(
      describeEntry(
        entry({
          action: "question.update",
          ...question,
          details: { label: "ZIP", fields: ["Required", "Position"] },
        }),
      ),
    ).toBe("Maria Lopez changed the question 'ZIP' (Required, Position)");
    expect(
      describeEntry(entry({ action: "question.retire", ...question, details: { label: "ZIP" } })),
    ).toBe("Maria Lopez retired the question 'ZIP'");
    expect(describeEntry(entry({ action: "visit.update", details: { fields: ["Answers"] } }))).toBe(
      "Maria Lopez corrected a visit (answers changed)",
    );
  });

  it("counts a tablet's lookups of a day, never naming a visitor", () => {
    expect(
      describeEntry(
        entry({
          action: "visitor.lookup",
          actor: tablet,
          subject: { type: "tablet", id: 4 },
          details: { day: "2026-11-22", lookups: 12 },
        }),
      ),
    ).toBe("Tablet 'Front desk' looked up returning visitors 12 times on 2026-11-22");
  });

  it("says how many members a household was added with and which fields changed, never who", () => {
    const household = { subject: { type: "household", id: 12 }, location: null };
    expect(
      describeEntry(entry({ action: "household.create", ...household, details: { members: 5 } })),
    ).toBe("Maria Lopez added a household (5 members)");
    expect(
      describeEntry(
        entry({
          action: "household.update",
          ...household,
          details: { fields: ["Size", "Members"] },
        }),
      ),
    ).toBe("Maria Lopez changed a household (Size, Members)");
    expect(subjectLabel(entry({ action: "household.create", ...household }))).toBe("Household #12");
    expect(
      describeEntry(
        entry({ action: "household.create", ...household, details: { members: 1 } }),
        "es",
      ),
    ).toBe("Maria Lopez añadió un hogar (1 miembro)");
    expect(describeEntry(entry({ action: "visit.approve" }))).toBe(
      "Maria Lopez approved a visit past its program's limit",
    );
  });
});

describe("the page's search", () => {
  it("keeps a known group and usable ids and dates, and turns the group into its actions", () => {
    expect(
      auditSearch({ group: "tablets", locationId: "3", from: "2026-11-01", page: "x" }),
    ).toEqual({ group: "tablets", locationId: 3, from: "2026-11-01" });
    expect(auditSearch({ group: "nonsense" })).toEqual({});
    expect(groupActions("tablets")).toBe("tablet.setup,tablet.disconnect");
    expect(subjectLabel(entry({}))).toBe("Visit #1042");
  });
});

describe("describeEntry in Spanish", () => {
  it("reads as a Spanish sentence, with names as they are", () => {
    expect(describeEntry(entry({ action: "visit.sign_in" }), "es")).toBe(
      "Maria Lopez registró la entrada de un visitante",
    );
    expect(
      describeEntry(
        entry({
          action: "visitor.lookup",
          actor: tablet,
          details: { day: "2026-11-22", lookups: 1 },
        }),
        "es",
      ),
    ).toBe("Tableta «Front desk» buscó visitantes que regresan 1 vez el 2026-11-22");
    expect(subjectLabel(entry({}), "es")).toBe("Visita #1042");
  });
});
