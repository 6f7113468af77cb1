import { FILES_PATH, UPLOADS_PATH } from "@vsi/api";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "../src/routes/openapi.ts";

/**
 * The OpenAPI document as a check on every /api answer the tests receive (harness.ts): the
 * status must be one the operation documents, and a JSON body must match that status's schema.
 * A document that drifts from the server fails the test that saw the difference.
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId?: string;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, Schema> };
}

/** /api addresses the document does not describe: itself, its page, and the files around uploads. */
const outsideDocument = ["/api/openapi.json", "/api/docs", `${UPLOADS_PATH}/`, `${FILES_PATH}/`];

export interface ContractCheck {
  method: string;
  url: string;
  status: number;
  /** The Content-Type header, as the reply has it. */
  contentType: unknown;
  body: string;
}

interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  /** Literal segments win over parameters: /visits/open before /visits/{id}. */
  parameters: number;
  operation: Operation;
}

export class Contract {
  private readonly ajv = new Ajv2020({ allErrors: true, strictTypes: false });
  private readonly routes: Route[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's own annotations beside JSON Schema's.
    this.ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
    this.ajv.addSchema({ $id: "components", $defs: local(document.components.schemas ?? {}) });
    this.routes = Object.entries(document.paths)
      .flatMap(([template, operations]) =>
        Object.entries(operations).map(([method, operation]) => ({
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(
            `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`,
          ),
          parameters: template.split("{").length - 1,
          operation,
        })),
      )
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The problem with one answer, or undefined when the document allows it. */
  problem({ method, url, status, contentType, body }: ContractCheck): string | undefined {
    const pathname = new URL(url, "http://signin.test").pathname;
    if (!pathname.startsWith("/api/") || outsideDocument.some((p) => pathname.startsWith(p)))
      return undefined;
    const path = pathname.slice("/api".length);
    const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
    const route = this.routes.find((r) => r.method === verb && r.pattern.test(path));
    if (!route) {
      // No such call: the only answer is that there is none.
      return status === 404 || status === 405
        ? undefined
        : `${method} ${pathname} is in no operation of the OpenAPI document, yet answered ${status}`;
    }
    const name = `${route.operation.operationId ?? "?"} (${route.method} ${route.template})`;
    const response = route.operation.responses[String(status)];
    if (!response)
      return (
        `${name} answered ${status}, which the OpenAPI document does not list ` +
        `(it lists ${Object.keys(route.operation.responses).join(", ")}): ${body.slice(0, 300)}`
      );
    // CSV, files, event streams and empty answers are checked for their status only.
    if (
      method.toUpperCase() === "HEAD" ||
      !body ||
      !String(contentType).startsWith("application/json")
    )
      return undefined;
    const schema = response.content?.["application/json"]?.schema;
    if (!schema) return `${name} answered ${status} with JSON the document does not describe`;
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return `${name} answered ${status} with a body that is not JSON: ${body.slice(0, 300)}`;
    }
    const validate = this.validator(`${route.method} ${route.template} ${status}`, schema);
    if (validate(json)) return undefined;
    return (
      `${name} answered ${status} with a body that does not match its schema: ` +
      `${this.ajv.errorsText(validate.errors, { separator: "; ", dataVar: "body" })}\n` +
      body.slice(0, 500)
    );
  }

  /** Throws what problem() finds. */
  check(answer: ContractCheck): void {
    const problem = this.problem(answer);
    if (problem) throw new Error(`Contract: ${problem}`);
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) this.validators.set(key, (validate = this.ajv.compile(local(schema))));
    return validate;
  }
}

/** The document's references point into the document; here they point into "components". */
function local<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', '"components#/$defs/'),
  ) as T;
}

let shared: Contract | undefined;
/** The document every test server serves (its address aside), compiled once per process. */
export function contract(): Contract {
  shared ??= new Contract(openApiDocument("http://signin.test") as unknown as OpenApiDocument);
  return shared;
}
