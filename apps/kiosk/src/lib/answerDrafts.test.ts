import { answerMessages, keyOf, rangeMessages } from "@vsi/api/schemas";
import { translate, type KioskLanguage } from "@vsi/i18n";
import type { ServerMessage } from "@vsi/web-common/field-errors";
import { describe, expect, it } from "vitest";
import {
  answeredMonth,
  askedBy,
  byQuestion,
  checkDrafts,
  sayAnswerMessage,
  withRemembered,
} from "./answerDrafts";
import { choice, question } from "../test/questions";

/** A sentence the rule made, with the key and values it was made with. */
const keyed = (message: string) => ({ message, ...keyOf(message) });
const say = (language: KioskLanguage) => (message: string | ServerMessage) =>
  sayAnswerMessage(
    typeof message === "string" ? keyed(message) : message,
    (key, values) => translate(language, key, values),
    language,
  );

describe("the questions a program asks", () => {
  it("are those naming it and those naming none, none before a program is chosen", () => {
    const everyone = question({ Kind: "zip" });
    const pantry = question({ Kind: "number", ProgramIds: [1] });
    const tutoring = question({ Kind: "text", ProgramIds: [2] });
    const all = [everyone, pantry, tutoring];
    expect(askedBy(all, 1)).toEqual([everyone, pantry]);
    expect(askedBy(all, 2)).toEqual([everyone, tutoring]);
    expect(askedBy(all, null)).toEqual([]);
  });
});

describe("the fields checked by the one rule", () => {
  it("sends what the rule keeps (numbers as numbers, text trimmed) and leaves blanks out", () => {
    const size = question({ Kind: "number", Min: 1, Max: 20, Required: true });
    const zip = question({ Kind: "zip" });
    const consent = question({ Kind: "consent", Required: true });
    const note = question({ Kind: "text" });
    const check = checkDrafts([size, zip, consent, note], {
      [size.id]: " 4 ",
      [zip.id]: "94110",
      [consent.id]: true,
      [note.id]: "  ",
    });
    expect(check).toEqual({
      answers: { [size.id]: 4, [zip.id]: "94110", [consent.id]: true },
      errors: {},
    });
  });

  it("gives each field its message: required, out of range, not a ZIP, consent not given", () => {
    const size = question({ Kind: "number", Min: 1, Max: 20, Required: true });
    const zip = question({ Kind: "zip" });
    const consent = question({ Kind: "consent", Required: true });
    const grade = question({ Kind: "choice", Required: true, Choices: [choice("k"), choice("1")] });
    expect(checkDrafts([size, zip, consent, grade], { [size.id]: "25", [zip.id]: "941" })).toEqual({
      answers: {},
      errors: {
        [size.id]: { message: rangeMessages.max(20), key: "answer.max", values: { limit: 20 } },
        [zip.id]: { message: answerMessages.zip, key: "answer.zip", values: {} },
        [consent.id]: { message: answerMessages.consent, key: "answer.consent", values: {} },
        [grade.id]: { message: answerMessages.required, key: "requiredField", values: {} },
      },
    });
  });

  it("reads a 422's Answers.<id> messages by question id, the first for each, with its key", () => {
    const max = { message: "Must be at most 20", key: "answer.max", values: { limit: 20 } };
    const zip = { message: answerMessages.zip, key: "answer.zip", values: {} };
    expect(
      byQuestion([
        { path: "Answers.12", ...max },
        { path: "Answers.12", message: "second" },
        { path: "PhoneNumber", message: "Phone number must be 10 digits", key: "phone" },
        { path: "Answers.13", ...zip },
      ]),
    ).toEqual({ "12": max, "13": zip });
  });
});

describe("a returning visitor's remembered answers", () => {
  const size = question({ Kind: "number", AskEvery: "visitor" });
  const zip = question({ Kind: "zip", AskEvery: "visitor" });
  const agreed = question({ Kind: "consent", AskEvery: "visitor" });
  const grades = question({ Kind: "choices", Choices: [choice("a"), choice("b")] });

  it("fill the fields still blank, each as its field holds it, and say which", () => {
    const { drafts, filled } = withRemembered(
      [size, zip, agreed, grades],
      { [zip.id]: "10001" },
      { [size.id]: 5, [zip.id]: "94110", [agreed.id]: true, [grades.id]: ["b"] },
    );
    expect(drafts).toEqual({
      [size.id]: "5",
      [zip.id]: "10001",
      [agreed.id]: true,
      [grades.id]: ["b"],
    });
    expect(filled).toEqual([String(size.id), String(agreed.id), String(grades.id)]);
  });

  it("leave out an answer that no longer fits its question's field", () => {
    const { drafts, filled } = withRemembered([size], {}, { [size.id]: "many" });
    expect(drafts).toEqual({});
    expect(filled).toEqual([]);
  });

  it("are dated by the latest one's month in the visitor's language, the year only when another", () => {
    const now = new Date("2026-11-26T12:00:00Z");
    const march = ["2026-02-10T15:00:00Z", "2026-03-14T15:00:00Z"];
    expect(answeredMonth(march, "en", now, "UTC")).toBe("March");
    expect(answeredMonth(march, "es", now, "UTC")).toBe("marzo");
    expect(answeredMonth(["2025-12-02T15:00:00Z"], "en", now, "UTC")).toBe("December 2025");
    expect(answeredMonth(["2025-12-02T15:00:00Z"], "es", now, "UTC")).toBe("diciembre de 2025");
    expect(answeredMonth([], "en", now, "UTC")).toBeUndefined();
    expect(translate("es", "form.remembered", { month: "marzo" })).toBe(
      "Tenemos sus respuestas de marzo. ¿Desea cambiarlas?",
    );
  });
});

describe("the rule's messages in the visitor's language", () => {
  it("are the rule's own words in English, so the form and the server say the same", () => {
    for (const message of Object.values(answerMessages)) expect(say("en")(message)).toBe(message);
    expect(say("en")(rangeMessages.min(1))).toBe(rangeMessages.min(1));
    expect(say("en")(rangeMessages.max(2.5))).toBe(rangeMessages.max(2.5));
  });

  it("come from the Spanish catalogue, every one of them, the bound written the Spanish way", () => {
    for (const [name, message] of Object.entries(answerMessages)) {
      const { key } = keyed(message);
      expect(say("es")(message), name).not.toBe(translate("en", key!));
    }
    expect(say("es")(answerMessages.zip)).toBe(
      "Un código postal tiene 5 dígitos, o 5 y 4 (12345-6789)",
    );
    expect(say("es")(rangeMessages.max(20))).toBe("Debe ser como máximo 20");
    expect(say("es")(rangeMessages.min(1.5))).toBe("Debe ser al menos 1,5");
  });

  it("go by the key the server sent, not the words", () => {
    const max = {
      message: "Answer no more than 20, please",
      key: "answer.max",
      values: { limit: 20 },
    };
    expect(say("es")(max)).toBe("Debe ser como máximo 20");
    expect(say("es")({ message: "Must be at most 20" })).toBe("Must be at most 20");
  });

  it("shows a message of another rule, or of no key, as it came", () => {
    expect(say("es")("Must be valid Unicode text")).toBe("Must be valid Unicode text");
    expect(say("es")({ message: "Something new" })).toBe("Something new");
  });
});
