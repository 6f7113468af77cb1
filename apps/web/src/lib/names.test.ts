import { describe, expect, it } from "vitest";
import { fullName, nameWithLastInitial } from "./names";

describe("nameWithLastInitial", () => {
  it("is the first name, the last initial and a period", () => {
    expect(nameWithLastInitial("Ada", "Lovelace")).toBe("Ada L.");
  });

  it("trims stray spaces", () => {
    expect(nameWithLastInitial(" Ada ", " lovelace")).toBe("Ada l.");
  });

  it("is only the first name when there is no last name", () => {
    expect(nameWithLastInitial("Ada", "")).toBe("Ada");
  });
});

describe("fullName", () => {
  it("joins first and last name", () => {
    expect(fullName({ firstName: "Ada", lastName: "Lovelace" })).toBe("Ada Lovelace");
    expect(fullName({ firstName: "Ada", lastName: "" })).toBe("Ada");
  });
});
