import { describe, expect, it } from "vitest";
import { sheetSearch } from "./sheetSearch";

describe("sheetSearch", () => {
  it("reads the program id", () => {
    expect(sheetSearch({ programId: 5 })).toEqual({ programId: 5 });
    expect(sheetSearch({ programId: "abc" })).toEqual({});
  });
});
