// How long the kiosk waits. A site never changes these; the browser journeys shorten them through
// localStorage so that they need not sit out a real minute.

function setting(name: string, fallback: number): number {
  const value = Number(globalThis.localStorage?.getItem(`vsi.kiosk.${name}`));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** A confirmation stays this long, then the sheet is back for the next visitor. */
export const confirmationMs = () => setting("confirmMs", 3_000);
/** A sign-in form untouched this long clears itself, so one visitor's entry is never shown to the next. */
export const idleMs = () => setting("idleMs", 60_000);
/** A sign-in or sign-out with no answer from the server this long is kept on the tablet and sent later. */
export const sendTimeoutMs = () => setting("sendTimeoutMs", 5_000);
