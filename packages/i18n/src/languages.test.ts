import { describe, expect, it } from "vitest";
import { isLanguage, languageOf, pickLanguage, programName, wordsIn } from "./languages";

describe("pickLanguage", () => {
  it("takes the person's choice over the browser's languages", () => {
    expect(pickLanguage("en", ["es-ES", "es"])).toBe("en");
    expect(pickLanguage("es", ["en-US"])).toBe("es");
  });

  it("follows the browser without a choice: its first language we have, else English", () => {
    expect(pickLanguage(null, ["es-MX", "en"])).toBe("es");
    expect(pickLanguage(undefined, ["fr-FR", "ES"])).toBe("es");
    expect(pickLanguage(null, ["fr-FR", "de"])).toBe("en");
    expect(pickLanguage(null, [])).toBe("en");
  });
});

describe("languageOf and isLanguage", () => {
  it("read a tag's language and nothing else", () => {
    expect(languageOf(["en-GB"])).toBe("en");
    expect(isLanguage("es")).toBe(true);
    expect(isLanguage("es-MX")).toBe(false);
    expect(isLanguage(null)).toBe(false);
  });
});

describe("wordsIn", () => {
  it("gives the Spanish when written, else the English, a Spanish of only spaces counting as none", () => {
    const size = { en: "Household size", es: "Personas en el hogar" };
    expect(wordsIn(size, "es")).toBe("Personas en el hogar");
    expect(wordsIn(size, "en")).toBe("Household size");
    expect(wordsIn({ en: "Household size", es: "" }, "es")).toBe("Household size");
    expect(wordsIn({ en: "Household size", es: "   " }, "es")).toBe("Household size");
  });
});

describe("programName", () => {
  const pantry = { Name: "Food Pantry", NameEs: "Despensa de alimentos" };

  it("is the Spanish name for a reader of Spanish, the name in English", () => {
    expect(programName(pantry, "es")).toBe("Despensa de alimentos");
    expect(programName(pantry, "en")).toBe("Food Pantry");
  });

  it("is the one name in Spanish too when the program has no Spanish name", () => {
    expect(programName({ Name: "Food Pantry", NameEs: null }, "es")).toBe("Food Pantry");
    expect(programName({ Name: "Food Pantry" }, "es")).toBe("Food Pantry");
  });
});
