import type { LocationRole, User } from "@vsi/db";

export type { LocationRole };

/**
 * Which locations a person holds, resolved with who they are, once per request
 * (callers/identity.ts, by kernel/permissions.ts's locationAccess): a network admin holds every
 * location as its admin; staff of every location hold each as staff, later ones included; a role
 * named at a location is theirs there over that.
 */
export interface LocationAccess {
  /** The role held at every location, later ones included; null: the named locations alone. */
  every: LocationRole | null;
  /** Roles at named locations, over `every`'s. */
  roles: ReadonlyMap<number, LocationRole>;
}

/** Who is calling: one of three identities, decided once per request. */
export type Identity =
  /** rejectedToken: a bearer token was sent but is unknown or revoked, which a script must hear about. */
  /** rejectedTablet: a sheet token was sent but its tablet was disconnected (or its location archived). */
  | { kind: "anonymous"; rejectedToken?: true; rejectedTablet?: true }
  | { kind: "tablet"; tabletId: number; locationId: number; tokenHash: string }
  | {
      kind: "user";
      user: User;
      access: LocationAccess;
      via: "session";
      sessionId: string;
      /** When the password that started the session was typed: recent enough allows sudo mode. */
      authenticatedAt: Date;
      sessionRenewal?: { token: string; expiresAt: Date };
    }
  /** An API token acts with its owner's locations. */
  | { kind: "user"; user: User; access: LocationAccess; via: "token"; apiTokenId: number };

/**
 * A tablet's cookie as the procedure transports (/trpc, /api) pass it on, unchecked: a tablet's own
 * calls (its sheet, sign-in, sign-out) check it in the statement that does their work, one round
 * trip; every other procedure has it checked first (kernel/trpc.ts). Nothing else ever sees it.
 */
export interface TabletClaim {
  kind: "tabletClaim";
  tokenHash: string;
}

/** Who a procedure's request says it is: a checked identity, or a tablet's claim. */
export type Caller = Identity | TabletClaim;
