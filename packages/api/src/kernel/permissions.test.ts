import { TRPCError } from "@trpc/server";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeError, HttpError, invalid, tooManyRequests } from "./errors.ts";
import type { User } from "@vsi/db";
import { passesCsrfCheck } from "./csrf.ts";
import {
  accessTable,
  assertAdmin,
  assertLocationAccess,
  assertMayListAllTokens,
  assertSelfOrAdmin,
  assertSheetAccess,
  assertStaff,
  assertTokenOwnerOrAdmin,
  mayManageAccounts,
} from "./permissions.ts";
import { linkHeader, pageCount } from "./pagination.ts";
import { hashToken, sign, verifySigned } from "./tokens.ts";

const rels = (header: string) =>
  Object.fromEntries(
    header
      .split(", ")
      .filter(Boolean)
      .map((part) => {
        const [, url, rel] = part.match(/^<([^>]+)>; rel="(\w+)"$/)!;
        return [rel, new URL(url!).searchParams.get("page")];
      }),
  );

describe("linkHeader", () => {
  const base = "http://signin.test";
  it("follows the contract's rules on first, middle, second-to-last and last pages", () => {
    expect(rels(linkHeader(base, "/api/visits?locationId=2", 1, 5))).toEqual({
      next: "2",
      last: "5",
    });
    expect(rels(linkHeader(base, "/api/visits", 3, 5))).toEqual({
      next: "4",
      last: "5",
      first: "1",
      prev: "2",
    });
    expect(rels(linkHeader(base, "/api/visits", 4, 5))).toEqual({
      next: "5",
      first: "1",
      prev: "3",
    });
    expect(rels(linkHeader(base, "/api/visits", 5, 5))).toEqual({ first: "1", prev: "4" });
    expect(rels(linkHeader(base, "/api/visits", 2, 2))).toEqual({ prev: "1" });
    expect(linkHeader(base, "/api/visits", 1, 1)).toBe("");
  });

  it("keeps the request's own query string and changes only page", () => {
    const header = linkHeader(
      base,
      "/api/visits?from=2026-01-01&page=1&timeZone=America%2FNew_York",
      1,
      3,
    );
    expect(header).toContain(
      "<http://signin.test/api/visits?from=2026-01-01&page=2&timeZone=America%2FNew_York>",
    );
  });

  it("counts 25 rows a page, and one page when there are none", () => {
    expect([0, 1, 25, 26, 101].map(pageCount)).toEqual([1, 1, 1, 2, 5]);
  });
});

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

describe("describeError", () => {
  it("turns zod input errors into the contract's 422 with field paths", () => {
    const parsed = z
      .object({ email: z.string(), nested: z.object({ n: z.number() }) })
      .safeParse({ email: 1, nested: { n: "x" } });
    const error = new TRPCError({ code: "BAD_REQUEST", cause: parsed.error });
    const described = describeError(error);
    expect(described.status).toBe(422);
    expect(described.errors?.map((e) => e.path)).toEqual(["email", "nested.n"]);
  });
  it("keeps statuses tRPC has no code for, and headers", () => {
    expect(describeError(new HttpError(410, "Sorry")).status).toBe(410);
    expect(describeError(invalid("email", "Email already registered"))).toMatchObject({
      status: 422,
      errors: [{ path: "email", message: "Email already registered" }],
    });
    expect(describeError(tooManyRequests(2.2)).headers).toEqual({ "Retry-After": "3" });
  });
  it("never shows what went wrong inside a 500", () => {
    const described = describeError(
      new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: 'relation "users" does not exist' }),
    );
    expect(described).toEqual({ status: 500, message: "Internal server error" });
  });
});

describe("permissions", () => {
  const user = (id: number, is_admin: boolean) => ({ id, is_admin }) as User;
  const staff = { kind: "user", via: "token", apiTokenId: 1, user: user(1, false) } as const;
  const admin = { kind: "user", via: "token", apiTokenId: 2, user: user(2, true) } as const;
  const tablet = { kind: "tablet", tabletId: 1, locationId: 7 } as const;
  const status = (fn: () => unknown) => {
    try {
      fn();
      return "ok";
    } catch (error) {
      return (error as HttpError).status;
    }
  };

  it("admits each kind of caller as the access table says", () => {
    for (const access of ["sheet", "staff", "admin"] as const) {
      const got = {
        anonymous: 0 as unknown,
        tablet: 0 as unknown,
        staff: 0 as unknown,
        admin: 0 as unknown,
      };
      const assertion = { sheet: assertSheetAccess, staff: assertStaff, admin: assertAdmin }[
        access
      ];
      got.anonymous = status(() => assertion({ kind: "anonymous" }));
      got.tablet = status(() => assertion(tablet));
      got.staff = status(() => assertion(staff));
      got.admin = status(() => assertion(admin));
      expect(got, access).toEqual(accessTable[access]);
    }
  });

  it("names each rule: own account, own tokens, everyone's tokens, own location, granting admin", () => {
    expect(status(() => assertSelfOrAdmin(staff.user, 1))).toBe("ok");
    expect(status(() => assertSelfOrAdmin(staff.user, 2))).toBe(403);
    expect(status(() => assertSelfOrAdmin(admin.user, 1))).toBe("ok");
    expect(status(() => assertTokenOwnerOrAdmin(staff.user, 2))).toBe(403);
    expect(status(() => assertTokenOwnerOrAdmin(admin.user, 1))).toBe("ok");
    expect(status(() => assertMayListAllTokens(staff.user))).toBe(403);
    expect(status(() => assertLocationAccess(tablet, 7))).toBe("ok");
    expect(status(() => assertLocationAccess(tablet, 8))).toBe(403);
    expect(status(() => assertLocationAccess(staff, 8))).toBe("ok");
    expect([mayManageAccounts(staff.user), mayManageAccounts(admin.user)]).toEqual([false, true]);
  });
});
