import {
  answerMessages,
  messageTemplates,
  passwordMessage,
  rangeMessages,
  say,
  accessMessages,
  fileMessages,
  type MessageKey,
} from "@vsi/api/schemas";
import { staffTranslate } from "@vsi/i18n/staff";
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

  it("says a record's or a field's name in Spanish inside a sentence", () => {
    expect(translateServerMessage("es", say(accessMessages.notFound, { thing: "Roll call" }))).toBe(
      "Pase de lista: no se encontró",
    );
    expect(translateServerMessage("es", say(fileMessages.notUploaded, { label: "Logo" }))).toBe(
      "Logotipo: todavía no se ha subido",
    );
    expect(translateServerMessage("es", say(accessMessages.tooManyAttempts, { minutes: 5 }))).toBe(
      "Demasiados intentos. Vuelva a intentarlo en 5 minutos.",
    );
  });

  it("has every sentence the API builds in both catalogues, the English as the API says it", () => {
    const keys = Object.keys(messageTemplates) as MessageKey[];
    const untranslated = keys.filter(
      (key) => staffTranslate("es", `serverMessages.${key}`) === `serverMessages.${key}`,
    );
    expect(untranslated).toEqual([]);
    // Values left as their names, so that English and the API's template read alike.
    const unlike = keys.filter((key) => {
      const names = Object.fromEntries(
        [...messageTemplates[key].matchAll(/\{(\w+)\}/g)].map(([whole, name]) => [name!, whole]),
      );
      return staffTranslate("en", `serverMessages.${key}`, names) !== messageTemplates[key];
    });
    expect(unlike).toEqual([]);
  });

  it("shows a message it does not know as it came", () => {
    expect(translateServerMessage("es", "Something new")).toBe("Something new");
  });
});
