import { useSyncExternalStore } from "react";
import { httpStatusOf, isRetryable } from "@vsi/web-common/api-errors";
import { oneRunAtATime } from "@vsi/web-common/one-run-at-a-time";
import { reportUnauthorized } from "@vsi/web-common/query-client";
import type { PendingMark } from "./rollCall";

// Marks made on the roll-call screen wait here (and in localStorage, so a closed tab keeps them)
// until the server has them: sent in the order they were made, one at a time, each once. The
// server keeps each mark's own time and ignores one older than the person's last, so a mark sent
// again after a lost answer, or late, changes nothing it should not.

const storageKey = "vsi.rollCallMarks";
const retryMs = 3_000;

/** Sends one mark: resolves once the server has it; rejects with `{ status }` when it answered. */
export type SendMark = (mark: PendingMark) => Promise<unknown>;

interface State {
  marks: PendingMark[];
  offline: boolean;
  /** Marks the server refused (the roll call had ended): the screen says they were not recorded. */
  refused: PendingMark[];
}

function read(): PendingMark[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey) ?? "[]");
    return Array.isArray(stored) ? (stored as PendingMark[]) : [];
  } catch {
    return [];
  }
}

export class MarkQueue {
  private state: State;
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly send: SendMark,
    /** A mark the server has (its answer) or refused (none): called while it still shows as waiting. */
    private readonly sent: (mark: PendingMark, answer: unknown) => void,
  ) {
    this.state = {
      marks: read(),
      offline: typeof navigator !== "undefined" && navigator.onLine === false,
      refused: [],
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.state;

  private set(next: Partial<State>) {
    this.state = { ...this.state, ...next };
    localStorage.setItem(storageKey, JSON.stringify(this.state.marks));
    for (const listener of this.listeners) listener();
  }

  add(mark: Omit<PendingMark, "key" | "markedAt">, now = new Date()) {
    const key = `${now.getTime()}-${Math.random().toString(36).slice(2)}`;
    this.set({ marks: [...this.state.marks, { ...mark, key, markedAt: now.toISOString() }] });
    void this.flush();
  }

  /** The browser says the network is back (or gone). */
  setOnline(online: boolean) {
    this.set({ offline: !online });
    if (online) void this.flush();
  }

  /** Once the screen has said so: forgets the refused marks of one roll call. */
  dismissRefused(rollCallId: number) {
    this.set({ refused: this.state.refused.filter((mark) => mark.rollCallId !== rollCallId) });
  }

  /**
   * Sends the waiting marks in order; stops at the first that cannot reach the server, and tries
   * again later. Resolves when the queue is empty or waiting for the network, however many callers;
   * one asked for while a try is failing runs right after it (`oneRunAtATime`).
   */
  flush = oneRunAtATime(() => this.drain());

  private async drain(): Promise<void> {
    clearTimeout(this.timer);
    while (this.state.marks.length > 0) {
      const mark = this.state.marks[0]!;
      let refusedMark = false;
      let answer: unknown;
      try {
        answer = await this.send(mark);
      } catch (error) {
        // The session ended (it may have while the phone was offline): the marks wait for a login.
        if (httpStatusOf(error) === 401) {
          reportUnauthorized(error);
          return;
        }
        if (isRetryable(error)) {
          this.set({ offline: true });
          this.timer = setTimeout(() => void this.flush(), retryMs);
          return;
        }
        refusedMark = true;
      }
      // The screen takes the server's answer first, so the person never shows as before the mark.
      this.sent(mark, answer);
      this.set({
        marks: this.state.marks.filter((m) => m.key !== mark.key),
        offline: false,
        refused: refusedMark ? [...this.state.refused, mark] : this.state.refused,
      });
    }
  }
}

/** The queue's marks and whether it last found the network gone, for a screen. */
export function useMarkQueue(queue: MarkQueue): State {
  return useSyncExternalStore(queue.subscribe, queue.snapshot);
}
