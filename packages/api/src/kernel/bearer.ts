/**
 * The token of an `Authorization: Bearer <token>` header. The one reading of that header: the
 * identity parser and the CSRF exemption both use it, so "Bearer a b" is neither.
 */
export function bearerToken(authorization: string | string[] | undefined): string | undefined {
  if (typeof authorization !== "string") return undefined;
  return authorization.match(/^bearer\s+(\S+)$/i)?.[1];
}
