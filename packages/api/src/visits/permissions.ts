import type { Identity } from "../kernel/identity.ts";
import { heldLocationIds } from "../kernel/permissions.ts";
import { queuedTimeInMaxAgeMs } from "./schema.ts";

// Which visits a caller reaches; who may call at all is the kernel's (kernel/permissions.ts).

/**
 * How far back a tablet's sign-out reaches: a visit still open, or one that ended this recently (a
 * sign-out sent again after its answer was lost, or kept on the tablet while offline, within the
 * day a queued sign-in has too). An older visit is not found.
 */
export const tabletSignOutReachMs = queuedTimeInMaxAgeMs;

/**
 * The returning-visitor lookup. A tablet's answers only for its own location's visitors (`within`),
 * on one budget per location shared by all its tablets and addresses, and is counted in the audit
 * log; staff's for their locations (the report shows them those visits anyway), on one budget per
 * person.
 */
export function lookupScope(identity: Exclude<Identity, { kind: "anonymous" }>): {
  budgetKey: string;
  within: { tabletId: number; locationId: number } | { locationIds: readonly number[] } | undefined;
} {
  if (identity.kind !== "tablet") {
    const held = heldLocationIds(identity);
    return {
      budgetKey: `lookup:user:${identity.user.id}`,
      within: held && { locationIds: held },
    };
  }
  const { tabletId, locationId } = identity;
  return { budgetKey: `lookup:location:${locationId}`, within: { tabletId, locationId } };
}
