import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { MailMessage, Services } from "@vsi/api";
import { createTestUser, type TestUser, type TestUserFields } from "@vsi/api/testing";
import { createBackups } from "@vsi/backups";
import { openTestDb, type DatabaseKind } from "@vsi/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { buildApp, type AppOptions } from "../src/app.ts";
import { createFileMailer } from "../src/mailer.ts";
import { createLocalStorage } from "../src/storage.ts";
import { contract } from "./contract.ts";

export interface TestServer {
  app: Awaited<ReturnType<typeof buildApp>>;
  services: Services;
  /**
   * The server's clock: moved by `offsetMs` (expiry of sessions, reset links), or stopped at
   * `fixed` while it is set (what reads the calendar, e.g. a file named for today).
   */
  clock: { offsetMs: number; fixed?: Date | undefined };
  dataDir: string;
  /** Every statement the server sent to the database, in order (one per round trip). */
  statements: string[];
  mails(): MailMessage[];
  /** A client, optionally calling from its own address (see addresses.ts). */
  client(address?: string): Client;
  /** A user, written straight into the database (@vsi/api/testing). */
  createUser(fields?: Partial<TestUserFields>): Promise<TestUser>;
  close(): Promise<void>;
}

/**
 * A real server on a fresh, migrated database: by default a new database on the PostgreSQL server
 * when DATABASE_URL is set (CI), else in-memory PGlite (see defaultDatabaseKind). Requests go
 * through Fastify's whole stack via inject().
 */
export async function startTestServer(
  options: {
    registrationEnabled?: boolean;
    webDir?: string;
    kioskDir?: string;
    trustProxy?: AppOptions["trustProxy"];
    limits?: AppOptions["limits"];
    /** The embedded database in the data folder, as `npm start` runs it. */
    embeddedOnDisk?: boolean;
    /** The database to run on, when the test is about one (ignored with embeddedOnDisk). */
    database?: DatabaseKind;
    /** The server's log as JSON lines, for a test about what it logs (off otherwise). */
    logger?: AppOptions["logger"];
    /** BASE_URL: http://signin.test unless given; false leaves it unset, as `npm start` does. */
    baseUrl?: string | false;
    /** This machine's addresses on its local networks, as the server would list them. */
    localNetworkAddresses?: string[];
  } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vsi-test-"));
  const statements: string[] = [];
  const { db, databaseUrl, close } = await openTestDb({
    kind: options.embeddedOnDisk ? "pglite" : options.database,
    ...(options.embeddedOnDisk ? { dataDir } : {}),
    onStatement: (sql) => void statements.push(sql),
  });
  const clock: TestServer["clock"] = { offsetMs: 0 };
  const now = () => (clock.fixed ? new Date(clock.fixed) : new Date(Date.now() + clock.offsetMs));
  const services: Services = {
    db,
    mailer: createFileMailer(path.join(dataDir, "mail"), () => undefined),
    storage: createLocalStorage(path.join(dataDir, "files")),
    config: {
      baseUrl: options.baseUrl || "http://signin.test",
      publicUrl: options.baseUrl === false ? undefined : (options.baseUrl ?? "http://signin.test"),
      localNetworkAddresses: () => options.localNetworkAddresses ?? [],
      registrationEnabled: options.registrationEnabled ?? false,
      secret: "test-secret-test-secret-test-secret",
      secureCookies: false,
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
  const app = await buildApp({
    services,
    webDir: options.webDir,
    kioskDir: options.kioskDir,
    trustProxy: options.trustProxy,
    limits: options.limits,
    logger: options.logger,
  });
  await app.ready();

  return {
    app,
    services,
    clock,
    dataDir,
    statements,
    mails() {
      const dir = path.join(dataDir, "mail");
      let files: string[] = [];
      try {
        // Whole messages only: one being written is a .part until renamed.
        files = readdirSync(dir)
          .filter((f) => f.endsWith(".json"))
          .sort();
      } catch {
        return [];
      }
      return files.map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as MailMessage);
    },
    client: (address) => Object.assign(new Client(app), { address }),
    createUser: (fields) => createTestUser(db.kysely, fields),
    async close() {
      await app.close();
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  headers: LightMyRequestResponse["headers"];
  body: string;
  json: any;
  cookies: Array<{
    name: string;
    value: string;
    httpOnly?: boolean;
    sameSite?: string;
    secure?: boolean;
    maxAge?: number;
    path?: string;
  }>;
}

/**
 * A browser-like caller: keeps cookies and echoes XSRF-TOKEN as the web app does. Each answer under
 * /api must be one the OpenAPI document allows (contract.ts).
 */
export class Client {
  readonly jar = new Map<string, string>();
  bearer: string | undefined;
  /** The socket's address, as a caller on another machine has its own. */
  address: string | undefined;
  sendXsrf = true;
  constructor(private readonly app: TestServer["app"]) {}

  async request(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Reply> {
    const cookieHeader = [...this.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const xsrf = this.jar.get("XSRF-TOKEN");
    const res = await this.app.inject({
      method: method as "GET",
      url,
      ...(this.address ? { remoteAddress: this.address } : {}),
      headers: {
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(this.sendXsrf && xsrf ? { "x-xsrf-token": xsrf } : {}),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
        ...(body !== undefined && typeof body !== "string" && !Buffer.isBuffer(body)
          ? { "content-type": "application/json" }
          : {}),
        ...headers,
      },
      ...(body !== undefined
        ? {
            payload:
              typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
          }
        : {}),
    });
    for (const c of res.cookies) {
      if (c.maxAge === 0 || c.value === "" || (c.expires && c.expires.getTime() < Date.now()))
        this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    // Every /api answer as the OpenAPI document describes it, or the test fails here.
    contract().check({
      method,
      url,
      status: res.statusCode,
      contentType: res.headers["content-type"],
      body: res.body,
    });
    let json: unknown;
    try {
      json = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: res.statusCode,
      headers: res.headers,
      body: res.body,
      json,
      cookies: res.cookies,
    };
  }

  /** The status of a GET whose body never ends (an event stream): read once its headers are sent. */
  async statusOfStream(url: string): Promise<number> {
    const res = await this.app.inject({
      method: "GET",
      url,
      payloadAsStream: true,
      headers: {
        cookie: [...this.jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(this.bearer ? { authorization: `Bearer ${this.bearer}` } : {}),
      },
    });
    res.stream().destroy();
    contract().check({
      method: "GET",
      url,
      status: res.statusCode,
      contentType: res.headers["content-type"],
      body: "",
    });
    return res.statusCode;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request("GET", url, undefined, headers);
  }
  post(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("POST", url, body ?? {}, headers);
  }
  patch(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PATCH", url, body ?? {}, headers);
  }
  put(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request("PUT", url, body ?? {}, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request("DELETE", url, undefined, headers);
  }

  /** Gets an XSRF cookie like a browser that loaded a page first. */
  async prime() {
    if (!this.jar.has("XSRF-TOKEN")) await this.get("/healthz");
    return this;
  }

  async login(email: string, password: string) {
    await this.prime();
    const res = await this.post("/api/auth/login", { email, password });
    if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.body}`);
    return res;
  }

  /** A tRPC call as the web app makes it (GET for queries, POST for mutations). */
  async trpc(kind: "query" | "mutation", procedure: string, input?: unknown) {
    if (kind === "query") {
      const qs = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return this.get(`/trpc/${procedure}${qs}`);
    }
    return this.request("POST", `/trpc/${procedure}`, input === undefined ? {} : input, {
      "content-type": "application/json",
    });
  }
}
