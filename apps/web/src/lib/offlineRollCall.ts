import type { RollCall } from "@vsi/api/schemas";
import { rollCallScope } from "./rollCallAddresses";
import type { User } from "./types";

// The roll call open on this phone, as last read, and who had it open: with them a reload with no
// network still opens its screen (the service worker keeps the app, this keeps its data). One at a
// time, forgotten once it has ended, at logout, and a day after it was last read (a phone that
// never saw it end), so names do not stay on the phone.

const storageKey = "vsi.rollCallOpen";

interface Kept {
  rollCall: RollCall;
  user: User;
  /** When the server said so (ms): TanStack Query reads it as the data's age. */
  savedAt: number;
}

function read(): Kept | undefined {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Kept | null;
    return kept?.rollCall && kept.user ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** After each answer of the server: an open roll call is kept, an ended one forgotten. */
export function keepRollCall(rollCall: RollCall, user: User, savedAt: number): void {
  if (rollCall.endedAt !== null) {
    if (read()?.rollCall.id === rollCall.id) forgetRollCall();
    return;
  }
  localStorage.setItem(storageKey, JSON.stringify({ rollCall, user, savedAt } satisfies Kept));
}

/** The kept state of this roll call, if it is the one kept. */
export function keptRollCall(id: number): Kept | undefined {
  const kept = read();
  return kept?.rollCall.id === id ? kept : undefined;
}

/** Who had the kept roll call open, when this address is its screen: the guard's offline answer. */
export function keptUserAt(pathname: string): User | undefined {
  if (!pathname.startsWith(rollCallScope)) return undefined;
  return keptRollCall(Number(pathname.slice(rollCallScope.length)))?.user;
}

export function forgetRollCall(): void {
  localStorage.removeItem(storageKey);
}

/** No roll call lasts a day: one kept longer ended without this phone seeing it. */
const keptAtMostMs = 24 * 60 * 60 * 1000;

/** At the app's start: forgets a roll call last read more than a day before `now`. */
export function forgetStaleRollCall(now: number): void {
  const kept = read();
  if (kept && now - kept.savedAt > keptAtMostMs) forgetRollCall();
}
