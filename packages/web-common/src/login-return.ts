import { staffLoginPath } from "./addresses.js";

// Where the staff login returns to when the kiosk sent someone there. The kiosk and the staff app
// are two builds, so it is handed over in this tab's sessionStorage, not in a router's state.
const returnKey = "vsi.staffLoginReturn";

/** Leaves the kiosk for the staff login (a full page load), which returns to `from` once logged in. */
export function goToStaffLogin(from: string): void {
  sessionStorage.setItem(returnKey, from);
  window.location.assign(staffLoginPath);
}

/** The page the kiosk asked the staff login to return to, once (a local path only). */
export function takeStaffLoginReturn(): string | undefined {
  const from = sessionStorage.getItem(returnKey) ?? undefined;
  sessionStorage.removeItem(returnKey);
  return from?.startsWith("/") && !from.startsWith("//") ? from : undefined;
}
