import { describe, expect, it } from "vitest";
import { answerMessages, checkAnswers, type AskedQuestion } from "./answers-schema.ts";

/** The one rule for answers, as the kiosk's form and the server both run it. */

let ids = 0;
const question = (fields: Partial<AskedQuestion>): AskedQuestion => ({
  id: ++ids,
  Kind: "text",
  Required: false,
  Choices: [],
  Min: null,
  Max: null,
  ...fields,
});

const requiredKey = { key: "requiredField", values: {} };
const notAskedKey = { key: "answer.notAsked", values: {} };

/** The one answer's verdict: its kept value, or its message. */
function verdict(asked: AskedQuestion, value: unknown) {
  const { answers, errors } = checkAnswers([asked], { [asked.id]: value });
  expect(errors.every((error) => error.path === `Answers.${asked.id}`)).toBe(true);
  return errors.length ? { message: errors[0]!.message } : { value: answers[asked.id] };
}

describe("an answer checked against its question", () => {
  it("text: trimmed, no control characters, not too long", () => {
    const asked = question({ Kind: "text" });
    expect(verdict(asked, "  Lincoln High ")).toEqual({ value: "Lincoln High" });
    expect(verdict(asked, 12)).toEqual({ message: answerMessages.text });
    expect(verdict(asked, "a\u0000b").message).toBeDefined();
    expect(verdict(asked, "x".repeat(1001)).message).toBe("Answer is too long");
  });

  it("number: within Min and Max, digits written out counting as the number", () => {
    const asked = question({ Kind: "number", Min: 1, Max: 20 });
    expect(verdict(asked, 4)).toEqual({ value: 4 });
    expect(verdict(asked, " 12 ")).toEqual({ value: 12 });
    expect(verdict(asked, 0)).toEqual({ message: "Must be at least 1" });
    expect(verdict(asked, 21)).toEqual({ message: "Must be at most 20" });
    expect(verdict(asked, "four")).toEqual({ message: answerMessages.number });
    expect(verdict(asked, true)).toEqual({ message: answerMessages.number });
    expect(verdict(question({ Kind: "number" }), -2.5)).toEqual({ value: -2.5 });
  });

  it("number: finite, within -1,000,000 to 1,000,000 where the question sets no bound, never past ±1,000,000,000", () => {
    const open = question({ Kind: "number" });
    expect(verdict(open, 1.7976931348623157e308)).toEqual({ message: "Must be at most 1000000" });
    expect(verdict(open, "1" + "0".repeat(400))).toEqual({ message: answerMessages.number });
    expect(verdict(open, -1_000_001)).toEqual({ message: "Must be at least -1000000" });
    expect(verdict(open, Number.POSITIVE_INFINITY)).toEqual({ message: answerMessages.number });
    expect(verdict(open, Number.NaN)).toEqual({ message: answerMessages.number });
    expect(verdict(open, 1_000_000)).toEqual({ value: 1_000_000 });
    expect(verdict(open, -1_000_000)).toEqual({ value: -1_000_000 });
    // A bound of its own stands on its side; the other side keeps the default.
    const income = question({ Kind: "number", Min: 0, Max: 5_000_000 });
    expect(verdict(income, 4_000_000)).toEqual({ value: 4_000_000 });
    expect(verdict(question({ Kind: "number", Min: 0 }), 1_000_001)).toEqual({
      message: "Must be at most 1000000",
    });
    // A bound kept from before they were limited counts only as far as the widest allowed.
    const old = question({ Kind: "number", Min: -1e300, Max: 1e300 });
    expect(verdict(old, 2e9)).toEqual({ message: "Must be at most 1000000000" });
    expect(verdict(old, -2e9)).toEqual({ message: "Must be at least -1000000000" });
    expect(verdict(old, 999_999_999)).toEqual({ value: 999_999_999 });
  });

  it("yes/no: a boolean", () => {
    const asked = question({ Kind: "yesno" });
    expect(verdict(asked, false)).toEqual({ value: false });
    expect(verdict(asked, "yes")).toEqual({ message: answerMessages.yesno });
  });

  it("choice and choices: ids of the question's choices, each at most once", () => {
    const Choices = [{ id: "k" }, { id: "g1" }, { id: "g2" }];
    const one = question({ Kind: "choice", Choices });
    expect(verdict(one, "g1")).toEqual({ value: "g1" });
    expect(verdict(one, "g9")).toEqual({ message: answerMessages.choice });
    expect(verdict(one, ["g1"])).toEqual({ message: answerMessages.choice });
    const several = question({ Kind: "choices", Choices });
    expect(verdict(several, ["k", "g2"])).toEqual({ value: ["k", "g2"] });
    expect(verdict(several, ["k", "k"])).toEqual({ message: answerMessages.choices });
    expect(verdict(several, ["x"])).toEqual({ message: answerMessages.choices });
    expect(verdict(several, "k")).toEqual({ message: answerMessages.choices });
  });

  it("date: a day that exists, written YYYY-MM-DD", () => {
    const asked = question({ Kind: "date" });
    expect(verdict(asked, "2011-04-30")).toEqual({ value: "2011-04-30" });
    expect(verdict(asked, "2011-02-30")).toEqual({ message: answerMessages.date });
    expect(verdict(asked, "04/30/2011")).toEqual({ message: answerMessages.date });
    expect(verdict(asked, 20110430)).toEqual({ message: answerMessages.date });
  });

  it("ZIP: five digits, optionally and four", () => {
    const asked = question({ Kind: "zip" });
    expect(verdict(asked, "94110")).toEqual({ value: "94110" });
    expect(verdict(asked, "94110-1234")).toEqual({ value: "94110-1234" });
    for (const wrong of ["9411", "941101", "94110-12", "ABCDE", 94110])
      expect(verdict(asked, wrong)).toEqual({ message: answerMessages.zip });
  });

  it("consent: agreed to when required; either way when optional", () => {
    const required = question({ Kind: "consent", Required: true });
    expect(verdict(required, true)).toEqual({ value: true });
    expect(verdict(required, false)).toEqual({ message: answerMessages.consent });
    expect(verdict(required, undefined)).toEqual({ message: answerMessages.consent });
    expect(verdict(question({ Kind: "consent" }), false)).toEqual({ value: false });
  });
});

describe("a visit's answers together", () => {
  it("asks for every required answer, blank ones counting as none, unless excused", () => {
    const name = question({ Kind: "text", Required: true });
    const grade = question({ Kind: "choices", Required: true, Choices: [{ id: "a" }] });
    const optional = question({ Kind: "number" });
    const { answers, errors } = checkAnswers([name, grade, optional], {
      [name.id]: "  ",
      [grade.id]: [],
      [optional.id]: null,
    });
    expect(answers).toEqual({});
    expect(errors).toEqual([
      { path: `Answers.${name.id}`, message: answerMessages.required, ...requiredKey },
      { path: `Answers.${grade.id}`, message: answerMessages.required, ...requiredKey },
    ]);
    // A remembered answer recent enough: not asked again.
    expect(checkAnswers([name], {}, new Set([name.id])).errors).toEqual([]);
  });

  it("refuses an answer to a question not asked, and keeps the others as given", () => {
    const zip = question({ Kind: "zip" });
    const { answers, errors } = checkAnswers([zip], { [zip.id]: "94110", "999999": "x", abc: 1 });
    expect(answers).toEqual({ [zip.id]: "94110" });
    expect(errors).toEqual([
      { path: "Answers.999999", message: answerMessages.notAsked, ...notAskedKey },
      { path: "Answers.abc", message: answerMessages.notAsked, ...notAskedKey },
    ]);
  });

  it("takes no answers where nothing is asked", () => {
    expect(checkAnswers([], {})).toEqual({ answers: {}, errors: [] });
  });
});

describe("a problem of the rule, by its key", () => {
  /** The one answer's problem, its key and values. */
  function keyed(asked: AskedQuestion, value: unknown) {
    const [error] = checkAnswers([asked], { [asked.id]: value }).errors;
    return error && { key: error.key, values: error.values };
  }

  it("names each of the rule's messages, and a range's bound, for a form to translate", () => {
    expect(keyed(question({ Kind: "zip" }), "9411")).toEqual({ key: "answer.zip", values: {} });
    expect(keyed(question({ Kind: "consent", Required: true }), false)).toEqual({
      key: "answer.consent",
      values: {},
    });
    const household = question({ Kind: "number", Min: 1, Max: 20 });
    expect(keyed(household, 21)).toEqual({ key: "answer.max", values: { limit: 20 } });
    expect(keyed(household, 0)).toEqual({ key: "answer.min", values: { limit: 1 } });
    expect(keyed(question({ Kind: "text" }), "x".repeat(1001))).toEqual({
      key: "answer.tooLong",
      values: {},
    });
    expect(keyed(question({ Kind: "date" }), "2011-02-30")).toEqual({ key: "date", values: {} });
  });
});
