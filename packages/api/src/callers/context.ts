import type { Context } from "../kernel/context.ts";
import type { Caller, Identity } from "../kernel/identity.ts";
import { cookieNames, cookieOptions, type CookieOptions } from "../kernel/cookies.ts";
import { echoesXsrfToken } from "../kernel/csrf.ts";
import { checkTabletClaim, resolveIdentity } from "./identity.ts";
import { requestOrigin } from "../kernel/public-address.ts";
import { SESSION_LIFETIME_MS } from "../accounts/sessions.ts";
import type { Services } from "../kernel/services.ts";

/** The slice of an HTTP request the procedures need; Fastify's request fits it. */
export interface RequestLike {
  headers: Record<string, string | string[] | undefined>;
  cookies: Record<string, string | undefined>;
  ip: string;
  /** Path and query as the client sent them (Fastify's originalUrl), for Link headers. */
  originalUrl?: string;
  url: string;
  /** The address the request came to, a trusted proxy's X-Forwarded-Host included (Fastify's). */
  host?: string;
  /** "http" or "https", a trusted proxy's X-Forwarded-Proto included (Fastify's). */
  protocol?: string;
}

/** The slice of an HTTP reply the procedures need; Fastify's reply (with @fastify/cookie) fits it. */
export interface ReplyLike {
  setCookie(name: string, value: string, options: CookieOptions): unknown;
  clearCookie(name: string, options: { path: string }): unknown;
}

/**
 * Every transport's context: the caller is resolved here, once. The raw routes get it checked;
 * the procedure transports (/trpc, /api) ask for a tablet's claim (`tablets: "claim"`), which the
 * procedure builders check, or a tablet's own call in its statement (kernel/trpc.ts).
 */
export async function createContext(
  services: Services,
  req: RequestLike,
  reply: ReplyLike,
): Promise<Context<Identity>>;
export async function createContext(
  services: Services,
  req: RequestLike,
  reply: ReplyLike,
  options: { tablets: "claim" },
): Promise<Context>;
export async function createContext(
  services: Services,
  req: RequestLike,
  reply: ReplyLike,
  options: { tablets: "check" | "claim" } = { tablets: "check" },
): Promise<Context> {
  const authorization =
    typeof req.headers.authorization === "string" ? req.headers.authorization : undefined;
  const source = { authorization, cookies: req.cookies };
  const identity: Caller =
    options.tablets === "claim"
      ? await resolveIdentity(services.db.kysely, source, services.now(), "claim")
      : await resolveIdentity(services.db.kysely, source, services.now());
  let checked: Promise<Identity> | undefined;
  const checkedIdentity = () =>
    (checked ??=
      identity.kind === "tabletClaim"
        ? checkTabletClaim(services.db.kysely, identity, services.now())
        : Promise.resolve(identity));
  const secure = services.config.secureCookies;

  const ctx: Context = {
    services,
    db: services.db.kysely,
    identity,
    checkedIdentity,
    ip: req.ip,
    url: req.originalUrl ?? req.url,
    origin: requestOrigin(
      req.protocol,
      req.host ?? (typeof req.headers.host === "string" ? req.headers.host : undefined),
    ),
    headers: req.headers,
    cookies: req.cookies,
    echoesXsrfToken: () => echoesXsrfToken(req),
    response: { headers: {} },
    setCookie(name, value, kind, maxAgeSeconds) {
      reply.setCookie(name, value, cookieOptions(kind, secure, maxAgeSeconds));
    },
    clearCookie(name) {
      reply.clearCookie(name, { path: "/" });
    },
    startSession(token, expiresAt) {
      const maxAge = Math.floor((expiresAt.getTime() - services.now().getTime()) / 1000);
      ctx.setCookie(cookieNames.session, token, "secret", maxAge);
    },
  };

  if (identity.kind === "user" && identity.via === "session" && identity.sessionRenewal) {
    ctx.setCookie(
      cookieNames.session,
      identity.sessionRenewal.token,
      "secret",
      SESSION_LIFETIME_MS / 1000,
    );
  }
  return ctx;
}
