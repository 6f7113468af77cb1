/**
 * The sheet's live stream (Server-Sent Events): its address and what it sends. Plain constants and
 * types, no zod, so the kiosk's bundle carries only these few lines.
 */

/** GET this with the tablet's cookie or a staff session: text/event-stream until closed. */
export const liveEventsPath = (locationId: number) => `/api/locations/${locationId}/events`;

/** The SSE event names. */
export const liveEvents = {
  /**
   * Sent first, once the server listens for the location's changes: refresh, then apply events.
   * Its data says which roll call is open there (LiveReadyEvent).
   */
  ready: "ready",
  /** A visit signed in, signed out, changed or deleted; `visit` is its state now (null once gone). */
  visit: "visit",
  /** Changes may have been missed (many at once, or the server's database connection came back). */
  refresh: "refresh",
  /** A roll call at the location started, ended, or had a mark or a person added (LiveRollCallEvent). */
  rollCall: "rollCall",
  /** The caller may no longer watch (a disconnected tablet, an ended session); the stream ends. */
  closed: "closed",
} as const;

export type VisitChangeKind = "in" | "out" | "changed" | "deleted";

/** The data of a `visit` event; `visit` has the shape of GET /api/visits/{id}. */
export interface LiveVisitEvent<V = unknown> {
  kind: VisitChangeKind;
  visitId: number;
  locationId: number;
  programId: number;
  visit: V | null;
}

/** The data of a `closed` event: the status the next call would get, its message with its key. */
export interface LiveClosedEvent {
  status: number;
  message: string;
  key: string;
  values: Record<string, string | number>;
}

/** The data of a `ready` event: the roll call open at the location, if any (a tablet's banner). */
export interface LiveReadyEvent {
  locationId: number;
  rollCallId: number | null;
}

/** The data of a `rollCall` event: which one changed, and whether it is still open. Never a name. */
export interface LiveRollCallEvent {
  locationId: number;
  rollCallId: number;
  open: boolean;
}
