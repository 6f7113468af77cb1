// The API in process, for its behaviour tests: a fresh, migrated database and the procedures
// called as the transports call them (createContext, then createCaller), each answer turned into
// the status and JSON body a client would get. What only HTTP does (routes, CSRF on unsafe
// methods, headers, streams) is tested in apps/server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createBackups } from "@vsi/backups";
import { openTestDb, type DatabaseKind } from "@vsi/db/testing";
import { afterAll, beforeAll } from "vitest";
import { englishOf, messageTemplates, type MessageKey } from "../src/schemas.ts";
import {
  cookieNames,
  createCaller,
  createContext,
  describeError,
  errorBody,
  type MailMessage,
  type Services,
} from "../src/index.ts";
import type { CookieOptions } from "../src/kernel/cookies.ts";
import type { RateLimits } from "../src/kernel/rate-limit.ts";
import { createTestUser, type TestUser, type TestUserFields } from "./users.ts";

/** The procedures as one caller sees them. */
export type Api = ReturnType<typeof createCaller>;

export interface Reply {
  status: number;
  /** The body as JSON carries it (dates as strings); an error's is {status, message, errors?}. */
  json: any;
  /** What the procedure set on the response (Link, X-Total-Count, Retry-After…). */
  headers: Record<string, string>;
  /** The cookies it set, as a browser keeps them. */
  cookies: Array<{ name: string; value: string } & Partial<CookieOptions>>;
}

export interface World {
  services: Services;
  /**
   * The API's clock: moved by `offsetMs` (expiry of sessions, reset links), or stopped at `fixed`
   * while it is set (what reads the calendar).
   */
  clock: { offsetMs: number; fixed?: Date | undefined };
  /** Every statement sent to the database, in order (one per round trip). */
  statements: string[];
  /** Every e-mail sent, oldest first. */
  mails: MailMessage[];
  /** A browser-like caller, optionally from its own address. */
  client(address?: string): Client;
  /** A user, written straight into the database (test/users.ts). */
  createUser(fields?: Partial<TestUserFields>): Promise<TestUser>;
  close(): Promise<void>;
}

/** The API on a fresh database of the run's kind (or the one named). */
export async function startWorld(
  options: {
    registrationEnabled?: boolean;
    database?: DatabaseKind;
    /** false: as with no mail server, messages are kept but nobody receives them. */
    mailDelivers?: boolean;
    /** BASE_URL as set; unset, links follow the address staff use (http://signin.test by default). */
    publicUrl?: string;
    /** Budgets other than the server's, for a test that spends one in a few calls. */
    rateLimits?: RateLimits;
  } = {},
): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-api-test-"));
  const statements: string[] = [];
  const { db, databaseUrl, close } = await openTestDb({
    kind: options.database,
    onStatement: (sql) => void statements.push(sql),
  });
  const clock: World["clock"] = { offsetMs: 0 };
  const now = () => (clock.fixed ? new Date(clock.fixed) : new Date(Date.now() + clock.offsetMs));
  const mails: MailMessage[] = [];
  const files = new Map<string, Buffer>();
  const services: Services = {
    db,
    // Mail and files kept in memory: what the API hands them is what a test reads.
    mailer: {
      send: (message) => Promise.resolve(void mails.push(message)),
      delivers: options.mailDelivers ?? true,
    },
    storage: {
      put: (key, body) => Promise.resolve(void files.set(key, body)),
      get: (key) => Promise.resolve(files.has(key) ? Readable.from([files.get(key)!]) : undefined),
      delete: (key) => Promise.resolve(void files.delete(key)),
    },
    config: {
      baseUrl: "http://signin.test",
      publicUrl: options.publicUrl,
      registrationEnabled: options.registrationEnabled ?? false,
      secret: "test-secret-test-secret-test-secret",
      secureCookies: false,
      rateLimits: options.rateLimits,
    },
    backups: createBackups({
      db,
      dataDir,
      databaseUrl,
      now,
      log: { info: () => undefined, error: () => undefined },
    }),
    now,
  };

  const world: World = {
    services,
    clock,
    statements,
    mails,
    client: (address) => new Client(services, address),
    createUser: (fields) => createTestUser(db.kysely, fields),
    async close() {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
      // Every sentence the tests heard, in kernel/messages.ts by its key: the staff app can say it in Spanish.
      const unknown = [...unknownMessages];
      unknownMessages.clear();
      if (unknown.length > 0)
        throw new Error(`messages missing from kernel/messages.ts: ${unknown.join(" | ")}`);
    },
  };
  return world;
}

/**
 * A browser-like caller: keeps the cookies the API sets and echoes XSRF-TOKEN as the web app
 * does; or a script with a bearer token.
 */
export class Client {
  readonly jar = new Map<string, string>();
  bearer: string | undefined;
  /** Whether calls echo the XSRF-TOKEN cookie in X-XSRF-TOKEN, as the web app does. */
  sendXsrf = true;

  constructor(
    private readonly services: Services,
    /** The caller's address, as a caller on another machine has its own (a laptop changes it). */
    public address = "127.0.0.1",
  ) {
    // The cookie a browser gets with the first page it loads.
    this.jar.set(cookieNames.xsrf, randomBytes(16).toString("base64url"));
  }

  /**
   * One request: a context made for it as the transports make it, the procedure called, and its
   * answer or error as the client would get it. `url` is the request's path and query.
   */
  async call<T>(
    procedure: (api: Api) => Promise<T>,
    request: { headers?: Record<string, string>; url?: string } = {},
  ): Promise<Reply> {
    const cookies = Object.fromEntries(this.jar);
    const headers: Record<string, string> = {
      ...(this.sendXsrf && this.jar.has(cookieNames.xsrf)
        ? { "x-xsrf-token": this.jar.get(cookieNames.xsrf)! }
        : {}),
      ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
      ...request.headers,
    };
    const set: Reply["cookies"] = [];
    // One cookie a name, the last one set (a clear then a new session), as the server sends them.
    const keep = (cookie: Reply["cookies"][number]) => {
      const earlier = set.findIndex((c) => c.name === cookie.name);
      if (earlier === -1) set.push(cookie);
      else set[earlier] = cookie;
    };
    const reply = {
      setCookie: (name: string, value: string, options: CookieOptions) =>
        keep({ name, value, ...options }),
      clearCookie: (name: string) => keep({ name, value: "", maxAge: 0 }),
    };
    const url = request.url ?? "/";
    let status: number;
    let body: unknown;
    let replyHeaders: Record<string, string>;
    try {
      const ctx = await createContext(
        this.services,
        { headers, cookies, ip: this.address, url, originalUrl: url },
        reply,
        { tablets: "claim" },
      );
      body = await procedure(createCaller(ctx));
      status = ctx.response.status ?? 200;
      replyHeaders = ctx.response.headers;
    } catch (error) {
      const described = describeError(error);
      status = described.status;
      body = errorBody(described);
      for (const message of [described, ...(described.errors ?? [])])
        if (!knownMessage(message)) unknownMessages.add(message.message);
      replyHeaders = described.headers ?? {};
    }
    for (const cookie of set) {
      if (cookie.maxAge === 0 || cookie.value === "") this.jar.delete(cookie.name);
      else this.jar.set(cookie.name, cookie.value);
    }
    const json = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    return { status, json, headers: replyHeaders, cookies: set };
  }

  async login(email: string, password: string) {
    const res = await this.call((api) => api.auth.login({ email, password }));
    if (res.status !== 200)
      throw new Error(`login failed: ${res.status} ${JSON.stringify(res.json)}`);
    return res;
  }
}

// Zod's own words for input of the wrong type or outside a list, which no form sends.
const zodsOwnWords = /^(Invalid input|Invalid option|Too small|Too big)\b/;
/**
 * Whether a message is one of kernel/messages.ts, its key's sentence with its values (so the
 * staff app and the kiosk can say it by its key in their reader's language); zod's own words go
 * as invalidInput's.
 */
const knownMessage = ({
  message,
  key,
  values,
}: {
  message: string;
  key: string;
  values: object;
}) =>
  key === "invalidInput"
    ? zodsOwnWords.test(message)
    : key in messageTemplates &&
      key !== "requestRefused" &&
      englishOf(key as MessageKey, values as Record<string, string>) === message;
const unknownMessages = new Set<string>();

/** A test file's world, started before its tests and closed after them. */
export function useWorld(options?: Parameters<typeof startWorld>[0]): { current: World } {
  const holder = {} as { current: World };
  beforeAll(async () => {
    holder.current = await startWorld(options);
  });
  afterAll(() => holder.current.close());
  return holder;
}
