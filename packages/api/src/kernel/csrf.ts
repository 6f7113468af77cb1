import { timingSafeEqual } from "node:crypto";
import { forbidden } from "./errors.ts";
import { bearerToken } from "./bearer.ts";
import { cookieNames, xsrfHeader } from "./cookies.ts";
import { say, accessMessages } from "./messages.ts";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

interface CsrfRequest {
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
}

/**
 * Double-submit CSRF check: a request authenticated by a cookie must echo the readable
 * XSRF-TOKEN cookie in X-XSRF-TOKEN. A page on another site cannot read that cookie.
 * Bearer-token requests carry no ambient credentials, so they are exempt.
 */
export function echoesXsrfToken(request: CsrfRequest): boolean {
  if (bearerToken(request.headers.authorization)) return true;
  const usesCookieAuth =
    !!request.cookies[cookieNames.session] || !!request.cookies[cookieNames.sheetToken];
  if (!usesCookieAuth) return true;
  const cookie = request.cookies[cookieNames.xsrf];
  const header = request.headers[xsrfHeader];
  if (!cookie || typeof header !== "string") return false;
  const a = Buffer.from(cookie);
  const b = Buffer.from(header);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Every unsafe method is checked by the transport; the GET calls that change state by their procedure. */
export function passesCsrfCheck(request: CsrfRequest & { method: string }): boolean {
  return safeMethods.has(request.method) || echoesXsrfToken(request);
}

export const csrfRefused = () => forbidden(say(accessMessages.xsrf));
