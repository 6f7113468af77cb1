// Where the roll-call screen lives and its service worker: the worker's scope is the screen's
// addresses alone, so it never serves another staff page (nor the kiosk's worker's, at /).

/** Every roll call's screen is under this path; the server answers it with the staff app's page. */
export const rollCallScope = "/dashboard/roll-calls/";

/** The staff app's service worker (vite/rollCallServiceWorker.ts builds it), at the site's root. */
export const rollCallWorkerFile = "roll-call-sw.js";

/** What the screen sends its worker once it has loaded: its entry script and every file it loaded. */
export interface KeepMessage {
  type: "keep";
  entry: string;
  files: string[];
}
