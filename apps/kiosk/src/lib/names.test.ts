import { describe, expect, it } from "vitest";
import { nameWithLastInitial } from "./names";

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
