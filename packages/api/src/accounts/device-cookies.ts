import { generateToken, sign, verifySigned } from "../kernel/tokens.ts";

// OWASP's device cookies: a browser that logged in to an account carries a signed cookie naming
// the account and a nonce of its own, so its login attempts are limited per cookie, apart from
// every stranger's guesses at that email (see login-attempts.ts).

/** A new device cookie's value for the user: a fresh nonce, signed with the server's secret. */
export function newDeviceCookie(secret: string, userId: number): string {
  return sign(secret, `device-${userId}-${generateToken()}`);
}

/** The nonce of a genuine device cookie for this user; undefined for anything else. */
export function deviceNonce(
  secret: string,
  value: string | undefined,
  userId: number | undefined,
): string | undefined {
  if (!value || userId === undefined) return undefined;
  const match = verifySigned(secret, value)?.match(/^device-(\d+)-([a-z2-7]+)$/);
  return match && Number(match[1]) === userId ? match[2] : undefined;
}
