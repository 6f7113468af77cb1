import {
  answerMessages,
  englishOf,
  messageTemplates,
  passwordMessage,
  rangeMessages,
  type MessageKey,
} from "@vsi/api/schemas";
import { staffTranslate } from "@vsi/i18n/staff";
import { describe, expect, it } from "vitest";
import { translateServerMessage } from "./serverMessages";

/** A message as an error body carries it. */
const body = (key: MessageKey, values: Record<string, string | number> = {}) => ({
  message: englishOf(key, values),
  key,
  values,
});

describe("translateServerMessage", () => {
  it("leaves English as the server wrote it", () => {
    expect(translateServerMessage("en", body("required", { label: "First name" }))).toBe(
      "First name is required",
    );
  });

  it("says an error body's message in Spanish by its key, without the field's English name", () => {
    expect(translateServerMessage("es", body("required", { label: "First name" }))).toBe(
      "Este campo es obligatorio.",
    );
    expect(translateServerMessage("es", body("tooLong", { label: "Name" }))).toBe(
      "Es demasiado largo.",
    );
    expect(translateServerMessage("es", body("password"))).toBe(
      "Mínimo ocho caracteres, con al menos una letra y un número",
    );
  });

  it("goes by the key, not the words", () => {
    // Words the API never says, under a key it does: the key decides.
    expect(
      translateServerMessage("es", { message: "Whatever the words", key: "phone", values: {} }),
    ).toBe(staffTranslate("es", "serverMessages.phone"));
    // The same words with no key and never said here: shown as they came.
    expect(translateServerMessage("es", { message: "Phone number must be 10 digit" })).toBe(
      "Phone number must be 10 digit",
    );
  });

  it("says an answer's messages in Spanish, a number's bound written the reader's way", () => {
    expect(translateServerMessage("es", body("answer.number"))).toBe("Debe ser un número");
    expect(translateServerMessage("es", body("answer.zip"))).toBe(
      "Un código postal tiene 5 dígitos, o 5 y 4 (12345-6789)",
    );
    expect(translateServerMessage("es", body("answer.max", { limit: 1500 }))).toBe(
      "Debe ser como máximo 1,500",
    );
    expect(translateServerMessage("en", body("answer.max", { limit: 1500 }))).toBe(
      "Must be at most 1500",
    );
  });

  it("says a sentence the shared schemas made in this page by the key they made it with", () => {
    expect(translateServerMessage("es", passwordMessage)).toBe(
      "Mínimo ocho caracteres, con al menos una letra y un número",
    );
    expect(translateServerMessage("es", answerMessages.zip)).toBe(
      "Un código postal tiene 5 dígitos, o 5 y 4 (12345-6789)",
    );
    expect(translateServerMessage("es", rangeMessages.max(20))).toBe("Debe ser como máximo 20");
  });

  it("says a record's or a field's name in Spanish inside a sentence", () => {
    expect(translateServerMessage("es", body("notFound", { thing: "Roll call" }))).toBe(
      "Pase de lista: no se encontró",
    );
    expect(translateServerMessage("es", body("notUploaded", { label: "Logo" }))).toBe(
      "Logotipo: todavía no se ha subido",
    );
    expect(translateServerMessage("es", body("tooManyAttempts", { minutes: 5 }))).toBe(
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
