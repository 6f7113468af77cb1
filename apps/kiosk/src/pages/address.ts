import { kioskBase, servedByKiosk, sheetPath } from "@vsi/web-common/addresses";
import { useSyncExternalStore } from "react";
import { sheetSearch, type SheetSearch } from "../lib/sheetSearch";

// The kiosk's address bar, without a router library: its pages (routes.ts) are matched from
// the path, and moving between them is history.pushState. A router's weight (TanStack Router,
// ~25 KB gzipped) would put the tablet's first visit over its 150 KB budget.

const listeners = new Set<() => void>();
let href = window.location.href;
let address = read();

function read(): URL {
  return new URL(window.location.href);
}

function changed(): void {
  if (window.location.href === href) return;
  href = window.location.href;
  address = read();
  listeners.forEach((listener) => listener());
}

window.addEventListener("popstate", changed);

/**
 * Goes to `to` within the kiosk, or to the staff app (another app) by a full page load. `replace` takes the
 * place of the current history entry (a redirect, the form's return to the sheet).
 */
export function navigate(to: string, { replace = false } = {}): void {
  const url = new URL(to, window.location.href);
  if (!servedByKiosk(url.pathname)) {
    if (replace) window.location.replace(url);
    else window.location.assign(url);
    return;
  }
  if (replace) window.history.replaceState(null, "", url);
  else {
    window.history.pushState(null, "", url);
    window.scrollTo(0, 0);
  }
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current address, re-rendering on every move. */
export function useAddress(): URL {
  return useSyncExternalStore(subscribe, () => address);
}

/** The location of /sheet/{id}/… as a number. */
export function useLocationId(): number {
  return Number(useAddress().pathname.slice(kioskBase.length).split("/")[0]);
}

/** ?programId= of the sheet and its sign-in form; anything unusable counts as missing. */
export function useSheetSearch(): SheetSearch {
  return sheetSearch(Object.fromEntries(useAddress().searchParams));
}

/** The sheet's address, for a program or none (it then opens the first). */
export function sheetHref(locationId: number, programId?: number): string {
  return `${sheetPath(locationId)}${programId === undefined ? "" : `?programId=${programId}`}`;
}

/** The sign-in form's address. */
export function signInHref(locationId: number, programId: number): string {
  return `${sheetPath(locationId)}/sign-in?programId=${programId}`;
}
