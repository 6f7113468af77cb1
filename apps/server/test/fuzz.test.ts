import { generateToken, hashToken } from "@vsi/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminClient, createCatalog } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { identityClient, type IdentityName, type IdentityWorld } from "./identities.ts";

/**
 * Every operation of the OpenAPI document gets malformed input (wrong types, nulls, huge strings,
 * control characters, deep nesting, ids that are not plain decimals, impossible dates, unknown
 * time zones) as each kind of caller; none may answer 5xx. The inputs per operation are a fixed,
 * seeded sample, so the run is bounded and the same every time.
 */

interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
}
interface Operation {
  parameters?: Array<{ name: string; in: "path" | "query" | "header" | "cookie"; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}
interface Input {
  label: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** A string is sent as the raw body. */
  body?: unknown;
}

const huge = "x".repeat(100_000);
const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);
const badIds = ["0", "-1", "0x1", "1e0", "+1", "01", "1.0", "99999999999999999999", " 1"];
const badDates = ["2026-02-30", "2026-13-45", "0000-00-00", "2026-02-30T25:61:00Z"];
const badZones = ["Nowhere/Land", "UTC+99", "../../etc/localtime"];
const controlText = ["\u0000", "a\u0000b", "\t\r\n", "\u0007\u001b[31m", "\ud800"];
const junkStrings = ["", " ", ...controlText, ...badIds, ...badDates, ...badZones, huge];
const junkValues: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  1e308,
  [],
  {},
  [1, "a"],
  { a: { b: {} } },
  deepArray(40),
  ...junkStrings,
];
const junkBodies: unknown[] = [
  null,
  [],
  "{",
  '"text"',
  "1",
  `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`,
  '{"__proto__":{"isAdmin":true}}',
];

/** A seeded shuffle: the same sample on every run. */
function sample<T>(items: T[], count: number, seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, count);
}

function resolve(doc: Doc, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return resolve(doc, doc.components?.schemas?.[schema.$ref.split("/").pop()!]);
  const parts = [...(schema.allOf ?? []), ...(schema.anyOf ?? [])].map((part) =>
    resolve(doc, part),
  );
  if (!parts.length) return schema;
  return {
    ...schema,
    properties: Object.assign(
      {},
      schema.properties,
      ...parts.map((part) => part.properties),
    ) as Record<string, Schema>,
  };
}

/** A plausible value, so one bad field at a time reaches as far into the handler as it can. */
function plausible(name: string, schema: Schema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return true;
  if (type === "array") return [];
  if (type === "object") return {};
  if (schema.format === "email" || /email/i.test(name)) return "fuzz@example.org";
  if (/password/i.test(name)) return "password123";
  if (/phone/i.test(name)) return "4155550123";
  if (/temperature/i.test(name)) return "98.6";
  return "Fuzz";
}

/** A lone surrogate has no UTF-8 form; it goes as the bytes of one, which are not valid UTF-8. */
const urlEncode = (value: string) =>
  /[\ud800-\udfff]/.test(value) ? "%ED%A0%80" : encodeURIComponent(value);

/** Most inputs an operation gets, for each identity. */
const perOperation = 20;

function inputsFor(doc: Doc, operation: Operation, seed: number): Input[] {
  const params = operation.parameters ?? [];
  const path = Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, "1"]));
  const inputs: Input[] = [];
  for (const param of params) {
    const values =
      param.in === "path" ? [...badIds, "%00", "a%00b", "x".repeat(2000), "%E0%A4%A"] : junkStrings;
    if (param.in !== "path" && param.in !== "query") continue;
    for (const value of values) {
      const encoded = param.in === "path" && value.includes("%") ? value : urlEncode(value);
      inputs.push({
        label: `${param.in} ${param.name}=${JSON.stringify(value.slice(0, 40))}`,
        path: param.in === "path" ? { ...path, [param.name]: encoded } : path,
        query: param.in === "query" ? { [param.name]: encoded } : {},
      });
    }
  }
  const bodySchema = resolve(doc, operation.requestBody?.content?.["application/json"]?.schema);
  if (operation.requestBody) {
    const fields = Object.entries(bodySchema.properties ?? {}).map(
      ([name, schema]) => [name, resolve(doc, schema)] as const,
    );
    const base = Object.fromEntries(
      fields.map(([name, schema]) => [name, plausible(name, schema)]),
    );
    for (const [name] of fields) {
      for (const value of junkValues) {
        inputs.push({
          label: `body ${name}=${JSON.stringify(value)?.slice(0, 40)}`,
          path,
          query: {},
          body: { ...base, [name]: value },
        });
      }
    }
    const wholeBodies = junkBodies.map((body) => ({
      label: `body ${JSON.stringify(body).slice(0, 40)}`,
      path,
      query: {},
      body,
    }));
    return [...wholeBodies, ...sample(inputs, perOperation - wholeBodies.length, seed)];
  }
  return sample(inputs, perOperation, seed);
}

let server: TestServer;
let world: IdentityWorld;

beforeAll(async () => {
  server = await startTestServer();
  // Ids are 1 in the inputs; id 1 of each table is a bystander, so what the fuzz edits or deletes
  // there never takes away the identities' own user, locations and program.
  await server.createUser();
  const bystanders = await adminClient(server);
  await bystanders.post("/api/programs", { Name: "Bystander", LocationIds: [] });
  await bystanders.post("/api/locations", { Name: "Bystander", ProgramIds: [] });
  const admin = await adminClient(server);
  const catalog = await createCatalog(admin);
  const staffUser = await server.createUser();
  const staffBearer = generateToken();
  await server.services.db.kysely
    .insertInto("api_tokens")
    .values({ user_id: staffUser.id, name: "fuzz", token_hash: hashToken(staffBearer) })
    .execute();
  world = {
    server,
    staffUser,
    location1: catalog.main.id,
    location2: catalog.east.id,
    staffBearer,
  };
});
afterAll(() => server.close());

/**
 * One caller of each kind a handler tells apart: the second tablet differs from the first only in
 * its location, and the API token is the staff member's session by another header, both of which
 * the permission matrix covers; neither reaches a parser the others do not.
 */
const fuzzedCallers: IdentityName[] = ["anonymous", "tablet1", "staff", "admin"];

describe("fuzzing every documented operation", () => {
  // One test per caller, each well inside its time-out on a loaded machine.
  it.for(fuzzedCallers)(
    "answers no malformed input with a 5xx when %s calls",
    { timeout: 180_000 },
    async (identity) => {
      const doc = (await server.client().get("/api/openapi.json")).json as Doc;
      const failures: string[] = [];
      let sent = 0;
      let seed = 1;
      for (const [template, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          const inputs = inputsFor(doc, operation, seed++);
          // A fresh caller per operation: a logout or a password change must not change who calls next.
          const client = await identityClient(world, identity);
          for (const input of inputs) {
            const path = template.replace(
              /\{([^}]+)\}/g,
              (_, name: string) => input.path[name] ?? "1",
            );
            const query = Object.entries(input.query)
              .map(([k, v]) => `${k}=${v}`)
              .join("&");
            const url = `/api${path}${query ? `?${query}` : ""}`;
            const body =
              input.body === undefined && method !== "get" && method !== "delete" ? {} : input.body;
            const res = await client.request(
              method.toUpperCase(),
              url,
              body,
              typeof body === "string" ? { "content-type": "application/json" } : {},
            );
            sent++;
            if (res.status >= 500)
              failures.push(
                `${method.toUpperCase()} ${template}, ${input.label}: ${res.status} ${res.body.slice(0, 120)}`,
              );
          }
        }
      }
      expect(sent).toBeGreaterThan(1000);
      expect(failures).toEqual([]);
    },
  );
});
