// The web build has two entries: the staff app (index.html) and the kiosk (kiosk.html, /sheet/…),
// so a tablet never downloads the staff pages. A router of one entry that is sent to the other's
// address has already written it (and its history state) into the address bar: loading that page
// in full hands it over, history.state included (the staff login reads `from` there).

/** Loads the current address in full, unless this very document was loaded at it (no loop). */
export function loadOtherEntry(): boolean {
  const [loaded] = performance.getEntriesByType("navigation");
  if (loaded && loaded.name === window.location.href) return false;
  window.location.reload();
  return true;
}

// Where the staff login returns to when the kiosk sent someone there: handed over in this tab's
// sessionStorage, as the staff app's router keeps its own history state.
const returnKey = "vsi.staffLoginReturn";

/**
 * Leaves the kiosk for the staff login (a full page load: the staff app is the other entry), which
 * returns to `from` once logged in.
 */
export function goToStaffLogin(from: string): void {
  sessionStorage.setItem(returnKey, from);
  window.location.assign("/login");
}

/** The page the kiosk asked the staff login to return to, once (a local path only). */
export function takeStaffLoginReturn(): string | undefined {
  const from = sessionStorage.getItem(returnKey) ?? undefined;
  sessionStorage.removeItem(returnKey);
  return from?.startsWith("/") && !from.startsWith("//") ? from : undefined;
}
