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

  it("says yes/no and consent in words", () => {
    expect(answerText(question("yesno"), true)).toBe("Yes");
    expect(answerText(question("yesno"), false)).toBe("No");
    expect(answerText(question("consent"), true)).toBe("Agreed");
    expect(answerText(question("consent"), false)).toBe("Not agreed");
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
});
