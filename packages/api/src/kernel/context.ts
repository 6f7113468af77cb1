import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import type { Caller, Identity } from "./identity.ts";
import type { Services } from "./services.ts";

/**
 * What every procedure is given: built once per request by createContext (callers/context.ts).
 * The raw routes' identity is checked (Identity); the procedures' may be a tablet's claim (Caller).
 */
export interface Context<I extends Caller = Caller> {
  services: Services;
  db: Kysely<Database>;
  /** Who is calling, resolved once for the whole request (callers/identity.ts). */
  identity: I;
  /** The identity with a tablet's claim checked (one statement, at most once per request). */
  checkedIdentity(): Promise<Identity>;
  ip: string;
  /** Path and query of the request as the client sent it. */
  url: string;
  /** `protocol://host` the request came to (its Host, or a trusted proxy's), when well formed. */
  origin: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  /** Whether the request passes the CSRF check an unsafe method gets (for the GETs that change state). */
  echoesXsrfToken(): boolean;
  /** What a procedure wants the REST response to carry: 201, 204, Link, X-Total-Count. */
  response: { status?: number; headers: Record<string, string> };
  setCookie(name: string, value: string, kind: "secret" | "readable", maxAgeSeconds?: number): void;
  clearCookie(name: string): void;
  /** Starts a browser session for the user (login, invite acceptance, registration). */
  startSession(token: string, expiresAt: Date): void;
}
