import type { User } from "@vsi/db";
import { describe, expect, it } from "vitest";
import type { HttpError } from "./errors.ts";
import {
  accessTable,
  assertAdmin,
  assertLocationAccess,
  assertMayListAllTokens,
  assertSelfOrAdmin,
  assertMayGrant,
  assertSheetAccess,
  assertSiteAdmin,
  assertStaff,
  assertTokenOwnerOrAdmin,
  locationAccess,
  mayManageAccounts,
  roleAt,
  withinCallerLocations,
} from "./permissions.ts";

describe("permissions", () => {
  const user = (id: number, is_admin: boolean, staff_of_every_location = true) =>
    ({ id, is_admin, staff_of_every_location }) as User;
  const caller = (u: User, roles: Array<{ locationId: number; role: "staff" | "admin" }> = []) =>
    ({
      kind: "user",
      via: "token",
      apiTokenId: u.id,
      user: u,
      access: locationAccess(u, roles),
    }) as const;
  const staff = caller(user(1, false));
  const admin = caller(user(2, true));
  // Staff of location 7 alone, and the admin of location 8 alone.
  const staffOf7 = caller(user(3, false, false), [{ locationId: 7, role: "staff" }]);
  const adminOf8 = caller(user(4, false, false), [{ locationId: 8, role: "admin" }]);
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
    for (const access of ["sheet", "staff", "siteAdmin", "admin"] as const) {
      const got = {
        anonymous: 0 as unknown,
        tablet: 0 as unknown,
        staff: 0 as unknown,
        siteAdmin: 0 as unknown,
        admin: 0 as unknown,
      };
      const assertion = {
        sheet: assertSheetAccess,
        staff: assertStaff,
        siteAdmin: assertSiteAdmin,
        admin: assertAdmin,
      }[access];
      got.anonymous = status(() => assertion({ kind: "anonymous" }));
      got.tablet = status(() => assertion(tablet));
      got.staff = status(() => assertion(staff));
      got.siteAdmin = status(() => assertion(adminOf8));
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

  it("holds locations by the one rule: a network admin every one, staff of every location every one, others theirs (another's is 404)", () => {
    expect(roleAt(admin.access, 99)).toBe("admin");
    expect(roleAt(staff.access, 99)).toBe("staff");
    expect([roleAt(staffOf7.access, 7), roleAt(staffOf7.access, 8)]).toEqual(["staff", undefined]);
    // A role named at a location is theirs there over staff of every location.
    const everyAndAdminOf8 = locationAccess(user(5, false), [{ locationId: 8, role: "admin" }]);
    expect([roleAt(everyAndAdminOf8, 8), roleAt(everyAndAdminOf8, 9)]).toEqual(["admin", "staff"]);
    expect(status(() => assertLocationAccess(staffOf7, 7))).toBe("ok");
    expect(status(() => assertLocationAccess(staffOf7, 8))).toBe(404);
    expect(withinCallerLocations(staffOf7, {})).toEqual({ locationIds: [7] });
    expect(withinCallerLocations(staff, {})).toEqual({});
    expect(withinCallerLocations(admin, { locationId: 8 })).toEqual({ locationId: 8 });
    expect(status(() => withinCallerLocations(staffOf7, { locationId: 8 }))).toBe(404);
  });

  it("lets a site admin grant roles at their own locations alone, never network admin", () => {
    expect(status(() => assertMayGrant(adminOf8.access, { locationIds: [8] }))).toBe("ok");
    expect(status(() => assertMayGrant(adminOf8.access, { locationIds: [7] }))).toBe(403);
    expect(status(() => assertMayGrant(adminOf8.access, { isAdmin: true, locationIds: [] }))).toBe(
      403,
    );
    expect(status(() => assertMayGrant(staffOf7.access, { locationIds: [7] }))).toBe(403);
    expect(status(() => assertMayGrant(admin.access, { isAdmin: true, locationIds: [7] }))).toBe(
      "ok",
    );
  });
});
