/**
 * The sheet's live stream (Server-Sent Events): its address and what it sends. Plain constants and
 * types, no zod, so the kiosk's bundle carries only these few lines.
 */

/** GET this with the tablet's cookie or a staff session: text/event-stream until closed. */
export const liveEventsPath = (locationId: number) => `/api/locations/${locationId}/events`;

/** The SSE event names. */
export const liveEvents = {
  /** Sent first, once the server listens for the location's changes: refresh, then apply events. */
  ready: "ready",
  /** A visit signed in, signed out, changed or deleted; `visit` is its state now (null once gone). */
  visit: "visit",
  /** Changes may have been missed (many at once, or the server's database connection came back). */
  refresh: "refresh",
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

/** The data of a `closed` event: the status the next call would get. */
export interface LiveClosedEvent {
  status: number;
  message: string;
}
