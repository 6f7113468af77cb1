/** Names the server and the web app share: cookies, headers, and messages the forms show. */

export const cookieNames = {
  session: "session",
  sheetId: "sheet-id",
  sheetToken: "sheet-token",
  xsrf: "XSRF-TOKEN",
} as const;

/** Unsafe requests authenticated by a cookie echo the XSRF-TOKEN cookie in this header. */
export const xsrfHeader = "x-xsrf-token";

/** One answer for an unknown email and a wrong password, so neither can be told apart. */
export const invalidLoginMessage = "Invalid email and/or password.";

/** The 401 a disconnected tablet gets; its page shows a screen of its own for it, not a login form. */
export const tabletDisconnectedMessage = "This tablet was disconnected";
