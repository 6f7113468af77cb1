import type { User } from "@vsi/db";
import { forbidden, unauthorized } from "./errors.ts";
import type { Identity } from "./identity.ts";

/** The contract's rule: no identity is 401; an identity without the right is 403. */

export const tabletDisconnectedMessage = "This tablet was disconnected";

/** 401, saying so when the caller is a tablet that staff disconnected: its page shows that, not a login form. */
function noIdentity(identity: Extract<Identity, { kind: "anonymous" }>) {
  return unauthorized(identity.rejectedTablet ? tabletDisconnectedMessage : undefined);
}

export function requireSheetAccess(identity: Identity): Exclude<Identity, { kind: "anonymous" }> {
  if (identity.kind === "anonymous") throw noIdentity(identity);
  return identity;
}

export function requireStaff(identity: Identity): Extract<Identity, { kind: "user" }> {
  if (identity.kind === "anonymous") throw noIdentity(identity);
  if (identity.kind !== "user") throw forbidden();
  return identity;
}

export function requireAdmin(identity: Identity): User {
  const { user } = requireStaff(identity);
  if (!user.is_admin) throw forbidden("Only administrators can do this");
  return user;
}

/** Deactivating oneself would lock the last admin out as easily as anyone. */
export function assertMayDeactivate(caller: User, userId: number): void {
  if (caller.id === userId) throw forbidden("You cannot deactivate your own account");
}

/** A tablet may only touch its own location's visits; staff may touch any. */
export function assertLocationAccess(identity: Identity, locationId: number): void {
  if (identity.kind === "tablet" && identity.locationId !== locationId) throw forbidden("This tablet belongs to another location");
}
