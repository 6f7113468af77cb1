import type { PassThrough } from "node:stream";
import {
  accessChannel,
  describeError,
  liveEvents,
  parseAccessChange,
  parseRollCallChange,
  parseVisitChange,
  rollCallsChannel,
  screenView,
  visitChangeEvents,
  visitsChannel,
  watchAccess,
  type IdentitySource,
  type Services,
  type VisitChange,
  type VisitChangeEvent,
  type VisitView,
} from "@vsi/api";
import { queueEvents, type LiveClosedEvent } from "@vsi/api/schemas";
import type { Db } from "@vsi/db";

/** Comments every so often keep proxies and load balancers from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** Sessions also expire without a notification: each stream checks again this often. */
const RECHECK_MS = 60_000;
/** A browser that stops reading is dropped once this much waits for it; it reconnects and refreshes. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export interface LiveStream {
  locationId: number;
  tabletId: number | undefined;
  /** The staff member watching (by session or token), told apart from tablets. */
  userId: number | undefined;
  source: IdentitySource;
  /** What of a visit this caller sees (permissions.ts visitView): a tablet and staff differ. */
  view: VisitView;
  out: PassThrough;
  checkedAt: number;
  /**
   * A line's watcher (a now-serving screen, a visitor's phone), never sent a visit or a roll call;
   * checked again by its own rule. A screen is sent what it shows (`screen`); a phone that the
   * line may have changed (`queue`), and its own visit (`yours`, as `ownVisit` reads it) when that
   * visit changes.
   */
  lineOnly?: {
    check(): Promise<unknown>;
    visitId?: number | undefined;
    ownVisit?: () => Promise<unknown>;
  };
}

/** A now-serving screen's stream: a line's watcher with no visit of its own. */
const isScreen = (stream: LiveStream) =>
  stream.lineOnly !== undefined && stream.lineOnly.visitId === undefined;

/** One SSE message. */
export const sseMessage = (event: string, data: unknown) =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * The open streams of this process, by location, fed by the database's notifications: one
 * listening connection per process, however many streams, and one read per burst of changes. Its
 * reads go to `db`: on a database server, connections of its own, so that a change reaches the
 * screens and sheets without waiting behind every request's turn for one of the pool's.
 */
export class LiveHub {
  private readonly byLocation = new Map<number, Set<LiveStream>>();
  /** Locations whose screens' view is to be read again, and whether a read is under way. */
  private readonly screensDue = new Set<number>();
  private readingScreens = false;
  /** Changes whose visits are to be read, and whether a read is under way. */
  private visitsDue: VisitChange[] = [];
  private readingVisits = false;
  private listening: Promise<void> | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly services: Services,
    private readonly db: Db = services.db,
  ) {}

  get size() {
    let n = 0;
    for (const streams of this.byLocation.values()) n += streams.size;
    return n;
  }

  /** LISTENs on first use, so a server nobody watches holds no extra connection. */
  start(): Promise<void> {
    this.listening ??= (async () => {
      const notifications = this.services.db.notifications();
      notifications.onResume(() => this.broadcast(undefined, sseMessage(liveEvents.refresh, {})));
      await notifications.listen(visitsChannel, (payload) => {
        const change = parseVisitChange(payload);
        if (change) this.deliver(change);
      });
      // A roll call's change names no one: every stream of its location gets the same message.
      await notifications.listen(rollCallsChannel, (payload) => {
        const change = parseRollCallChange(payload);
        if (change)
          this.broadcast(change.locationId, sseMessage(liveEvents.rollCall, change), false);
      });
      await notifications.listen(accessChannel, (payload) => {
        const change = parseAccessChange(payload);
        if (!change) return;
        const affected = [...this.all()].filter((stream) =>
          "tabletId" in change
            ? stream.tabletId === change.tabletId
            : "userId" in change
              ? stream.userId === change.userId
              : stream.locationId === change.locationId,
        );
        void this.recheck(affected);
      });
      this.heartbeat = setInterval(() => this.tick(), HEARTBEAT_MS);
      this.heartbeat.unref();
    })().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  add(stream: LiveStream) {
    let streams = this.byLocation.get(stream.locationId);
    if (!streams) this.byLocation.set(stream.locationId, (streams = new Set()));
    streams.add(stream);
    stream.out.once("close", () => this.remove(stream));
  }

  /** Ends every stream (the server is shutting down); browsers reconnect to another process. */
  closeAll() {
    clearInterval(this.heartbeat);
    for (const stream of this.all()) stream.out.end();
    this.byLocation.clear();
  }

  private remove(stream: LiveStream) {
    const streams = this.byLocation.get(stream.locationId);
    streams?.delete(stream);
    if (streams?.size === 0) this.byLocation.delete(stream.locationId);
  }

  private *all() {
    for (const streams of this.byLocation.values()) yield* streams;
  }

  private deliver(change: VisitChange) {
    const watching = this.byLocation.get(change.locationId);
    if (!watching) return;
    const lineMessage = sseMessage(queueEvents.queue, { locationId: change.locationId });
    let screens = false;
    for (const stream of watching) {
      if (!stream.lineOnly) continue;
      if (isScreen(stream)) screens = true;
      else if ("visitId" in change && stream.lineOnly.visitId === change.visitId)
        void this.sendOwnVisit(stream, lineMessage);
      else this.write(stream, lineMessage);
    }
    if (screens) this.pushScreens(change.locationId);
    if ([...watching].every((stream) => stream.lineOnly)) return;
    this.visitsDue.push(change);
    if (this.readingVisits) return;
    this.readingVisits = true;
    // After the rest of the feed's read is dispatched: its changes are read together.
    queueMicrotask(() => void this.readVisits());
  }

  /**
   * The visits of the changes due, read in one statement for them all and sent in their order;
   * one read at a time, so changes that come meanwhile wait for the next one, together.
   */
  private async readVisits() {
    try {
      while (this.visitsDue.length > 0) {
        const changes = this.visitsDue;
        this.visitsDue = [];
        const events = await visitChangeEvents(this.db.kysely, changes);
        changes.forEach((change, i) => this.sendVisit(change, events[i]!));
      }
    } finally {
      this.readingVisits = false;
    }
  }

  private sendVisit(change: VisitChange, { event, data }: VisitChangeEvent) {
    const visit = event === liveEvents.visit ? data.visit : null;
    if (!visit) {
      this.broadcast(change.locationId, sseMessage(event, data), false);
      return;
    }
    // Each caller sees the visit as visitView says (a tablet its sheet's view); each view's
    // message is written once, however many streams share it.
    const messages = new Map<VisitView, string>();
    for (const stream of [...(this.byLocation.get(change.locationId) ?? [])]) {
      if (stream.lineOnly) continue;
      let message = messages.get(stream.view);
      if (message === undefined) {
        message = sseMessage(event, { ...data, visit: stream.view(visit) });
        messages.set(stream.view, message);
      }
      this.write(stream, message);
    }
  }

  /**
   * What the location's screens show, read once for them all and sent to each. One read at a time
   * for all locations, each location's once however many changes came meanwhile: a screen shows
   * the line as it is, and the hub's other connection stays free for phones and sheets.
   */
  private pushScreens(locationId: number) {
    this.screensDue.add(locationId);
    if (this.readingScreens) return;
    this.readingScreens = true;
    void this.readScreens();
  }

  private async readScreens() {
    try {
      // A location due again while read is visited again: a Set's iteration takes in what is added.
      for (const locationId of this.screensDue) {
        this.screensDue.delete(locationId);
        const screens = [...(this.byLocation.get(locationId) ?? [])].filter(isScreen);
        if (screens.length === 0) continue;
        let message: string;
        try {
          const view = await screenView(this.db.kysely, locationId, this.services.now());
          message = sseMessage(queueEvents.screen, view);
        } catch {
          // The screens read it themselves (an archived location's then says so).
          message = sseMessage(queueEvents.queue, { locationId });
        }
        for (const stream of screens) this.write(stream, message);
      }
    } finally {
      this.readingScreens = false;
    }
  }

  /** A phone's own visit, as it reads it; a failed read leaves it the plain `queue` to read itself. */
  private async sendOwnVisit(stream: LiveStream, fallback: string) {
    try {
      const visit = await stream.lineOnly!.ownVisit!();
      this.write(stream, sseMessage(queueEvents.yours, visit));
    } catch {
      this.write(stream, fallback);
    }
  }

  /**
   * Writes one message to the location's streams (all streams when undefined); to the lines'
   * watchers too unless `toLines` is false (what names visits or roll calls).
   */
  private broadcast(locationId: number | undefined, message: string, toLines = true) {
    const streams =
      locationId === undefined ? [...this.all()] : [...(this.byLocation.get(locationId) ?? [])];
    for (const stream of streams) if (toLines || !stream.lineOnly) this.write(stream, message);
  }

  private write(stream: LiveStream, message: string) {
    if (stream.out.writableLength > MAX_BUFFERED_BYTES) {
      stream.out.destroy();
      return;
    }
    stream.out.write(message);
  }

  private tick() {
    this.broadcast(undefined, ": ping\n\n");
    if (this.ticking) return;
    this.ticking = true;
    const due = Date.now() - RECHECK_MS;
    void this.recheck([...this.all()].filter((stream) => stream.checkedAt <= due)).finally(
      () => (this.ticking = false),
    );
  }

  /** Checks the streams' callers again, one at a time; those no longer allowed get `closed` and end. */
  private async recheck(streams: LiveStream[]) {
    for (const stream of streams) {
      if (stream.out.closed) continue;
      try {
        await (stream.lineOnly
          ? stream.lineOnly.check()
          : watchAccess(this.db.kysely, stream.source, stream.locationId, this.services.now()));
        stream.checkedAt = Date.now();
      } catch (error) {
        const described = describeError(error);
        // The database away is no reason to drop anyone; the next check decides.
        if (described.status >= 500) continue;
        const { status, message, key, values } = described;
        const closed: LiveClosedEvent = { status, message, key, values };
        stream.out.end(sseMessage(liveEvents.closed, closed));
      }
    }
  }
}
