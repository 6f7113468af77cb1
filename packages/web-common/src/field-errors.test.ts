import { describe, expect, it } from "vitest";
import { fieldErrorsOf, httpStatusOf } from "./api-errors.ts";
import { fieldErrorMessages, joinMessages } from "./field-errors.ts";

describe("joinMessages", () => {
  it("joins distinct messages with commas, capitalised, with a trailing period", () => {
    expect(joinMessages(["is too short", "must contain a number", "is too short"])).toBe(
      "Is too short, must contain a number.",
    );
  });

  it("does not double a period the message already has", () => {
    expect(joinMessages(["Email already registered."])).toBe("Email already registered.");
  });

  it("is empty for no messages", () => {
    expect(joinMessages([])).toBe("");
  });
});

describe("fieldErrorMessages", () => {
  it("groups messages by field", () => {
    expect(
      fieldErrorMessages([
        { path: "email", message: "email already registered" },
        {
          path: "password",
          message: "Minimum eight characters, at least one letter and one number",
        },
        { path: "email", message: "Email is invalid" },
      ]),
    ).toEqual({
      email: "Email already registered, Email is invalid.",
      password: "Minimum eight characters, at least one letter and one number.",
    });
  });

  it("matches nested and array paths by their field", () => {
    expect(
      fieldErrorMessages([
        { path: ["blob", "byte_size"], message: "too big" },
        { path: "blob.filename", message: "missing" },
      ]),
    ).toEqual({
      blob: "Too big, missing.",
    });
  });

  it("keeps a form's nested field whole, and anything deeper or unknown goes to its first segment", () => {
    const fields = ["Label.en", "Label.es", "Choices"];
    expect(
      fieldErrorMessages(
        [
          { path: "Label.en", message: "Label in English is required" },
          { path: ["Label", "es"], message: "Label is too long" },
          { path: "Choices.0.Label.en", message: "A choice's label in English is required" },
          { path: "Help.en", message: "Help is too long" },
        ],
        fields,
      ),
    ).toEqual({
      "Label.en": "Label in English is required.",
      "Label.es": "Label is too long.",
      Choices: "A choice's label in English is required.",
      Help: "Help is too long.",
    });
  });
});

// The shape a TRPCClientError carries, from the server's error formatter.
const clientError = (status: number, errors?: unknown) => ({
  name: "TRPCClientError",
  message: "failed",
  shape: {
    code: -32600,
    message: "failed",
    data: { code: "X", httpStatus: status, path: "users.update" },
    status,
    errors,
  },
  data: { code: "X", httpStatus: status, path: "users.update" },
});

describe("fieldErrorsOf (422 to fields)", () => {
  it("maps a 422's errors to the fields", () => {
    const error = clientError(422, [
      { path: "email", message: "Email already registered" },
      { path: "firstName", message: "first name is required" },
    ]);
    expect(fieldErrorsOf(error)).toEqual({
      email: "Email already registered.",
      firstName: "First name is required.",
    });
  });

  it("is undefined for any other status, so the form shows the unexpected-error alert", () => {
    expect(fieldErrorsOf(clientError(500))).toBeUndefined();
    expect(fieldErrorsOf(new TypeError("Failed to fetch"))).toBeUndefined();
  });

  it("skips malformed items", () => {
    expect(
      fieldErrorsOf(
        clientError(422, [{ path: "email" }, "oops", { path: "email", message: "taken" }]),
      ),
    ).toEqual({ email: "Taken." });
  });
});

describe("httpStatusOf", () => {
  it("reads the status from the error's data or shape", () => {
    expect(httpStatusOf(clientError(410))).toBe(410);
    expect(httpStatusOf({ data: { httpStatus: 401 } })).toBe(401);
    expect(httpStatusOf(new Error("network"))).toBeUndefined();
  });
});
