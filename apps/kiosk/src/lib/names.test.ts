import { describe, expect, it } from "vitest";
import { nameWithLastInitial, programName } from "./names";

describe("nameWithLastInitial", () => {
  it("is the first name, the last initial and a period", () => {
    expect(nameWithLastInitial("Ada", "Lovelace")).toBe("Ada L.");
  });

  it("trims stray spaces", () => {
    expect(nameWithLastInitial(" Ada ", " lovelace")).toBe("Ada l.");
  });

  it("is only the first name when there is no last name", () => {
    expect(nameWithLastInitial("Ada", "")).toBe("Ada");
  });
});

describe("programName", () => {
  const pantry = { Name: "Food Pantry", NameEs: "Despensa de alimentos" };

  it("is the Spanish name for a visitor reading Spanish", () => {
    expect(programName(pantry, "es")).toBe("Despensa de alimentos");
  });

  it("is the name in English", () => {
    expect(programName(pantry, "en")).toBe("Food Pantry");
  });

  it("is the one name in Spanish too when the program has no Spanish name", () => {
    expect(programName({ Name: "Food Pantry", NameEs: null }, "es")).toBe("Food Pantry");
  });
});
