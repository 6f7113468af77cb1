import type { Answers } from "@vsi/api/schemas";
import { isRetryableStatus } from "@vsi/web-common/api-errors";
import { oneRunAtATime } from "@vsi/web-common/one-run-at-a-time";
import type { Visit } from "./types";

// The tablet's queue of sign-ins and sign-outs that could not reach the server. Each entry is kept
// on the device (IndexedDB) under its Idempotency-Key until the server has it, and the queue is sent
// strictly in order, so a sign-out of a queued sign-in always follows it. The server writes a keyed
// sign-in once and keeps a visit's first sign-out time, so sending an entry twice (an answer lost on
// the way back, two tabs) still records it exactly once.

/** What a sign-in sends (its idempotency key is the entry's own). */
export type SignInFields = Pick<
  Visit,
  "FirstName" | "LastName" | "PhoneNumber" | "LocationId" | "ProgramId"
> & {
  /** Left out where the location does not ask. */
  Temperature?: string;
  /** The intake questions' answers, kept with the entry while it waits. */
  Answers?: Answers;
  /** How many came, and which of the household's members (a program that signs in households). */
  PartySize?: number;
  HouseholdMemberIds?: number[];
  /** The signature drawn (a PNG's data: URL), or that the visitor would rather not sign. */
  Signature?: string;
  SignatureDeclined?: true;
};

interface EntryBase {
  /** The Idempotency-Key of a sign-in; a fresh id for a sign-out. Also the storage key. */
  key: string;
  /** Order of arrival: entries are sent in this order. */
  seq: number;
  queuedAt: string;
  /** Set when the server refused the entry: kept (and shown) instead of being sent again. */
  refused?: string;
}
export interface QueuedSignIn extends EntryBase {
  kind: "in";
  fields: SignInFields;
}
export interface QueuedSignOut extends EntryBase {
  kind: "out";
  /** The visit on the server; unknown while its sign-in is still queued (then `signInKey` names it). */
  visitId?: number;
  signInKey?: string;
  FirstName: string;
  LastName: string;
}
export type QueueEntry = QueuedSignIn | QueuedSignOut;

/** Where entries live: IndexedDB on the tablet, a Map in unit tests. */
export interface QueueStore {
  all(): Promise<QueueEntry[]>;
  put(entry: QueueEntry): Promise<void>;
  remove(key: string): Promise<void>;
}

/** The two calls, each given up on when the signal aborts. */
export interface QueueTransport<V> {
  /** `timeIn`: a queued sign-in's own time, so the visit starts when the visitor came, not when it was sent. */
  signIn(fields: SignInFields, key: string, signal: AbortSignal, timeIn?: string): Promise<V>;
  signOut(visitId: number, signal: AbortSignal): Promise<V>;
}

export interface QueueState {
  /** Every stored entry, oldest first, waiting and refused alike. */
  entries: QueueEntry[];
  /** The last attempt to reach the server failed (or the browser says it is offline). */
  offline: boolean;
  /** The server said this tablet was disconnected: nothing more is sent, the entries stay. */
  revoked: boolean;
}

export interface QueueOptions<V> {
  store: QueueStore;
  transport: QueueTransport<V>;
  /** The HTTP status of a failed call; undefined when no answer came. */
  statusOf: (error: unknown) => number | undefined;
  /** The visit id of a sign-in's answer. */
  idOf: (visit: V) => number;
  /** A message to keep with a refused entry. */
  messageOf?: (error: unknown) => string;
  /** How long a first attempt waits before the entry is queued instead (see setSendTimeoutMs). */
  sendTimeoutMs: number;
  /** Called after entries reached the server (the sheet refreshes). */
  onSent?: () => void;
  /** Called with the 401 of a disconnected tablet. */
  onUnauthorized?: (error: unknown) => void;
  newKey: () => string;
  now?: () => Date;
  /** Waits before retry number n (1, 2, …). */
  backoffMs?: (attempt: number) => number;
}

export const defaultBackoffMs = (attempt: number) =>
  Math.min(60_000, 1_000 * 2 ** Math.min(attempt, 6)) * (0.75 + Math.random() / 2);

/** The entries still to be sent, oldest first. */
export const waitingEntries = (entries: QueueEntry[]) => entries.filter((entry) => !entry.refused);

export type Sent<V> = { visit: V; queued: false } | { entry: QueueEntry; queued: true };

export function createOfflineQueue<V>(options: QueueOptions<V>) {
  const { store, transport, statusOf, idOf } = options;
  const now = options.now ?? (() => new Date());
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  let sendTimeoutMs = options.sendTimeoutMs;
  const messageOf =
    options.messageOf ??
    ((error: unknown) => (error instanceof Error ? error.message : String(error)));

  let state: QueueState = { entries: [], offline: false, revoked: false };
  const listeners = new Set<() => void>();
  let loaded: Promise<void> | undefined;
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let lastSeq = 0;

  function publish(patch: Partial<QueueState>) {
    state = { ...state, ...patch };
    listeners.forEach((listener) => listener());
  }

  async function reload() {
    const entries = (await store.all()).sort((a, b) => a.seq - b.seq);
    lastSeq = Math.max(lastSeq, ...entries.map((entry) => entry.seq));
    publish({ entries });
  }

  function load(): Promise<void> {
    loaded ??= reload();
    return loaded;
  }

  async function add(entry: QueueEntry) {
    await store.put(entry);
    await reload();
  }

  function nextSeq() {
    lastSeq = Math.max(lastSeq + 1, now().getTime());
    return lastSeq;
  }

  async function withTimeout<T>(call: (signal: AbortSignal) => Promise<T>, ms: number): Promise<T> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), ms);
    try {
      return await call(controller.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  function scheduleRetry() {
    clearTimeout(retryTimer);
    attempt += 1;
    retryTimer = setTimeout(() => void flush(), backoffMs(attempt));
  }

  /** Sends one entry; true when it is done with (sent or refused), false to stop and retry later. */
  async function sendOne(entry: QueueEntry): Promise<boolean> {
    try {
      if (entry.kind === "in") {
        const visit = await withTimeout(
          (signal) => transport.signIn(entry.fields, entry.key, signal, entry.queuedAt),
          sendTimeoutMs * 3,
        );
        // Sign-outs waiting for this visit learn its id before the sign-in leaves the queue: a
        // crash in between sends the sign-in again under its key, which returns the same visit.
        for (const out of state.entries) {
          if (out.kind === "out" && out.signInKey === entry.key)
            await store.put({ ...out, visitId: idOf(visit) });
        }
      } else {
        // Read fresh before each send: a sign-in sent just before wrote its visit's id here.
        const visitId = entry.visitId;
        if (visitId === undefined) {
          await store.put({ ...entry, refused: "Its sign-in was not accepted" });
          return true;
        }
        await withTimeout((signal) => transport.signOut(visitId, signal), sendTimeoutMs * 3);
      }
      await store.remove(entry.key);
      return true;
    } catch (error) {
      const status = statusOf(error);
      if (status === 401) {
        publish({ revoked: true, offline: false });
        options.onUnauthorized?.(error);
        return false;
      }
      if (isRetryableStatus(status)) {
        publish({ offline: true });
        return false;
      }
      await store.put({ ...entry, refused: messageOf(error) });
      // A refused sign-in takes its queued sign-outs with it: there is no visit to end.
      if (entry.kind === "in") {
        for (const out of state.entries) {
          if (out.kind === "out" && out.signInKey === entry.key && !out.refused)
            await store.put({ ...out, refused: "Its sign-in was not accepted" });
        }
      }
      return true;
    }
  }

  async function drain() {
    await load();
    let sent = 0;
    for (;;) {
      await reload();
      const next = waitingEntries(state.entries)[0];
      if (!next || state.revoked) break;
      if (!(await sendOne(next))) {
        await reload();
        if (!state.revoked) scheduleRetry();
        if (sent > 0) options.onSent?.();
        return;
      }
      sent += 1;
    }
    attempt = 0;
    publish({ offline: false });
    if (sent > 0) options.onSent?.();
  }

  // Storage that fails (full, private mode) is logged; the entries stay for the next try.
  const flushRuns = oneRunAtATime(async () => {
    if (state.revoked) return;
    clearTimeout(retryTimer);
    await drain().catch((error: unknown) => console.error("offline queue", error));
  });

  /** Sends every waiting entry in order, one run at a time (`oneRunAtATime` says how). */
  function flush(): Promise<void> {
    if (state.revoked) return Promise.resolve();
    clearTimeout(retryTimer);
    return flushRuns();
  }

  /** Tries `call` now unless entries are waiting (they go first); queues `entry` when no answer comes in time. */
  async function sendOrQueue(
    call: (signal: AbortSignal) => Promise<V>,
    entry: QueueEntry,
  ): Promise<Sent<V>> {
    await load();
    if (waitingEntries(state.entries).length > 0) await flush();
    if (waitingEntries(state.entries).length === 0 && !state.revoked) {
      try {
        const visit = await withTimeout(call, sendTimeoutMs);
        publish({ offline: false });
        return { visit, queued: false };
      } catch (error) {
        // A refusal is shown to the visitor, never queued; a disconnected tablet also says so.
        if (statusOf(error) === 401) options.onUnauthorized?.(error);
        if (!isRetryableStatus(statusOf(error))) throw error;
        publish({ offline: true });
      }
    }
    await add(entry);
    scheduleRetry();
    return { entry, queued: true };
  }

  return {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    load,
    flush,
    /** A location's own time-out, known once its sheet has loaded. */
    setSendTimeoutMs(ms: number): void {
      sendTimeoutMs = ms;
    },

    /** Signs a visitor in, or keeps the sign-in on the tablet when the server cannot be reached. */
    signIn(fields: SignInFields): Promise<Sent<V>> {
      const key = options.newKey();
      const entry: QueuedSignIn = {
        kind: "in",
        key,
        seq: nextSeq(),
        queuedAt: now().toISOString(),
        fields,
      };
      return sendOrQueue((signal) => transport.signIn(fields, key, signal), entry);
    },

    /**
     * Signs a visit out: a visit on the server by its id, a queued sign-in by its key (queued after
     * it, never sent alone).
     */
    async signOut(visit: {
      id?: number;
      signInKey?: string;
      FirstName: string;
      LastName: string;
    }): Promise<Sent<V>> {
      const entry: QueuedSignOut = {
        kind: "out",
        key: options.newKey(),
        seq: nextSeq(),
        queuedAt: now().toISOString(),
        FirstName: visit.FirstName,
        LastName: visit.LastName,
        ...(visit.signInKey !== undefined ? { signInKey: visit.signInKey } : { visitId: visit.id }),
      };
      const { id } = visit;
      if (visit.signInKey !== undefined || id === undefined) {
        await load();
        await add(entry);
        void flush();
        return { entry, queued: true };
      }
      return sendOrQueue((signal) => transport.signOut(id, signal), entry);
    },

    /** Forgets a refused entry once it has been read. */
    async dismiss(key: string) {
      await store.remove(key);
      await reload();
    },

    /** The sheet opened for a tablet the server knows (again, after a new set-up): send what waits. */
    resume() {
      if (state.revoked) publish({ revoked: false });
      void flush();
    },

    /** The browser says the network is back (or gone). */
    setOnline(online: boolean) {
      if (!online) publish({ offline: true });
      else void flush();
    },
  };
}

export type OfflineQueue<V> = ReturnType<typeof createOfflineQueue<V>>;
