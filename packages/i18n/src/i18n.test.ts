import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import en from "../locales/en.json";
import { kioskI18n, translate, useKioskTranslation } from "./i18n";
import { staffLanguage, useStaffTranslation } from "./staff";

describe("translate", () => {
  it("takes values and picks the plural form by the language's rules", () => {
    expect(translate("en", "sheet.count", { count: 1 })).toBe("1 signed in");
    expect(translate("en", "offline.waiting", { count: 1 })).toBe("1 entry waiting to be sent.");
    expect(translate("en", "offline.waiting", { count: 3 })).toBe("3 entries waiting to be sent.");
    expect(translate("es", "sheet.count", { count: 1 })).toBe("1 persona registrada");
    expect(translate("es", "sheet.count", { count: 3 })).toBe("3 personas registradas");
    expect(translate("es", "confirm.welcome", { name: "Ana" })).toBe("¡Bienvenido/a, Ana!");
  });

  it("reads an apostrophe as itself and an unknown key as itself", () => {
    expect(translate("en", "form.failed")).toBe("That didn't go through. Please try again.");
    expect(translate("es", "no.such.key")).toBe("no.such.key");
  });
});

describe("the catalogues", () => {
  it("come compiled under flat ids, so the browser needs no message parser", () => {
    const compiled = en as unknown as Record<string, unknown>;
    expect(compiled["sheet.count"]).toEqual([
      ["count", "plural", { one: ["#", " signed in"], other: ["#", " signed in"] }],
    ]);
    expect(compiled["confirm.welcome"]).toEqual(["Welcome, ", ["name"], "!"]);
  });
});

describe("useKioskTranslation and useStaffTranslation", () => {
  afterEach(() =>
    act(() => {
      kioskI18n.changeLanguage("en");
      staffLanguage.choose(null);
      staffLanguage.suggest(null);
    }),
  );

  it("switch one at a time: the kiosk's visitor does not change a staff member's language", () => {
    const kiosk = renderHook(() => useKioskTranslation());
    const staff = renderHook(() => useStaffTranslation());
    act(() => kioskI18n.changeLanguage("es"));
    expect(kiosk.result.current.t("signOut.cancel")).toBe("Cancelar");
    expect(kiosk.result.current.language).toBe("es");
    expect(staff.result.current.t("reports.presets.lastMonth")).toBe("Last month");
    act(() => staffLanguage.choose("es"));
    expect(staff.result.current.t("reports.presets.lastMonth")).toBe("Mes pasado");
    expect(staff.result.current.language).toBe("es");
    act(() => kioskI18n.changeLanguage("en"));
    expect(staff.result.current.language).toBe("es");
  });

  it("speak a page's suggested language to someone without a choice, and the choice over it", () => {
    const staff = renderHook(() => useStaffTranslation());
    expect(staff.result.current.language).toBe("en");
    act(() => staffLanguage.suggest("es"));
    expect(staff.result.current.language).toBe("es");
    act(() => staffLanguage.choose("en"));
    expect(staff.result.current.language).toBe("en");
    act(() => staffLanguage.choose(null));
    expect(staff.result.current.language).toBe("es");
    act(() => staffLanguage.suggest(null));
    expect(staff.result.current.language).toBe("en");
  });
});
