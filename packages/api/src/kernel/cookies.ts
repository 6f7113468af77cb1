export { cookieNames, xsrfHeader } from "./auth-names.ts";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export interface CookieOptions {
  httpOnly: boolean;
  sameSite: "lax";
  secure: boolean;
  path: "/";
  maxAge?: number;
  expires?: Date;
}

export function cookieOptions(
  kind: "secret" | "readable",
  secure: boolean,
  maxAgeSeconds?: number,
): CookieOptions {
  return {
    httpOnly: kind === "secret",
    sameSite: "lax",
    secure,
    path: "/",
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

export const sheetCookieMaxAge = YEAR_SECONDS;

/** A browser keeps its device cookie across logouts: it says the browser, not the session. */
export const deviceCookieMaxAge = YEAR_SECONDS;
