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
