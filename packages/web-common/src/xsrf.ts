import { cookieNames, xsrfHeader } from "@vsi/api/schemas";
import { readCookie } from "./cookies.ts";

// The server checks cookie-authenticated unsafe requests for this header, equal to the readable
// cookie it sets: a page on another site cannot read that cookie.
export function xsrfHeaders(): Record<string, string> {
  const token = readCookie(cookieNames.xsrf);
  return token ? { [xsrfHeader]: token } : {};
}
