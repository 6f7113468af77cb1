import { readCookie } from "./cookies";

// The server checks cookie-authenticated unsafe requests for this header, equal to the readable
// XSRF-TOKEN cookie it sets (spec section 9: HTTP defaults).
export function xsrfHeaders(): Record<string, string> {
  const token = readCookie("XSRF-TOKEN");
  return token ? { "X-XSRF-TOKEN": token } : {};
}
