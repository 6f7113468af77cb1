import { describe, expect, it } from "vitest";
import { hashToken, sign, verifySigned } from "./tokens.ts";

describe("signed values", () => {
  it("verify with the same secret only, and reject any change", () => {
    const signed = sign("secret-1", "file-42");
    expect(verifySigned("secret-1", signed)).toBe("file-42");
    expect(verifySigned("secret-2", signed)).toBeUndefined();
    expect(verifySigned("secret-1", signed.replace("file-42", "file-43"))).toBeUndefined();
    expect(verifySigned("secret-1", "no-dot")).toBeUndefined();
  });
  it("stores tokens as their SHA-256", () => {
    expect(hashToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
