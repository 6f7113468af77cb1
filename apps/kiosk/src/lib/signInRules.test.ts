import { describe, expect, it } from "vitest";
import { invalidSignInFields, signInProblems, type SignInValues } from "./signInRules";

const valid: SignInValues = {
  PhoneNumber: "415-555-1234",
  Temperature: "98.6",
  FirstName: "Ada",
  LastName: "Lovelace",
  ProgramId: 3,
};

describe("invalidSignInFields", () => {
  it("is empty for a valid form", () => {
    expect(invalidSignInFields(valid, 1)).toEqual([]);
    expect(invalidSignInFields({ ...valid, Temperature: "97" }, 1)).toEqual([]);
  });

  it("follows the API's phone rule: formatting and a leading 1 removed, then ten digits", () => {
    for (const PhoneNumber of ["415 555 1234", "(415) 555.1234", "+1 415-555-1234"]) {
      expect(invalidSignInFields({ ...valid, PhoneNumber }, 1)).toEqual([]);
    }
    expect(invalidSignInFields({ ...valid, PhoneNumber: "415-555-123" }, 1)).toEqual([
      "PhoneNumber",
    ]);
    expect(invalidSignInFields({ ...valid, PhoneNumber: "415-555-12345" }, 1)).toEqual([
      "PhoneNumber",
    ]);
    expect(invalidSignInFields({ ...valid, PhoneNumber: "415a555123" }, 1)).toEqual([
      "PhoneNumber",
    ]);
  });

  it("needs a non-negative decimal temperature", () => {
    for (const Temperature of ["", "-1", "98.", ".5", "abc", "98,6"]) {
      expect(invalidSignInFields({ ...valid, Temperature }, 1)).toEqual(["Temperature"]);
    }
  });

  it("needs non-blank names and a program", () => {
    expect(
      invalidSignInFields({ ...valid, FirstName: "  ", LastName: "", ProgramId: null }, 1),
    ).toEqual(["FirstName", "LastName", "ProgramId"]);
  });

  it("refuses a name with a hidden or text-direction character by the API's own message", () => {
    for (const LastName of [
      "Love\u202elace",
      "Love\u200blace",
      "Love\u2028lace",
      "\ufeffLovelace",
    ]) {
      expect(invalidSignInFields({ ...valid, LastName }, 1), LastName).toEqual(["LastName"]);
      expect(signInProblems({ ...valid, LastName }, 1)).toEqual({
        LastName: { kind: "characters" },
      });
    }
  });
});

describe("signInProblems", () => {
  it("says what is wrong with each field, for its message", () => {
    expect(
      signInProblems(
        {
          PhoneNumber: "415",
          Temperature: "",
          FirstName: "x".repeat(120),
          LastName: " ",
          ProgramId: null,
        },
        1,
      ),
    ).toEqual({
      PhoneNumber: { kind: "format" },
      Temperature: { kind: "format" },
      FirstName: { kind: "tooLong", max: 100 },
      LastName: { kind: "missing" },
      ProgramId: { kind: "missing" },
    });
    expect(signInProblems({ ...valid, PhoneNumber: "" }, 1)).toEqual({
      PhoneNumber: { kind: "format" },
    });
  });
});
