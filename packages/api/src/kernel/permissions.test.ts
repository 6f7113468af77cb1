import type { User } from "@vsi/db";
import { describe, expect, it } from "vitest";
import type { HttpError } from "./errors.ts";
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

describe("permissions", () => {
  const user = (id: number, is_admin: boolean) => ({ id, is_admin }) as User;
  const staff = { kind: "user", via: "token", apiTokenId: 1, user: user(1, false) } as const;
  const admin = { kind: "user", via: "token", apiTokenId: 2, user: user(2, true) } as const;
  const tablet = { kind: "tablet", tabletId: 1, locationId: 7, tokenHash: "hash" } as const;
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
