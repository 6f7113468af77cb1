import { staffTranslate } from "@vsi/i18n/staff";
import { describe, expect, it } from "vitest";
import { homeOf, navigationLinks } from "./navigationLinks";
import type { User } from "./types";

const person = (isAdmin: boolean, access: User["access"] = []) =>
  ({ id: 7, firstName: "Demo", isAdmin, access }) as User;
const paths = (user: User | null) => {
  const { main, admin } = navigationLinks(user);
  return { main: main.map((link) => link.to), admin: admin.map((link) => link.to) };
};

describe("navigationLinks", () => {
  it("shows a visitor the home page alone", () => {
    expect(paths(null)).toEqual({ main: ["/"], admin: [] });
    expect(homeOf(null)).toBe("/");
  });

  it("gives staff their working pages and no admin page; the product's name leads to the dashboard", () => {
    expect(paths(person(false))).toEqual({
      main: [
        "/dashboard",
        "/dashboard/locations",
        "/dashboard/programs",
        "/dashboard/reports",
        "/dashboard/on-site",
        "/dashboard/households",
      ],
      admin: [],
    });
    expect(homeOf(person(false))).toBe("/dashboard");
  });

  it("gives admins each admin page of its own, named as the page is titled", () => {
    const { admin } = navigationLinks(person(true));
    expect(admin.map((link) => [link.to, staffTranslate("en", link.labelKey)])).toEqual([
      ["/admin/users", "Users"],
      ["/admin/questions", "Questions"],
      ["/admin/settings", "Settings"],
      ["/admin/backups", "Backups"],
      ["/admin/webhooks", "Webhooks"],
      ["/admin/audit", "Audit log"],
    ]);
  });

  it("gives a site admin their staff's page, their questions and webhooks, and their log alone", () => {
    expect(paths(person(false, [{ locationId: 3, role: "admin" }])).admin).toEqual([
      "/admin/users",
      "/admin/questions",
      "/admin/webhooks",
      "/admin/audit",
    ]);
    expect(paths(person(false, [{ locationId: 3, role: "staff" }])).admin).toEqual([]);
  });

  it("names every link in English and Spanish", () => {
    const { main, admin } = navigationLinks(person(true));
    for (const { labelKey } of [...main, ...admin, ...navigationLinks(null).main])
      for (const language of ["en", "es"] as const)
        expect(staffTranslate(language, labelKey), `${labelKey} in ${language}`).not.toBe(labelKey);
  });
});
