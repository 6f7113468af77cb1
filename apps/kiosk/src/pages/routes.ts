import { disconnectedPath, isDoorPath, isKioskPath, kioskBase } from "@vsi/web-common/addresses";

/** The kiosk's pages, by path (the door's /d/<code> too); anything else under /sheet is not found. */
export type KioskPage = "start" | "sheet" | "signIn" | "disconnected" | "door" | "notFound";

export function kioskPageAt(pathname: string): KioskPage {
  if (isDoorPath(pathname)) return "door";
  if (!isKioskPath(pathname)) return "notFound";
  const path = pathname.replace(/\/+$/, "");
  if (`${path}/` === kioskBase) return "start";
  if (path === disconnectedPath) return "disconnected";
  // Below the base: "12" or "12/sign-in".
  const rest = path.slice(kioskBase.length);
  if (/^[1-9]\d*$/.test(rest)) return "sheet";
  if (/^[1-9]\d*\/sign-in$/.test(rest)) return "signIn";
  return "notFound";
}
