import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import cookie from "@fastify/cookie";
import fastifyStatic from "@fastify/static";
import helmet from "helmet";
import {
  cookieNames,
  cookieOptions,
  csrfRefused,
  describeError,
  errorBody,
  HttpError,
  passesCsrfCheck,
  type Services,
} from "@vsi/api";
import { requestMessages, say } from "@vsi/api/schemas";
import { sql, type Db } from "@vsi/db";
import { kioskPageFile, servedByKiosk } from "@vsi/web-common/addresses";
import Fastify, { type FastifyReply } from "fastify";
import { docsScript } from "./routes/docs-page.ts";
import {
  defaultConnectionLimits,
  limitConnectionsPerAddress,
  type ConnectionLimits,
} from "./connection-limits.ts";
import { fastifyLogging, type LogOptions } from "./logging.ts";
import { registerJsonBodyParser } from "./routes/json-body.ts";
import { registerOpenApi } from "./routes/openapi.ts";
import { registerRawRoutes } from "./routes/raw.ts";
import { registerTrpc } from "./routes/trpc.ts";

export interface AppOptions {
  services: Services;
  /** The staff app's build (apps/web/dist); omitted in API-only tests. */
  webDir?: string | undefined;
  /** The kiosk's build (apps/kiosk/dist), served beside the staff app's. */
  kioskDir?: string | undefined;
  /** Off in tests; every line is redacted (logging.ts). */
  logger?: LogOptions | false;
  /** TRUST_PROXY: which proxies may name the client in X-Forwarded-For (none by default). */
  trustProxy?: false | number | string[] | undefined;
  /** Time-outs and the per-address connection cap; tests shorten them. */
  limits?: Partial<ConnectionLimits> | undefined;
  /** What the live streams read from, when not `services.db` (main.ts: connections of their own). */
  liveDb?: Db | undefined;
}

export async function buildApp({
  services,
  webDir,
  kioskDir,
  logger = false,
  trustProxy = false,
  limits: limitOptions,
  liveDb,
}: AppOptions) {
  const limits = { ...defaultConnectionLimits, ...limitOptions };
  const app = Fastify({
    ...(logger ? fastifyLogging(logger) : { logger: false }),
    // A hop count as the function proxy-addr makes of one (Fastify's types only take the function).
    trustProxy:
      typeof trustProxy === "number"
        ? (_address: string, hop: number) => hop < trustProxy
        : trustProxy,
    // Raw upload bodies are read by their own route; JSON bodies are small.
    bodyLimit: 1024 * 1024,
    // A path parameter of any length reaches its procedure, whose schema says what is wrong (422),
    // rather than the router answering 414; a request's head is capped at 16 KB anyway.
    routerOptions: { maxParamLength: 16 * 1024 },
    // A path that is not valid percent-encoding fails before any route: the same body as any error.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const described = describeError(error);
      void reply.code(described.status).send(errorBody(described));
    },
    // Requests still running at shutdown finish; idle keep-alive sockets close at once.
    forceCloseConnections: "idle",
    // Slow or silent clients (a body or headers sent a byte at a time, or nothing) and idle
    // keep-alive sockets cannot hold a connection for long.
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  });

  limitConnectionsPerAddress(app, limits);
  registerJsonBodyParser(app);
  await app.register(cookie);
  // Helmet's headers, its middleware built once (a plugin would build it again on every request),
  // set on the raw response, which Fastify sends with its own headers.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes style attributes and a <style> for its CSS variables.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: services.config.secureCookies,
  });
  // One hook, not async: it runs before every request.
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => undefined);
    // Hand every browser a readable XSRF-TOKEN to echo back (the CSRF check in kernel/csrf.ts of @vsi/api).
    if (!request.cookies[cookieNames.xsrf]) {
      const token = randomBytes(24).toString("base64url");
      request.cookies[cookieNames.xsrf] = token;
      reply.setCookie(
        cookieNames.xsrf,
        token,
        cookieOptions("readable", services.config.secureCookies),
      );
    }
    const url = request.url;
    if ((url.startsWith("/api/") || url.startsWith("/trpc/")) && !passesCsrfCheck(request)) {
      done(csrfRefused());
      return;
    }
    done();
  });

  // Every transport's errors end here: hooks, raw routes, /api procedures and Fastify's own.
  app.setErrorHandler((error, request, reply) => {
    const described = describeError(error);
    if (described.status >= 500)
      request.log.error({ err: (error as { cause?: unknown }).cause ?? error }, "request failed");
    if (described.headers) void reply.headers(described.headers);
    return reply.code(described.status).send(errorBody(described));
  });

  app.get("/healthz", async (_request, reply) => {
    try {
      await sql`select 1`.execute(services.db.kysely);
      return { status: "ok", database: "up" };
    } catch {
      return reply.code(503).send({ status: "error", database: "down" });
    }
  });

  app.get("/api/docs/docs.js", async (_request, reply) =>
    reply.type("text/javascript").send(docsScript),
  );
  await registerRawRoutes(app, services, liveDb);
  await registerTrpc(app, services);
  registerOpenApi(app, services);

  // Two builds, each with its own index.html: the staff app's and the kiosk's.
  const staff = webDir && existsSync(path.join(webDir, "index.html")) ? webDir : undefined;
  const kiosk = kioskDir && existsSync(path.join(kioskDir, "index.html")) ? kioskDir : undefined;
  const roots = [staff, kiosk].filter((root) => root !== undefined);
  if (roots.length > 0) {
    // Both builds' files at the site's root (the kiosk's /sw.js among them; hashed names under
    // static/ never collide); where both have a file (the icons, index.html), the staff app's.
    await app.register(fastifyStatic, {
      root: roots,
      wildcard: false,
      cacheControl: false,
      // Each build writes .br and .gz beside its files (precompressed() in @vsi/web-common/vite).
      preCompressed: true,
      // Hashed chunks (static/js, static/media) never change; pages and icons must stay fresh.
      setHeaders(res, file) {
        const hashed = roots.some((root) =>
          path.relative(root, file).startsWith(`static${path.sep}`),
        );
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith("/api") || url.startsWith("/trpc") || url.startsWith("/files");
    // Client routes are the apps', so reloading them works: the kiosk's (/sheet/…, and the door's
    // /d/<code> for visitors' phones), kept small, and the staff app's, everything else.
    const root = servedByKiosk(url) ? kiosk : staff;
    if (!isApi && root && (request.method === "GET" || request.method === "HEAD"))
      return reply
        .header("Cache-Control", "no-cache")
        .sendFile(root === kiosk ? kioskPageFile(url) : "index.html", root);
    throw new HttpError(404, say(requestMessages.routeNotFound));
  });

  return app;
}
