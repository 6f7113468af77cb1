import { say, accessMessages, accountMessages } from "./messages.ts";
/** Names the server and the web app share: cookies, headers, and messages the forms show. */

export const cookieNames = {
  session: "session",
  sheetId: "sheet-id",
  sheetToken: "sheet-token",
  xsrf: "XSRF-TOKEN",
  /** A browser that has logged in to an account before (signed; see accounts/device-cookies.ts). */
  device: "device",
} as const;

/** Unsafe requests authenticated by a cookie echo the XSRF-TOKEN cookie in this header. */
export const xsrfHeader = "x-xsrf-token";

/** One answer for an unknown email and a wrong password, so neither can be told apart. */
export const invalidLoginMessage = say(accountMessages.invalidLogin);

/** The 401 a disconnected tablet gets; its page shows a screen of its own for it, not a login form. */
export const tabletDisconnectedMessage = say(accessMessages.tabletDisconnected);

/** How long after logging in a browser may change its own email or password without the current one. */
export const sudoWindowMinutes = 10;

/** The 403 of a change to one's own email or password once the login is older than a few minutes. */
export const reauthenticateMessage = say(accountMessages.reauthenticate);

/** The 422 on currentPassword. */
export const wrongCurrentPasswordMessage = say(accountMessages.wrongCurrentPassword);
