import { useSyncExternalStore } from "react";
import { httpStatusOf } from "@vsi/web-common/api-errors";
import { kioskWaitMs } from "./kioskTimings";
import { createOfflineQueue, type QueueEntry, type QueueStore } from "./offlineQueue";
import { deleteValue, readAll, writeValue } from "./offlineStore";
import { kioskApi, openVisitsKey } from "./kioskApi";
import { queryClient, reportUnauthorized } from "@vsi/web-common/query-client";
import type { Visit } from "./types";
import { randomId } from "./uuid";

// The kiosk's one queue, on IndexedDB, sending over the REST API with the tablet's cookie.

const stored: QueueStore = {
  all: () => readAll<QueueEntry>("queue"),
  put: (entry) => writeValue("queue", entry.key, entry),
  remove: (key) => deleteValue("queue", key),
};

export const kioskQueue = createOfflineQueue<Visit>({
  store: stored,
  transport: {
    signIn: kioskApi.signIn,
    signOut: kioskApi.signOut,
  },
  statusOf: httpStatusOf,
  idOf: (visit) => visit.id,
  // Until a sheet has loaded its location (SheetLayout sets that location's).
  sendTimeoutMs: kioskWaitMs({}, "SendTimeoutSeconds"),
  newKey: randomId,
  onSent: () => void queryClient.invalidateQueries({ queryKey: openVisitsKey() }),
  onUnauthorized: reportUnauthorized,
});

let started = false;

/** Loads the queue and keeps sending it: now, on the browser's `online` event, and with back-off. */
export function startKioskQueue(): void {
  if (typeof window === "undefined") return;
  if (!started) {
    started = true;
    window.addEventListener("online", () => kioskQueue.setOnline(true));
    window.addEventListener("offline", () => kioskQueue.setOnline(false));
    if (!navigator.onLine) kioskQueue.setOnline(false);
  }
  kioskQueue.resume();
}

/** The queue's entries and whether the tablet is offline or disconnected, re-rendering on change. */
export function useKioskQueue() {
  return useSyncExternalStore(kioskQueue.subscribe, kioskQueue.getState);
}
