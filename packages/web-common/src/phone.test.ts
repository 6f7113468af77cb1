import { describe, expect, it } from "vitest";
import { formatPhone, formatPhoneInput, maskPhone, phoneDigits } from "./phone.ts";

describe("formatPhoneInput (as the visitor types)", () => {
  it.each([
    ["", ""],
    ["4", "4"],
    ["415", "415"],
    ["4155", "415-5"],
    ["415555", "415-555"],
    ["4155551", "415-555-1"],
    ["4155551234", "415-555-1234"],
  ])("%s -> %s", (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });

  it("reads formatting and a country code as the API does, and stops at ten digits", () => {
    expect(formatPhoneInput("(415) 555.1234")).toBe("415-555-1234");
    expect(formatPhoneInput("141-555-51234")).toBe("415-555-1234");
    expect(formatPhoneInput("+1 415 555 1234")).toBe("415-555-1234");
    expect(formatPhoneInput("415-555-12345")).toBe("415-555-1234");
  });

  it("takes digits only: a letter or a sign typed is dropped", () => {
    expect(formatPhoneInput("415a")).toBe("415");
    expect(formatPhoneInput("4l5-555-12e4")).toBe("455-551-24");
    expect(formatPhoneInput("*415#")).toBe("415");
  });

  it("lets a dash be deleted: the dash only shows once a digit follows it", () => {
    expect(formatPhoneInput("415-")).toBe("415");
  });
});

describe("formatPhone (reports)", () => {
  it("shows three digits, three digits, then the rest", () => {
    expect(formatPhone("4155551234")).toBe("415-555-1234");
    expect(formatPhone("41555512345")).toBe("415-555-12345");
    expect(formatPhone("41555")).toBe("415-55");
  });
});

describe("maskPhone (the sheet)", () => {
  it("shows only the last four digits", () => {
    expect(maskPhone("4155551234")).toBe("xxx-xxx-1234");
  });

  it("needs at least six digits to mask", () => {
    expect(maskPhone("41555")).toBe("41555");
  });
});

describe("phoneDigits", () => {
  it("removes the dashes", () => {
    expect(phoneDigits("415-555-1234")).toBe("4155551234");
  });
});
