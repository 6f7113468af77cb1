import type { SignInFields } from "./offlineQueue";
import type {
  Label,
  Door,
  DoorSignIn,
  DoorVisit,
  DoorVisitor,
  KnownVisitor,
  Location,
  Question,
  Visit,
} from "./types";
import type { Answers } from "@vsi/api/schemas";
import { xsrfHeaders } from "@vsi/web-common/xsrf";

// The kiosk's calls, over the REST API with plain fetch: the same procedures, inputs and errors as
// over tRPC, without the tRPC client in the tablet's first load. Staff pages keep lib/trpc.ts.

/** A sign-in as the form sends it, on the tablet and on a phone at the door. */
export interface SignInPayload {
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  /** Left out where the location does not ask. */
  Temperature?: string;
  ProgramId: number;
  /** The chosen program's answers; left out where it asks nothing. */
  Answers?: Answers;
  /** For a program that signs in households: how many came, and which members when known. */
  PartySize?: number;
  HouseholdMemberIds?: number[];
  /** For a program that asks for a signature: the drawn one, or that the visitor would rather not. */
  Signature?: string;
  SignatureDeclined?: true;
}

/** The server's error body ({status, message, key, values, errors, visit}) as `shape`, which apiErrors.ts reads as it reads tRPC's. */
export class ApiError extends Error {
  constructor(
    readonly shape: {
      status: number;
      message?: string;
      key?: string;
      values?: unknown;
      errors?: unknown;
      visit?: unknown;
    },
  ) {
    super(shape.message ?? `HTTP ${shape.status}`);
  }
}

async function call<T>(
  method: "GET" | "POST" | "PATCH",
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const { body, signal } = options;
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: {
      accept: "application/json",
      ...(method === "GET" ? {} : xsrfHeaders()),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...options.headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  });
  // A proxy's error page is not JSON: the status alone then says what happened.
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok)
    throw new ApiError({ ...(typeof answer === "object" ? answer : {}), status: response.status });
  return answer as T;
}

export interface OpenVisitsInput {
  locationId: number;
  programId: number;
  from: string;
  timeZone: string;
}

export const kioskApi = {
  /** GET /api/visits: the tablet's open visits of a program, oldest first. */
  openVisits: (input: OpenVisitsInput, signal?: AbortSignal) =>
    call<Visit[]>(
      "GET",
      `/api/visits?${new URLSearchParams({ ...input, locationId: String(input.locationId), programId: String(input.programId) })}`,
      { signal },
    ),
  /** GET /api/locations/{id}: the location's name, address and programs. */
  location: (id: number, signal?: AbortSignal) =>
    call<Location>("GET", `/api/locations/${id}`, { signal }),
  /** POST /api/visits under an Idempotency-Key; `TimeIn` only for a sign-in kept while offline. */
  signIn: (fields: SignInFields, key: string, signal?: AbortSignal, timeIn?: string) =>
    call<Visit>("POST", "/api/visits", {
      body: { ...fields, TimeIn: timeIn },
      headers: { "idempotency-key": key },
      signal,
    }),
  /** PATCH /api/visits/{id}/sign-out. */
  signOut: (id: number, signal?: AbortSignal) =>
    call<Visit>("PATCH", `/api/visits/${id}/sign-out`, { signal }),
  /** GET /api/visits/{id}/label: the visit's ticket, laid out on the location's label size. */
  label: (id: number, signal?: AbortSignal) =>
    call<Label>("GET", `/api/visits/${id}/label`, { signal }),
  /** POST /api/visits/{id}/print: the server sends the ticket to the location's label printer (202). */
  print: (id: number) => call<unknown>("POST", `/api/visits/${id}/print`),
  /** GET /api/questions: the live questions of every program at the location, in their order. */
  questions: (locationId: number, signal?: AbortSignal) =>
    call<Question[]>("GET", `/api/questions?locationId=${locationId}`, { signal }),
  /** GET /api/visits/search: the names of the latest visit with this phone, and the remembered answers. */
  search: (phoneNumber: string) =>
    call<KnownVisitor>("GET", `/api/visits/search?${new URLSearchParams({ phoneNumber })}`),
};

/** A visitor's own phone at the door (/d/<code>): the poster's code, then the visit's secret. */
export const doorApi = {
  /** GET /api/door/{code}: the location, its programs and their questions. */
  door: (code: string) => call<Door>("GET", `/api/door/${encodeURIComponent(code)}`),
  /** GET /api/door/{code}/visitor: the visitor's names and remembered answers, by their whole number and the phone's proof. */
  lookUp: (code: string, phoneNumber: string, proof: string) =>
    call<DoorVisitor>(
      "GET",
      `/api/door/${encodeURIComponent(code)}/visitor?${new URLSearchParams({ phoneNumber, proof })}`,
    ),
  /** POST /api/door/{code}/visits: the visit as its visitor sees it, the phone's secret for it, and whether that proves its number. */
  signIn: (code: string, payload: SignInPayload & { proof?: string }) =>
    call<DoorSignIn>("POST", `/api/door/${encodeURIComponent(code)}/visits`, { body: payload }),
  /** GET /api/door/visits/{visitToken}: still in, or signed out and by whom. */
  visit: (token: string) => call<DoorVisit>("GET", `/api/door/visits/${encodeURIComponent(token)}`),
  /** PATCH /api/door/visits/{visitToken}/sign-out. */
  signOut: (token: string) =>
    call<DoorVisit>("PATCH", `/api/door/visits/${encodeURIComponent(token)}/sign-out`),
};

/** The sheet lists' query key: its input second (inputOfOpenVisitsKey reads it back). */
export const openVisitsKey = (input?: OpenVisitsInput) =>
  input ? (["kioskVisits", input] as const) : (["kioskVisits"] as const);
/** The input of a sheet list's query key ({} for the key of them all). */
export const inputOfOpenVisitsKey = (key: readonly unknown[]): Partial<OpenVisitsInput> =>
  (key[1] as OpenVisitsInput | undefined) ?? {};
export const locationKey = (id: number) => ["kioskLocation", id] as const;
export const questionsKey = (locationId: number) => ["kioskQuestions", locationId] as const;
