import { describe, expect, it } from "vitest";
import { fullName } from "./names";

describe("fullName", () => {
  it("joins first and last name", () => {
    expect(fullName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(fullName({ firstName: "Ada", lastName: "" })).toBe("Ada");
  });
});
