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

/**
 * Leaves the kiosk for the staff login (a full page load: the staff app is the other entry), which
 * returns to `from` once logged in: the login page reads it from history.state, which a reload keeps.
 */
export function goToStaffLogin(from: string): void {
  // Shaped as the staff app's router history writes its entries (a key and an index): a state
  // without a key is replaced when that history starts, and `from` with it.
  const key = Math.random().toString(36).slice(2, 10);
  window.history.pushState({ from, key, __TSR_key: key, __TSR_index: 0 }, "", "/login");
  window.location.reload();
}
