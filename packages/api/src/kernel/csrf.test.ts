import { describe, expect, it } from "vitest";
import { passesCsrfCheck } from "./csrf.ts";

describe("passesCsrfCheck", () => {
  const request = (
    method: string,
    cookies: Record<string, string>,
    headers: Record<string, string> = {},
  ) => ({ method, cookies, headers });
  it("asks cookie-authenticated unsafe requests to echo XSRF-TOKEN", () => {
    expect(passesCsrfCheck(request("POST", { session: "s", "XSRF-TOKEN": "abc" }))).toBe(false);
    expect(
      passesCsrfCheck(
        request("POST", { session: "s", "XSRF-TOKEN": "abc" }, { "x-xsrf-token": "abd" }),
      ),
    ).toBe(false);
    expect(
      passesCsrfCheck(
        request("PATCH", { "sheet-token": "t", "XSRF-TOKEN": "abc" }, { "x-xsrf-token": "abc" }),
      ),
    ).toBe(true);
    expect(passesCsrfCheck(request("DELETE", { session: "s" }, { "x-xsrf-token": "abc" }))).toBe(
      false,
    );
  });
  it("lets safe methods, cookieless and bearer-token requests through", () => {
    expect(passesCsrfCheck(request("GET", { session: "s" }))).toBe(true);
    expect(passesCsrfCheck(request("POST", {}))).toBe(true);
    expect(
      passesCsrfCheck(request("POST", { session: "s" }, { authorization: "Bearer abc" })),
    ).toBe(true);
  });
});
