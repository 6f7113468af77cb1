import { staffTranslate } from "@vsi/i18n/staff";
import { describe, expect, it } from "vitest";
import { accessSummary, administers, isSiteAdmin, siteAdminMayOpen } from "./access";
import type { User } from "./types";

const person = (isAdmin: boolean, access: User["access"]) => ({ id: 7, isAdmin, access }) as User;
const names = new Map([
  [1, "North"],
  [2, "South"],
]);

describe("access", () => {
  it("tells a site admin, and which locations they administer, from /users/me", () => {
    const siteAdmin = person(false, [
      { locationId: 1, role: "admin" },
      { locationId: 2, role: "staff" },
    ]);
    expect([isSiteAdmin(siteAdmin), administers(siteAdmin, 1), administers(siteAdmin, 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(isSiteAdmin(person(false, [{ locationId: 1, role: "staff" }]))).toBe(false);
    expect(administers(person(true, []), 99)).toBe(true);
    expect(["/admin/users/3", "/admin/audit", "/admin/settings"].map(siteAdminMayOpen)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("sums a user's locations up in the reader's language", () => {
    for (const [language, every, none, both] of [
      ["en", "Every location", "No location", "North (site admin), South"],
      ["es", "Todas las sedes", "Ninguna sede", "North (administrador de la sede), South"],
    ] as const) {
      const say = (key: string, values?: { name: string }) => staffTranslate(language, key, values);
      expect(accessSummary(say, person(true, []), names)).toBe(every);
      expect(accessSummary(say, person(false, []), names)).toBe(none);
      const roles = person(false, [
        { locationId: 1, role: "admin" },
        { locationId: 2, role: "staff" },
      ]);
      expect(accessSummary(say, roles, names)).toBe(both);
    }
  });
});
