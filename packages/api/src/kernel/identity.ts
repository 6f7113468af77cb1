import type { User } from "@vsi/db";

/** Who is calling: one of three identities, decided once per request. */
export type Identity =
  /** rejectedToken: a bearer token was sent but is unknown or revoked, which a script must hear about. */
  /** rejectedTablet: a sheet token was sent but its tablet was disconnected (or its location archived). */
  | { kind: "anonymous"; rejectedToken?: true; rejectedTablet?: true }
  | { kind: "tablet"; tabletId: number; locationId: number }
  | {
      kind: "user";
      user: User;
      via: "session";
      sessionId: string;
      /** When the password that started the session was typed: recent enough allows sudo mode. */
      authenticatedAt: Date;
      sessionRenewal?: { token: string; expiresAt: Date };
    }
  | { kind: "user"; user: User; via: "token"; apiTokenId: number };
