// The addresses the server, the staff app and the kiosk agree on: the kiosk is everything under
// /sheet (the tablet at the door, apps/kiosk), the staff app everything else (apps/web). Plain
// JavaScript, so the apps' Vite configs, which Node loads itself, can import it too.

/** Where the kiosk's pages live; /sheet itself is its start page. */
export const kioskBase = "/sheet/";

/** /sheet, /sheet/…, /sheet?…: a pathname, or a path with its query. */
export const kioskPathPattern = new RegExp(`^${kioskBase.slice(0, -1)}(?:[/?#]|$)`);

/** @param {string} path */
export function isKioskPath(path) {
  return kioskPathPattern.test(path);
}

/** Where a poster's QR code sends a visitor's phone: the kiosk's door page, /d/<code>. */
export const doorBase = "/d/";

/** A door's page: /d/<code>, with or without a query. */
export const doorPathPattern = /^\/d\/[A-Za-z0-9_-]+(?:[/?#]|$)/;

/** @param {string} path */
export function isDoorPath(path) {
  return doorPathPattern.test(path);
}

/** A poster's page for a door code. */
export const doorPath = (/** @type {string} */ code) => `${doorBase}${code}`;

/** Whether the kiosk's build answers this address: its sheets, and the door's page. */
export function servedByKiosk(/** @type {string} */ path) {
  return isKioskPath(path) || isDoorPath(path);
}

/** The kiosk build's page for an address it answers: the door's own (door.html) or the tablet's. */
export function kioskPageFile(/** @type {string} */ path) {
  return isDoorPath(path) ? "door.html" : "index.html";
}

/** A location's sheet, where Set Up Tablet sends the tablet. */
export const sheetPath = (/** @type {number} */ locationId) => `${kioskBase}${locationId}`;

/** Where a tablet that staff disconnected says so. */
export const disconnectedPath = `${kioskBase}disconnected`;

/** The staff login, where the kiosk sends a 401 that is not a disconnected tablet. */
export const staffLoginPath = "/login";
