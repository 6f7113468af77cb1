import { describe, expect, it } from "vitest";
import { answerText, type ShownQuestion } from "./answers";

const question = (Kind: ShownQuestion["Kind"], choices: string[] = []): ShownQuestion => ({
  Kind,
  Choices: choices.map((id) => ({ id, Label: { en: `Label ${id}`, es: `Etiqueta ${id}` } })),
});

describe("an answer as staff read it", () => {
  it("shows choices by their labels, a choice taken off the question by its id", () => {
    expect(answerText(question("choice", ["a", "b"]), "b")).toBe("Label b");
    expect(answerText(question("choice", ["a"]), "gone")).toBe("gone");
    expect(answerText(question("choices", ["a", "b", "c"]), ["c", "a"])).toBe("Label c, Label a");
  });

  it("shows choices by their Spanish labels to a Spanish reader, the English where none is written", () => {
    expect(answerText(question("choice", ["a", "b"]), "b", "es")).toBe("Etiqueta b");
    expect(answerText(question("choices", ["a", "b"]), ["b", "a"], "es")).toBe(
      "Etiqueta b, Etiqueta a",
    );
    const untranslated: ShownQuestion = {
      Kind: "choice",
      Choices: [{ id: "a", Label: { en: "Walk-in", es: "  " } }],
    };
    expect(answerText(untranslated, "a", "es")).toBe("Walk-in");
    expect(answerText(question("choice", ["a"]), "gone", "es")).toBe("gone");
  });

  it("says yes/no and consent in words", () => {
    expect(answerText(question("yesno"), true)).toBe("Yes");
    expect(answerText(question("yesno"), false)).toBe("No");
    expect(answerText(question("consent"), true)).toBe("Agreed");
    expect(answerText(question("consent"), false)).toBe("Not agreed");
  });

  it("says yes/no and consent in Spanish words to a Spanish reader", () => {
    expect(answerText(question("yesno"), true, "es")).toBe("Sí");
    expect(answerText(question("yesno"), false, "es")).toBe("No");
    expect(answerText(question("consent"), true, "es")).toBe("Aceptó");
    expect(answerText(question("consent"), false, "es")).toBe("No aceptó");
  });

  it("writes a date out on its own calendar day, whatever the machine's zone", () => {
    expect(answerText(question("date"), "1990-05-01")).toBe("May 1, 1990");
    expect(answerText(question("date"), "1990-05-01", "es")).toBe("1 may 1990");
  });

  it("writes numbers in the reader's way, texts and ZIP codes as given, and nothing for no answer", () => {
    expect(answerText(question("number"), 1234.5)).toBe("1,234.5");
    expect(answerText(question("zip"), "94110")).toBe("94110");
    expect(answerText(question("text"), "Needs a ride")).toBe("Needs a ride");
    expect(answerText(question("text"), undefined)).toBe("");
    expect(answerText(question("choice", ["a"]), null)).toBe("");
  });

  it("writes numbers as US Spanish does for a Spanish reader, nothing for no answer", () => {
    expect(answerText(question("number"), 1234.5, "es")).toBe("1,234.5");
    expect(answerText(question("text"), "Necesita transporte", "es")).toBe("Necesita transporte");
    expect(answerText(question("yesno"), undefined, "es")).toBe("");
  });
});
