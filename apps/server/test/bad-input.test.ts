import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, createCatalog } from "./fixtures.ts";
import { startTestServer, type Client, type TestServer } from "./harness.ts";

/**
 * Every documented call, as an admin (who may call everything), with input of the wrong shape:
 * always a 4xx with a JSON body {status, message}, never a 500, and no row written anywhere.
 */

let server: TestServer;
let admin: Client;
let operations: Array<{ method: string; path: string }>;

const tables = [
  "users",
  "sessions",
  "api_tokens",
  "invites",
  "password_resets",
  "locations",
  "programs",
  "location_programs",
  "visits",
  "files",
  "tablets",
] as const;

async function rowCounts() {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await server.services.db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await adminClient(server);
  await createCatalog(admin);
  const doc = (await admin.get("/api/openapi.json")).json as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })),
  );
});
afterAll(() => server.close());

const huge = "x".repeat(200_000);
const badBodies: Array<[string, unknown]> = [
  [
    "wrong types",
    {
      email: 12,
      password: [],
      firstName: {},
      Name: 5,
      ProgramIds: "1,2",
      LocationIds: {},
      FirstName: 1,
      PhoneNumber: true,
      Temperature: null,
      LocationId: "x",
      ProgramId: -1,
      blob: "file",
      name: 7,
      isAdmin: "yes",
      picture: 5,
    },
  ],
  [
    "huge strings",
    {
      email: huge,
      password: huge,
      firstName: huge,
      lastName: huge,
      Name: huge,
      Address: huge,
      FirstName: huge,
      LastName: huge,
      PhoneNumber: huge,
      Temperature: huge,
      message: huge,
      name: huge,
      blob: { filename: huge, content_type: huge, byte_size: 1 },
    },
  ],
  ["a JSON array", [1, 2, 3]],
  ["a JSON string", "hello"],
];
const badIds: Array<[string, string]> = [
  ["an unknown id", "987654"],
  ["a negative id", "-3"],
  ["a non-number", "abc"],
  ["an overflowing number", "99999999999999999999"],
];

describe("bad input", () => {
  it("never answers 500 and writes nothing", async () => {
    const before = await rowCounts();
    const failures: string[] = [];
    const accepted: string[] = [];
    let rejected = 0;
    const check = async (
      label: string,
      method: string,
      url: string,
      body?: unknown,
      raw?: string,
    ) => {
      const res =
        raw !== undefined
          ? await admin.request(method, url, raw, { "content-type": "application/json" })
          : await admin.request(method, url, body);
      const ok =
        res.status >= 400 &&
        res.status < 500 &&
        typeof res.json?.status === "number" &&
        typeof res.json?.message === "string";
      // Some calls legitimately ignore unknown fields and succeed (logout, lists); those write nothing either.
      if (res.status >= 500 || (!ok && res.status >= 300))
        failures.push(`${label}: ${method} ${url} -> ${res.status} ${res.body.slice(0, 120)}`);
      if (ok) rejected += 1;
      else if (res.status < 300) accepted.push(`${label}: ${method} ${url.slice(0, 60)}`);
    };

    for (const { method, path } of operations) {
      if (path === "/auth/logout") continue; // would end the admin's own session: covered in auth tests
      const url = (id: string) => `/api${path.replace(/\{[^}]+\}/g, id)}`;
      for (const [label, id] of badIds) {
        if (path.includes("{"))
          await check(
            label,
            method,
            url(id),
            method === "GET" || method === "DELETE" ? undefined : {},
          );
      }
      if (method !== "GET" && method !== "DELETE") {
        const target = url("987654");
        for (const [label, body] of badBodies) await check(label, method, target, body);
        await check("malformed JSON", method, target, undefined, '{"email": "a@b.c",');
      } else {
        await check(
          "bad query",
          method,
          `${url("987654")}?page=-1&locationId=x&from=31-12-2026&timeZone=${"z".repeat(300)}&phoneNumber=${huge.slice(0, 5000)}`,
        );
      }
    }
    expect(failures).toEqual([]);
    // Only calls without input of their own may shrug off junk: lists and "who am I".
    expect(
      accepted.every((a) =>
        /GET \/api\/(users\/me\/notifications|users\/me|users|invites|locations|programs|eligibility-bases|tokens|backups|settings|reports\/settings|report-presets|webhooks)\?/.test(
          a,
        ),
      ),
      accepted.join("\n"),
    ).toBe(true);
    expect(rejected).toBeGreaterThan(150);
    const after = await rowCounts();
    // Password-reset and invite lookups of unknown ids write nothing; neither do rejected writes.
    expect({ ...after, sessions: before.sessions }).toEqual(before);
  }, 120_000);
});
