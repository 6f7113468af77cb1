import { cookieNames, xsrfHeader } from "@vsi/api/schemas";
import { Client } from "undici";
import { assertLoopback } from "./util.ts";

type Options = { json?: unknown; headers?: Record<string, string> };

/** One browser or tablet: its own keep-alive connection and its own cookies. */
export class Browser {
  readonly cookies = new Map<string, string>();
  private client: Client;
  bearer: string | undefined;

  constructor(
    readonly origin: string,
    /** The loopback address it connects from: a site's own (its NAT's), or a phone's. */
    readonly localAddress?: string,
  ) {
    this.client = this.connect();
  }

  private connect() {
    return new Client(assertLoopback(this.origin), {
      headersTimeout: 15_000,
      bodyTimeout: 60_000,
      ...(this.localAddress ? { localAddress: this.localAddress } : {}),
    });
  }

  /** What a browser sends: cookies, and on unsafe methods the XSRF header echoing its cookie. */
  headersFor(method: string, extra: Record<string, string> = {}): Record<string, string> {
    const headers = { ...extra };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.bearer) headers.authorization = `Bearer ${this.bearer}`;
    const xsrf = this.cookies.get(cookieNames.xsrf);
    if (xsrf && method !== "GET") headers[xsrfHeader] = xsrf;
    return headers;
  }

  async request(method: string, path: string, options: Options = {}) {
    const extra = { ...options.headers };
    if (options.json !== undefined) extra["content-type"] = "application/json";
    const res = await this.client.request({
      method,
      path,
      headers: this.headersFor(method, extra),
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    });
    const text = await res.body.text();
    const setCookie = res.headers["set-cookie"] ?? [];
    for (const line of Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [, name, value] = /^([^=;]+)=([^;]*)/.exec(line) ?? [];
      if (!name) continue;
      if (!value || /max-age=0\b|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: res.statusCode, text };
  }

  async json<T>(method: string, path: string, expect: number, options: Options = {}): Promise<T> {
    const reply = await this.request(method, path, options);
    if (reply.status !== expect)
      throw new Error(`${method} ${path}: ${reply.status} ${reply.text.slice(0, 300)}`);
    return (reply.text ? JSON.parse(reply.text) : undefined) as T;
  }

  /** A new connection, cookies kept (after the server went away). */
  async reset(): Promise<void> {
    const old = this.client;
    this.client = this.connect();
    await old.destroy().catch(() => {});
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => {});
  }
}

export const admin = { email: "bench-admin@example.org", password: "bench-admin-pass-2026" };

/** The admin logged in once, then an API token for everything staff does in the bench. */
export async function staffBrowser(origin: string): Promise<Browser> {
  const staff = new Browser(origin);
  await staff.request("GET", "/api/users/me"); // the XSRF cookie
  await staff.json("POST", "/api/auth/login", 200, { json: admin });
  const { token } = await staff.json<{ token: string }>("POST", "/api/tokens", 201, {
    json: { name: `bench ${Date.now()}` },
  });
  staff.cookies.clear();
  staff.bearer = token;
  return staff;
}

/** A location's tablet, on a program's sheet. */
export interface Tablet {
  index: number;
  browser: Browser;
  locationId: number;
  programId: number;
  /** What each of its sign-ins answers: the site's questions. */
  answers: SiteAnswers;
}

/** A sign-in's answers by question id; empty on a build that asks none. */
export type SiteAnswers = Record<string, string | number | boolean>;

export interface Site {
  locationIds: number[];
  programIds: number[];
  /** Its questions (asked by each of those programs at every visit) and the answers each sign-in gives. */
  questions: Array<{ id: number; Kind: string; Choices: Array<{ id: string }> }>;
  answers: SiteAnswers;
  /** A program of the first location that asks nothing: a sign-in as bare as the kiosk sends one. */
  walkInProgramId: number;
}

// Five questions of the kinds a funder's figures count (a number, a ZIP code, a choice, a date
// counted in age bands, a consent), answered at every sign-in, as the kiosk sends them.
const siteQuestions = [
  { Kind: "number", Label: { en: "People in your household" }, Min: 1, Max: 20 },
  { Kind: "zip", Label: { en: "ZIP code" } },
  {
    Kind: "choice",
    Label: { en: "Preferred language" },
    Choices: ["English", "Spanish", "Chinese"].map((en) => ({ Label: { en } })),
  },
  { Kind: "date", Label: { en: "Date of birth" } },
  { Kind: "consent", Label: { en: "I agree to the program's rules." }, Required: true },
];

/** The answers one sign-in gives to the site's questions. */
function answersTo(questions: Site["questions"]): SiteAnswers {
  const value = (question: Site["questions"][number]) =>
    ({ number: 3, zip: "94110", date: "1980-05-01", consent: true })[question.Kind] ??
    question.Choices[0]!.id;
  return Object.fromEntries(questions.map((question) => [question.id, value(question)]));
}

/**
 * Programs and locations through the admin API, each location offering every program and asking
 * the site's questions; then a walk-in program at the first location, which asks none.
 */
export async function createSite(staff: Browser, locations: number, programs: number) {
  const create = async (path: string, json: object) =>
    (await staff.json<{ id: number }>("POST", path, 201, { json })).id;
  const name = (kind: string, i: number) => `${kind} ${Date.now().toString(36)} ${i}`;
  const site: Site = {
    locationIds: [],
    programIds: [],
    questions: [],
    answers: {},
    walkInProgramId: 0,
  };
  for (let i = 1; i <= programs; i++)
    site.programIds.push(
      await create("/api/programs", { Name: name("Program", i), LocationIds: [] }),
    );
  for (let i = 1; i <= locations; i++) {
    const json = {
      Name: name("Location", i),
      Address: `${i} Bench St`,
      ProgramIds: site.programIds,
    };
    site.locationIds.push(await create("/api/locations", json));
  }
  for (const question of siteQuestions) {
    // A build from before intake questions has no such call: its sign-ins answer nothing.
    const reply = await staff.request("POST", "/api/questions", {
      json: { ...question, ProgramIds: site.programIds },
    });
    if (reply.status === 404) break;
    if (reply.status !== 201) throw new Error(`POST /api/questions: ${reply.status} ${reply.text}`);
    site.questions.push(JSON.parse(reply.text) as Site["questions"][number]);
  }
  site.answers = answersTo(site.questions);
  site.walkInProgramId = await create("/api/programs", {
    Name: name("Walk-in", 1),
    LocationIds: [site.locationIds[0]],
  });
  return site;
}

/**
 * GET /api/locations/{id}/setup as staff: the browser becomes that location's tablet, on `origin`
 * (another process of the same database) when given.
 */
export async function setUpTablet(
  staff: Browser,
  locationId: number,
  where: TabletPlace = {},
): Promise<Browser> {
  const tablet = new Browser(where.origin ?? staff.origin, where.localAddress);
  tablet.bearer = staff.bearer;
  await tablet.json("GET", `/api/locations/${locationId}/setup`, 200);
  tablet.bearer = undefined;
  if (!tablet.cookies.has(cookieNames.sheetToken)) throw new Error("setup set no sheet token");
  if (!tablet.cookies.has(cookieNames.xsrf))
    await tablet.request("GET", `/api/locations/${locationId}`);
  return tablet;
}

/** A tablet of the location, on the program's sheet. */
export async function tabletAt(
  staff: Browser,
  locationId: number,
  programId: number,
  answers: SiteAnswers,
  index = 0,
  where: TabletPlace = {},
): Promise<Tablet> {
  const browser = await setUpTablet(staff, locationId, where);
  return { index, browser, locationId, programId, answers };
}

/** Where a tablet connects to and from: see setUpTablet. */
export type TabletPlace = { origin?: string; localAddress?: string };

/**
 * `count` tablets spread over the site's sheets (every location × program); `placeOf` says which
 * process each talks to (default: the staff's).
 */
export async function setUpTablets(
  staff: Browser,
  site: Pick<Site, "locationIds" | "programIds" | "answers">,
  count: number,
  placeOf: (index: number) => TabletPlace = () => ({}),
): Promise<Tablet[]> {
  const { locationIds: l, programIds: p } = site;
  return inBatches(count, (i) => {
    const [locationId, programId] = [l[i % l.length]!, p[Math.floor(i / l.length) % p.length]!];
    return tabletAt(staff, locationId, programId, site.answers, i, placeOf(i));
  });
}

/** `make(0)` … `make(count - 1)`, at most 200 at once (thousands of set-ups at once time out). */
export async function inBatches<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const made: T[] = [];
  for (let start = 0; start < count; start += 200) {
    const size = Math.min(200, count - start);
    made.push(...(await Promise.all(Array.from({ length: size }, (_, i) => make(start + i)))));
  }
  return made;
}
