import { describe, expect, it } from "vitest";
import {
  answerErrorsOf,
  fieldErrorsOf,
  isRetryable,
  isRetryableStatus,
  messageOf,
} from "./api-errors.ts";

/** A failed call as the kiosk's REST client and the staff app's tRPC client both carry it. */
const failure = (status: number, errors?: unknown) => ({ shape: { status, errors } });

describe("a 422's answers to intake questions", () => {
  it("are read by question id, the first message of each with its key, apart from the other fields", () => {
    const error = failure(422, [
      {
        path: "Answers.12",
        message: "Must be at most 20",
        key: "answer.max",
        values: { limit: 20 },
      },
      { path: "Answers.12", message: "Must be a number", key: "answer.number", values: {} },
      { path: ["Answers", "13"], message: "Pick one of the choices" },
      { path: "PhoneNumber", message: "Phone number must be 10 digits", key: "phone", values: {} },
      { path: "Answers", message: "Too many answers", key: "tooManyAnswers", values: {} },
    ]);
    expect(answerErrorsOf(error)).toEqual({
      "12": { message: "Must be at most 20", key: "answer.max", values: { limit: 20 } },
      "13": { message: "Pick one of the choices" },
    });
    expect(fieldErrorsOf(error)).toMatchObject({ PhoneNumber: "Phone number must be 10 digits." });
  });

  it("are none for any other failure", () => {
    expect(answerErrorsOf(failure(409))).toBeUndefined();
    expect(answerErrorsOf(new Error("Failed to fetch"))).toBeUndefined();
    expect(answerErrorsOf(failure(422))).toEqual({});
  });
});

describe("an error's message by its key", () => {
  it("says each field's message as the page says its key, and reads the body's own", () => {
    const error = {
      shape: {
        status: 422,
        message: "Validation failed",
        key: "validationFailed",
        values: {},
        errors: [
          { path: "Name", message: "Name is required", key: "required", values: { label: "Name" } },
        ],
      },
    };
    const byKey = (issue: { message: string; key?: string; values?: object }) =>
      `${issue.key}: ${JSON.stringify(issue.values)}`;
    expect(fieldErrorsOf(error, ["Name"], byKey)).toEqual({ Name: 'Required: {"label":"Name"}.' });
    expect(messageOf(error)).toEqual({
      message: "Validation failed",
      key: "validationFailed",
      values: {},
    });
    expect(messageOf(new Error("Failed to fetch"))).toEqual({ message: "Failed to fetch" });
  });
});

describe("the retry rule", () => {
  it("sends again what got no answer, a time-out, too many requests or a server failure, and nothing the server refused", () => {
    const retried = [undefined, 408, 429, 500, 502, 503];
    const final = [400, 401, 403, 404, 409, 413, 422];
    expect(retried.map(isRetryableStatus)).toEqual(retried.map(() => true));
    expect(final.map(isRetryableStatus)).toEqual(final.map(() => false));
    expect(isRetryable(new Error("Failed to fetch"))).toBe(true);
    expect(isRetryable(failure(429))).toBe(true);
    expect(isRetryable(failure(409))).toBe(false);
  });
});
