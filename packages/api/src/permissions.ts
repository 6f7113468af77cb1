import type { User } from "@vsi/db";
import { forbidden, unauthorized } from "./errors.ts";
import type { Identity } from "./identity.ts";

/** The contract's rule: no identity is 401; an identity without the right is 403. */

export function requireSheetAccess(identity: Identity): Exclude<Identity, { kind: "anonymous" }> {
  if (identity.kind === "anonymous") throw unauthorized();
  return identity;
}

export function requireStaff(identity: Identity): Extract<Identity, { kind: "user" }> {
  if (identity.kind === "anonymous") throw unauthorized();
  if (identity.kind !== "user") throw forbidden();
  return identity;
}

export function requireAdmin(identity: Identity): User {
  const { user } = requireStaff(identity);
  if (!user.is_admin) throw forbidden("Only administrators can do this");
  return user;
}

/** A tablet may only touch its own location's visits; staff may touch any. */
export function assertLocationAccess(identity: Identity, locationId: number): void {
  if (identity.kind === "tablet" && identity.locationId !== locationId) throw forbidden("This tablet belongs to another location");
}
