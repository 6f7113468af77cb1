import { randomBytes, randomInt } from "node:crypto";
import { request, type APIRequestContext, type BrowserContext } from "@playwright/test";

/** A JSON body read back from the API: the journeys check its fields, typing each would say nothing. */
export type Json = any;

export interface ApiReply {
  status: number;
  headers: Record<string, string>;
  json: Json;
  text: string;
}

// A pooled connection may be closed by the server's keep-alive time-out just as a call reuses it,
// which resets the call; browsers retry such a call, Playwright's request context does not.
export const freshConnection = { connection: "close" };

/**
 * Calls the REST API the way the web app does: with the context's cookies, echoing the readable
 * XSRF-TOKEN cookie in X-XSRF-TOKEN on every request (the GET calls that change state need it too). Wraps either a standalone request context
 * or a browser context's `request` (which shares the browser's cookies).
 */
export class Api {
  constructor(readonly ctx: APIRequestContext) {}

  static async create(baseURL: string): Promise<Api> {
    return new Api(await request.newContext({ baseURL }));
  }

  static of(context: BrowserContext): Api {
    return new Api(context.request);
  }

  async xsrfToken(): Promise<string> {
    const find = async () =>
      (await this.ctx.storageState()).cookies.find((c) => c.name === "XSRF-TOKEN")?.value;
    let token = await find();
    if (!token) {
      await this.ctx.get("/healthz", { headers: freshConnection });
      token = await find();
    }
    if (!token) throw new Error("the server handed out no XSRF-TOKEN cookie");
    return token;
  }

  async call(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    data?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiReply> {
    const response = await this.ctx.fetch(url, {
      method,
      headers: {
        accept: "application/json",
        ...freshConnection,
        "X-XSRF-TOKEN": await this.xsrfToken(),
        ...headers,
      },
      ...(data !== undefined ? { data } : {}),
    });
    const text = await response.text();
    let json: Json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status(), headers: response.headers(), json, text };
  }

  get(url: string, headers?: Record<string, string>) {
    return this.call("GET", url, undefined, headers);
  }
  post(url: string, data: unknown = {}, headers?: Record<string, string>) {
    return this.call("POST", url, data, headers);
  }
  patch(url: string, data: unknown = {}, headers?: Record<string, string>) {
    return this.call("PATCH", url, data, headers);
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.call("DELETE", url, undefined, headers);
  }

  /** A call that must succeed with the given status; returns the JSON body. */
  async expect(
    status: number,
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    data?: unknown,
  ): Promise<Json> {
    const reply = await this.call(method, url, data);
    if (reply.status !== status)
      throw new Error(`${method} ${url}: expected ${status}, got ${reply.status} ${reply.text}`);
    return reply.json;
  }

  async login(email: string, password: string): Promise<Json> {
    return this.expect(200, "POST", "/api/auth/login", { email, password });
  }

  async dispose(): Promise<void> {
    await this.ctx.dispose();
  }
}

/** A short suffix that keeps names of one test apart from every other test's (and run's). */
export function unique(): string {
  return randomBytes(3).toString("hex");
}

/**
 * A phone number no other test uses: a door remembers a number's first visit (whose phone then
 * proves it), so a test that counts on being first needs a number of its own.
 */
export function uniquePhone(): string {
  return `62855${String(randomInt(100_000)).padStart(5, "0")}`;
}

export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export async function createProgram(
  admin: Api,
  Name: string,
): Promise<{ id: number; Name: string }> {
  return admin.expect(201, "POST", "/api/programs", { Name, LocationIds: [] });
}

export async function createLocation(
  admin: Api,
  Name: string,
  Address: string,
  ProgramIds: number[],
): Promise<{ id: number; Name: string; Address: string }> {
  // The journeys were written for sites that ask temperatures (a new one asks none).
  return admin.expect(201, "POST", "/api/locations", {
    Name,
    Address,
    ProgramIds,
    AsksTemperature: true,
  });
}

/** How long a location's kiosk waits, in seconds (the bounds are the API's). */
export interface KioskTimings {
  IdleResetSeconds?: number;
  ConfirmationSeconds?: number;
  SendTimeoutSeconds?: number;
}

/** Sets a location's kiosk timings as an admin does, before its tablet opens the sheet. */
export async function setKioskTimings(
  admin: Api,
  locationId: number,
  timings: KioskTimings,
): Promise<void> {
  await admin.expect(200, "PATCH", `/api/locations/${locationId}`, timings);
}

/** The longest confirmation an admin may set: a journey's checks of it are never cut short. */
export const lingeringConfirmation: KioskTimings = { ConfirmationSeconds: 30 };

/** A location with its own programs, all uniquely named, in the given tab order. */
export async function createSite(admin: Api, label: string, programNames: string[]) {
  const tag = unique();
  const programs: Array<{ id: number; Name: string }> = [];
  for (const name of programNames) programs.push(await createProgram(admin, `${name} ${tag}`));
  const location = await createLocation(
    admin,
    `${label} ${tag}`,
    `${tag} Main St`,
    programs.map((p) => p.id),
  );
  return { location, programs, tag };
}

export type Site = Awaited<ReturnType<typeof createSite>>;

/** A visitor signed in through the API, as a script would, at a normal temperature. */
export async function signInVisitor(
  api: Api,
  visit: {
    LocationId: number;
    ProgramId: number;
    FirstName: string;
    LastName: string;
    PhoneNumber: string;
  },
): Promise<void> {
  await api.expect(201, "POST", "/api/visits", { ...visit, Temperature: "98.4" });
}

/**
 * A new user as the product makes them: the admin invites, the invitee accepts (in a request
 * context of their own, since accepting logs in). Admins are promoted by the admin afterwards.
 */
export async function createUser(
  admin: Api,
  baseURL: string,
  options: { isAdmin?: boolean; firstName?: string } = {},
): Promise<Person> {
  const tag = unique();
  const firstName = options.firstName ?? `Sam${tag}`;
  const lastName = `Staff${tag}`;
  const email = `staff-${tag}@example.org`;
  const password = `pass-${tag}-1`;
  const invite = await admin.expect(201, "POST", "/api/invites", {
    firstName,
    lastName,
    email,
    message: "",
  });
  const invitee = await Api.create(baseURL);
  try {
    const user = await invitee.expect(201, "POST", `/api/invites/${invite.id}/accept`, {
      firstName,
      lastName,
      email,
      password,
    });
    if (options.isAdmin)
      await admin.expect(200, "PATCH", `/api/users/${user.id}`, {
        firstName,
        lastName,
        email,
        isAdmin: true,
      });
    return { id: user.id, firstName, lastName, email, password };
  } finally {
    await invitee.dispose();
  }
}

/** Logs a browser context in through the API (its cookies then hold the session). */
export async function logInContext(
  context: BrowserContext,
  person: { email: string; password: string },
): Promise<void> {
  await Api.of(context).login(person.email, person.password);
}

/** Turns a browser context into a location's tablet, as Set Up Tablet does: staff logs in, then the setup call. */
export async function setUpTabletContext(
  context: BrowserContext,
  staff: { email: string; password: string },
  locationId: number,
): Promise<void> {
  const api = Api.of(context);
  await api.login(staff.email, staff.password);
  await api.expect(200, "GET", `/api/locations/${locationId}/setup`);
}
