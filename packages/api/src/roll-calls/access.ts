import type { Executor } from "@vsi/db";
import { notFound } from "../kernel/errors.ts";
import type { Identity } from "../kernel/identity.ts";
import { assertLocationAccess, heldLocationIds } from "../kernel/permissions.ts";
import { rollCallLocation } from "./queries.ts";

/**
 * A roll call the caller may see and mark: one of another location is as if it did not exist
 * (404). Read only for a caller holding some locations; every location's staff need no look-up.
 */
export async function assertCallerRollCall(db: Executor, identity: Identity, id: number) {
  if (heldLocationIds(identity) === undefined) return;
  const locationId = await rollCallLocation(db, id);
  if (locationId === undefined) throw notFound("Roll call");
  assertLocationAccess(identity, locationId, "Roll call");
}
