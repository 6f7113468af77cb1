import { answerMessages, passwordMessage, rangeMessages } from "@vsi/api/schemas";
import { describe, expect, it } from "vitest";
import { translateServerMessage } from "./serverMessages";

describe("translateServerMessage", () => {
  it("leaves English as the server wrote it", () => {
    expect(translateServerMessage("en", "First name is required")).toBe("First name is required");
  });

  it("says the API's known messages in Spanish, without the field's English name", () => {
    expect(translateServerMessage("es", "First name is required")).toBe(
      "Este campo es obligatorio.",
    );
    expect(translateServerMessage("es", "First name is required.")).toBe(
      "Este campo es obligatorio.",
    );
    expect(translateServerMessage("es", "Name is too long")).toBe("Es demasiado largo.");
    expect(translateServerMessage("es", passwordMessage)).toBe(
      "Mínimo ocho caracteres, con al menos una letra y un número",
    );
  });

  it("says an answer's messages in Spanish, a number's bound written the reader's way", () => {
    expect(translateServerMessage("es", answerMessages.number)).toBe("Debe ser un número");
    expect(translateServerMessage("es", answerMessages.zip)).toBe(
      "Un código postal tiene 5 dígitos, o 5 y 4 (12345-6789)",
    );
    expect(translateServerMessage("es", rangeMessages.max(1500))).toBe(
      "Debe ser como máximo 1,500",
    );
    expect(translateServerMessage("en", rangeMessages.max(1500))).toBe("Must be at most 1500");
  });

  it("shows a message it does not know as it came", () => {
    expect(translateServerMessage("es", "Something new")).toBe("Something new");
  });
});
