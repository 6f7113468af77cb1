import { useParams, useSearch } from "@tanstack/react-router";
import type { SheetSearch } from "../lib/sheetSearch";

// The kiosk's routes (router.tsx) are not the router the app registers for its types (the staff
// app's), so the kiosk reads its address through these two hooks rather than typed route hooks.

/** The location of /sheet/$locationId/… as a number. */
export function useLocationId(): number {
  const params: { locationId?: string } = useParams({ strict: false });
  return Number(params.locationId);
}

/** ?programId= of the sheet and its sign-in form, as sheetSearch() validated it. */
export function useSheetSearch(): SheetSearch {
  const search: SheetSearch = useSearch({ strict: false });
  return search;
}

/** The sheet's address, for a program or none (it then opens the first). */
export function sheetHref(locationId: number, programId?: number): string {
  return `/sheet/${locationId}${programId === undefined ? "" : `?programId=${programId}`}`;
}

/** The sign-in form's address. */
export function signInHref(locationId: number, programId: number): string {
  return `/sheet/${locationId}/sign-in?programId=${programId}`;
}
