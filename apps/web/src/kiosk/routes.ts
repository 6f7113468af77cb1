/** The kiosk's pages, by path; anything else under /sheet is not found. */
export type KioskPage = "start" | "sheet" | "signIn" | "disconnected" | "notFound";

export function kioskPageAt(pathname: string): KioskPage {
  const path = pathname.replace(/\/+$/, "");
  if (path === "/sheet") return "start";
  if (path === "/sheet/disconnected") return "disconnected";
  if (/^\/sheet\/[1-9]\d*$/.test(path)) return "sheet";
  if (/^\/sheet\/[1-9]\d*\/sign-in$/.test(path)) return "signIn";
  return "notFound";
}
