import { describe, expect, it } from "vitest";
import { fitText, initialOf, labelLines, visitPageUrl, type LabelData } from "./label.ts";
import { labelZpl, zplFieldText } from "./zpl.ts";

const ana: LabelData = {
  number: 12,
  firstName: "Ana",
  lastName: "García",
  program: "Food Pantry",
  date: "2026-03-04",
  url: "http://192.168.1.10:3000/dashboard/visits/41",
};

describe("fitText", () => {
  it("leaves text that fits as it is", () => {
    expect(fitText("Food Pantry", 20)).toBe("Food Pantry");
  });

  it("shortens with an ellipsis to the room, the ellipsis included", () => {
    expect(fitText("Emergency Food Assistance", 12)).toBe("Emergency F…");
    expect([...fitText("Emergency Food Assistance", 12)]).toHaveLength(12);
  });

  it("never cuts inside a character as a reader sees it: accents, emoji with modifiers, flags", () => {
    // "e" + a combining acute, five times: each is one character of two code points.
    const decomposed = "e\u0301".repeat(5);
    expect(fitText(decomposed, 4)).toBe("e\u0301".repeat(3) + "…");
    const family = "👩‍👩‍👧‍👦";
    // Emoji take two columns: two families and the ellipsis fill five.
    expect(fitText(`${family}${family}${family}`, 5)).toBe(`${family}${family}…`);
    expect(fitText("🇪🇸🇲🇽🇺🇸", 5)).toBe("🇪🇸🇲🇽…");
    expect(fitText("👍🏽👍🏽👍🏽", 4)).toBe("👍🏽…");
  });

  it("counts East Asian wide characters as two columns", () => {
    expect(fitText("山田太郎さん", 7)).toBe("山田太…");
  });
});

describe("labelLines", () => {
  it("says the number, first name and last initial, program and date", () => {
    expect(labelLines(ana, "62x29mm")).toEqual({
      number: "#12",
      name: "Ana G.",
      program: "Food Pantry",
      date: "2026-03-04",
      url: ana.url,
    });
    expect(labelLines({ ...ana, number: null }, "letter").number).toBeNull();
  });

  it("keeps the initial whole and shortens the first name, by the size's room", () => {
    const long = { ...ana, firstName: "Maximiliana-Guadalupe", lastName: "Émile" };
    expect(labelLines(long, "62x29mm").name).toBe("Maximilian… É.");
    expect(labelLines(long, "2.25x1.25in").name).toBe("Maximilia… É.");
    expect(labelLines(long, "letter").name).toBe("Maximiliana-Guadalupe É.");
    expect(initialOf("\u00c9mile")).toBe("É");
    expect(initialOf("E\u0301mile")).toBe("E\u0301");
  });

  it("points the QR code at the visit's staff page", () => {
    expect(visitPageUrl("https://signin.example.org/", 41)).toBe(
      "https://signin.example.org/dashboard/visits/41",
    );
  });
});

describe("labelZpl", () => {
  it("is one ZPL label: UTF-8, the label's width, each line as a field, the QR code of the visit's page", () => {
    const zpl = labelZpl(labelLines(ana, "62x29mm"), "62x29mm");
    expect(zpl.startsWith("^XA\n^CI28\n^PW496\n^LL232\n")).toBe(true);
    expect(zpl).toContain("^FD#12^FS");
    expect(zpl).toContain("^FDAna G.^FS");
    expect(zpl).toContain("^FDFood Pantry^FS");
    expect(zpl).toContain("^FD2026-03-04^FS");
    expect(zpl).toContain(`^BQN,2,5^FDMA,${ana.url}^FS`);
    expect(zpl.trimEnd().endsWith("^XZ")).toBe(true);
    expect(labelZpl(labelLines(ana, "letter"), "letter")).toContain("^PW1727");
  });

  it("writes a name's special characters as hex bytes, so a ^ or ~ in it is never a command", () => {
    expect(zplFieldText("Zoë ^XZ~JR")).toBe("Zo_C3_AB _5EXZ_7EJR");
    const zpl = labelZpl(labelLines({ ...ana, firstName: "^XZ" }, "62x29mm"), "62x29mm");
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });
});
