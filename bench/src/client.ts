import { createHash } from "node:crypto";
import { Client, Pool } from "undici";
import { assertLoopback } from "./util.ts";

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One browser or tablet: its own keep-alive connection and its own cookies. */
export class Browser {
  readonly cookies = new Map<string, string>();
  private client: Client | Pool;
  bearer: string | undefined;

  constructor(
    readonly origin: string,
    connections = 1,
  ) {
    assertLoopback(origin);
    const options = { headersTimeout: 15_000, bodyTimeout: 60_000, keepAliveTimeout: 30_000 };
    this.client =
      connections === 1
        ? new Client(origin, options)
        : new Pool(origin, { ...options, connections });
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  /** What a browser sends: cookies, and on unsafe methods the XSRF header echoing the cookie. */
  headersFor(method: string, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { ...extra };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const xsrf = this.cookies.get("XSRF-TOKEN");
    if (xsrf && method !== "GET") headers["x-xsrf-token"] = xsrf;
    return headers;
  }

  private keepCookies(setCookie: string | string[] | undefined) {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair] = line.split(";");
      const eq = pair!.indexOf("=");
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0\b/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const extra: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      extra["content-type"] = "application/json";
    }
    const res = await this.client.request({
      method,
      path,
      headers: this.headersFor(method, extra),
      body,
    });
    const text = await res.body.text();
    this.keepCookies(res.headers["set-cookie"]);
    return { status: res.statusCode, headers: res.headers, text };
  }

  async json<T>(
    method: string,
    path: string,
    options: { json?: unknown; headers?: Record<string, string> } = {},
    expect?: number,
  ): Promise<T> {
    const reply = await this.request(method, path, options);
    if (expect !== undefined ? reply.status !== expect : reply.status >= 400) {
      throw new Error(`${method} ${path}: ${reply.status} ${reply.text.slice(0, 300)}`);
    }
    return (reply.text ? JSON.parse(reply.text) : undefined) as T;
  }

  /** Drops the connection (keeps cookies), e.g. after the server was killed. */
  async reset(): Promise<void> {
    const old = this.client;
    const isPool = old instanceof Pool;
    this.client = isPool
      ? new Pool(this.origin, { connections: 10 })
      : new Client(this.origin, { headersTimeout: 15_000, bodyTimeout: 60_000 });
    await old.destroy().catch(() => {});
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }
}

export const adminEmail = "bench-admin@example.org";
export const adminPassword = "bench-admin-pass-2026";

/** Logs the admin in and makes an API token, so tablet setups need no further logins. */
export async function staffBrowser(origin: string): Promise<Browser> {
  const staff = new Browser(origin, 4);
  await staff.request("GET", "/api/users/me"); // receives XSRF-TOKEN
  await staff.json(
    "POST",
    "/api/auth/login",
    { json: { email: adminEmail, password: adminPassword } },
    200,
  );
  const token = await staff.json<{ token: string }>(
    "POST",
    "/api/tokens",
    { json: { name: `bench ${Date.now()}` } },
    201,
  );
  staff.cookies.clear();
  staff.bearer = token.token;
  return staff;
}

export interface Site {
  locationIds: number[];
  programIds: number[];
}

/** Programs and locations through the admin API (each location offers every program). */
export async function createSite(
  staff: Browser,
  locations: number,
  programs: number,
  prefix: string,
): Promise<Site> {
  const programIds: number[] = [];
  for (let i = 1; i <= programs; i++) {
    const p = await staff.json<{ id: number }>(
      "POST",
      "/api/programs",
      { json: { Name: `${prefix} Program ${i}`, LocationIds: [] } },
      201,
    );
    programIds.push(p.id);
  }
  const locationIds: number[] = [];
  for (let i = 1; i <= locations; i++) {
    const l = await staff.json<{ id: number }>(
      "POST",
      "/api/locations",
      {
        json: {
          Name: `${prefix} Location ${i}`,
          Address: `${i} Bench Street`,
          ProgramIds: programIds,
        },
      },
      201,
    );
    locationIds.push(l.id);
  }
  return { locationIds, programIds };
}

/** GET /api/locations/{id}/setup as staff (API token): this browser becomes that location's tablet. */
export async function setUpTablet(staff: Browser, locationId: number): Promise<Browser> {
  const tablet = new Browser(staff.origin);
  tablet.bearer = staff.bearer;
  const reply = await tablet.request("GET", `/api/locations/${locationId}/setup`);
  tablet.bearer = undefined;
  if (reply.status !== 200)
    throw new Error(`setup ${locationId}: ${reply.status} ${reply.text.slice(0, 200)}`);
  if (!tablet.cookies.get("sheet-token"))
    throw new Error("setup did not set the sheet-token cookie");
  if (!tablet.cookies.get("XSRF-TOKEN"))
    await tablet.request("GET", `/api/locations/${locationId}`);
  return tablet;
}

/** The tablet's sheet token as the server stores it (sha256, hex): pgbench and EXPLAIN run the tablet's statements with it. */
export function sheetTokenHash(tablet: Browser): string {
  const token = tablet.cookies.get("sheet-token");
  if (!token) throw new Error("not a tablet: no sheet-token cookie");
  return createHash("sha256").update(token).digest("hex");
}
