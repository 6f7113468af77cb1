import { disconnectedPath, isKioskPath, kioskBase } from "@vsi/web-common/addresses";

/**
 * The tablet's pages, by path; anything else under /sheet is not found. (The door's /d/<code> is
 * another entry, door.html.)
 */
export type KioskPage = "start" | "sheet" | "signIn" | "disconnected" | "notFound";

export function kioskPageAt(pathname: string): KioskPage {
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
