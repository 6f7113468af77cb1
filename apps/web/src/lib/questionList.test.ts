import { describe, expect, it } from "vitest";
import { questionRows } from "./questionList";
import type { ProgramListItem } from "./types";

const programs = [
  { id: 1, Name: "Food Pantry", NameEs: "Despensa" },
  { id: 2, Name: "Tutoring", NameEs: null },
] as ProgramListItem[];
const question = { Label: { en: "Household size", es: "Tamaño del hogar" }, ProgramIds: [1, 2, 9] };

describe("a question in the admin's list", () => {
  it("names its programs in Spanish to a Spanish reader, in English where none is written", () => {
    expect(questionRows([question], programs, "es")[0]).toMatchObject({
      label: "Tamaño del hogar",
      programNames: ["Despensa", "Tutoring", "#9"],
    });
    expect(questionRows([question], programs, "en")[0]).toMatchObject({
      label: "Household size",
      programNames: ["Food Pantry", "Tutoring", "#9"],
    });
  });
});
