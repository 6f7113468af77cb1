import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
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
import { sql } from "@vsi/db";
import Fastify, { type FastifyReply } from "fastify";
import { docsScript } from "./routes/docs-page.ts";
import {
  defaultConnectionLimits,
  limitConnectionsPerAddress,
  type ConnectionLimits,
} from "./connection-limits.ts";
import { loggerOptions, type LogOptions } from "./logging.ts";
import { registerJsonBodyParser } from "./routes/json-body.ts";
import { registerOpenApi } from "./routes/openapi.ts";
import { registerRawRoutes } from "./routes/raw.ts";
import { registerTrpc } from "./routes/trpc.ts";

/** The kiosk's addresses (/sheet, /sheet/3/sign-in), answered with the web build's kiosk.html. */
const kioskPath = /^\/sheet(?:[/?#]|$)/;

export interface AppOptions {
  services: Services;
  /** The built web app (apps/web/dist); omitted in API-only tests. */
  webDir?: string | undefined;
  /** Off in tests; every line is redacted (logging.ts). */
  logger?: LogOptions | false;
  /** TRUST_PROXY: which proxies may name the client in X-Forwarded-For (none by default). */
  trustProxy?: false | number | string[] | undefined;
  /** Time-outs and the per-address connection cap; tests shorten them. */
  limits?: Partial<ConnectionLimits> | undefined;
}

export async function buildApp({
  services,
  webDir,
  logger = false,
  trustProxy = false,
  limits: limitOptions,
}: AppOptions) {
  const limits = { ...defaultConnectionLimits, ...limitOptions };
  const app = Fastify({
    logger: logger && loggerOptions(logger),
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
  await app.register(helmet, {
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
  await registerRawRoutes(app, services);
  await registerTrpc(app, services);
  registerOpenApi(app, services);

  const hasWeb = !!webDir && existsSync(path.join(webDir, "index.html"));
  const hasKiosk = hasWeb && existsSync(path.join(webDir, "kiosk.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      cacheControl: false,
      // The web build writes .br and .gz beside each file (apps/web/scripts/precompress.mjs).
      preCompressed: true,
      // Hashed chunks (static/js, static/css) never change; index.html and icons must stay fresh.
      setHeaders(res, file) {
        const hashed = path.relative(webDir, file).startsWith(`static${path.sep}`);
        res.setHeader("Cache-Control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isApi = url.startsWith("/api") || url.startsWith("/trpc") || url.startsWith("/files");
    if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
      // Client routes are the web app's, so reloading them works: the kiosk (/sheet/…) is an entry
      // of its own, kept small for tablets; everything else is the staff app.
      const page = hasKiosk && kioskPath.test(url) ? "kiosk.html" : "index.html";
      return reply.header("Cache-Control", "no-cache").sendFile(page);
    }
    throw new HttpError(404, "Not found");
  });

  return app;
}
