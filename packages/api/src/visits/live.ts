import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { resolveIdentity, type IdentitySource } from "../callers/identity.ts";
import { toVisit } from "./mappers.ts";
import { assertMayWatchLocation } from "../kernel/permissions.ts";
import {
  liveEvents,
  type LiveRollCallEvent,
  type LiveVisitEvent,
  type VisitChangeKind,
} from "./live-schema.ts";
import { getLocation } from "../catalog/queries.ts";
import { findVisits } from "./queries.ts";

/** The database announces visit changes on this channel (on its change feed, migration 0032), access changes on the other. */
export const visitsChannel = "vsi_visits";
export const accessChannel = "vsi_access";
/** Roll calls started, ended or marked (migration 0028_roll_calls). */
export const rollCallsChannel = "vsi_roll_calls";

/** A vsi_roll_calls payload, or undefined for anything else. */
export function parseRollCallChange(payload: string): LiveRollCallEvent | undefined {
  try {
    const change = JSON.parse(payload) as LiveRollCallEvent;
    return typeof change.locationId === "number" &&
      typeof change.rollCallId === "number" &&
      typeof change.open === "boolean"
      ? { locationId: change.locationId, rollCallId: change.rollCallId, open: change.open }
      : undefined;
  } catch {
    return undefined;
  }
}

export type VisitChange =
  | { kind: VisitChangeKind; locationId: number; programId: number; visitId: number }
  | { kind: "refresh"; locationId: number };

const kinds = new Set(["in", "out", "changed", "deleted", "refresh"]);

/** A vsi_visits payload, or undefined for anything else. */
export function parseVisitChange(payload: string): VisitChange | undefined {
  try {
    const change = JSON.parse(payload) as VisitChange;
    return typeof change.locationId === "number" && kinds.has(change.kind) ? change : undefined;
  } catch {
    return undefined;
  }
}

export type AccessChange = { tabletId: number } | { locationId: number } | { userId: number };

/** A vsi_access payload: which tablet, location or user (a session, a token) may have lost access. */
export function parseAccessChange(payload: string): AccessChange | undefined {
  const [what, id] = payload.split(":");
  const n = Number(id);
  if (!Number.isInteger(n)) return undefined;
  if (what === "tablet") return { tabletId: n };
  if (what === "location") return { locationId: n };
  return what === "user" ? { userId: n } : undefined;
}

/** A change's SSE event: the visit as it is now, or a refresh. */
export type VisitChangeEvent =
  | { event: typeof liveEvents.refresh; data: Record<string, never> }
  | { event: typeof liveEvents.visit; data: LiveVisitEvent<ReturnType<typeof toVisit>> };

/**
 * The SSE events for a burst of changes, in their order, read once per process for all its
 * streams: each visit as it is now, so a sheet applies it without asking again. One statement for
 * the whole burst: a busy site's sign-ins and sign-outs arrive together from the change feed, and
 * a statement each was most of a server's work in writing to the database's socket.
 */
export async function visitChangeEvents(
  db: Kysely<Database>,
  changes: readonly VisitChange[],
): Promise<VisitChangeEvent[]> {
  const ids = [
    ...new Set(
      changes.flatMap((change) =>
        change.kind === "refresh" || change.kind === "deleted" ? [] : [change.visitId],
      ),
    ),
  ];
  let found: Map<number, ReturnType<typeof toVisit>> | undefined;
  if (ids.length > 0) {
    try {
      found = new Map((await findVisits(db, ids)).map((row) => [row.id, toVisit(row)]));
    } catch {
      // The database away: every sheet refreshes instead, once it is back.
      return changes.map(() => ({ event: liveEvents.refresh, data: {} }));
    }
  }
  return changes.map((change): VisitChangeEvent => {
    if (change.kind === "refresh") return { event: liveEvents.refresh, data: {} };
    const { kind, locationId, programId, visitId } = change;
    // Deleted since it changed: announced as gone.
    const visit = kind === "deleted" ? null : (found?.get(visitId) ?? null);
    return {
      event: liveEvents.visit,
      data: { kind: visit ? kind : "deleted", visitId, locationId, programId, visit },
    };
  });
}

/**
 * Who may watch the location's stream, checked when it opens and again whenever the database says
 * access changed: the same identity rules and permission as every sheet call.
 */
export async function watchAccess(
  db: Kysely<Database>,
  source: IdentitySource,
  locationId: number,
  now: Date,
) {
  const identity = assertMayWatchLocation(await resolveIdentity(db, source, now), locationId);
  await getLocation(db, locationId);
  return identity;
}
