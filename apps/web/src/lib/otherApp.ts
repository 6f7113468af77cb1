// The staff app and the kiosk (/sheet/…) are two apps, each with its own page: the staff app's
// router, sent to a kiosk address (a link, the page a login returns to), has already written it
// into the address bar, and loading that address in full hands it over to the kiosk.

/** Loads the current address in full, unless this very document was loaded at it (no loop). */
export function loadOtherApp(): boolean {
  const [loaded] = performance.getEntriesByType("navigation");
  if (loaded && loaded.name === window.location.href) return false;
  window.location.reload();
  return true;
}
