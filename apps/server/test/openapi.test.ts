import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../src/routes/openapi.ts";

describe("the OpenAPI document", () => {
  const doc = openApiDocument("http://signin.test") as unknown as {
    openapi: string;
    paths: Record<
      string,
      Record<
        string,
        {
          requestBody?: unknown;
          parameters?: unknown[];
          responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
        }
      >
    >;
  };

  it("is a valid OpenAPI 3 document", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("describes each webhook event, its signature headers and its payload", () => {
    const { webhooks } = doc as unknown as {
      webhooks: Record<string, { post: { parameters: Array<{ name: string }>; requestBody: any } }>;
    };
    expect(Object.keys(webhooks)).toEqual([
      "visit.signed_in",
      "visit.signed_out",
      "visit.updated",
      "visit.deleted",
      "visit.called",
      "visit.served",
    ]);
    const signedIn = webhooks["visit.signed_in"]!.post;
    expect(signedIn.parameters.map((p) => p.name)).toEqual([
      "webhook-id",
      "webhook-timestamp",
      "webhook-signature",
    ]);
    const schema = signedIn.requestBody.content["application/json"].schema;
    expect(schema.properties.type).toMatchObject({ const: "visit.signed_in" });
    expect(Object.keys(schema.properties.data.properties)).toEqual(
      expect.arrayContaining(["visitId", "location", "program", "firstName", "lastInitial"]),
    );
  });

  it("answers errors with the server's one error body, and a create with 201", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(op.responses)) {
          if (status.startsWith("2")) continue;
          expect(response.content, `${method} ${path} ${status}`).toEqual({
            "application/json": { schema: { $ref: "#/components/schemas/Error" } },
          });
        }
      }
    }
    expect(Object.keys(doc.paths["/visits"]!.post!.responses)).toContain("201");
    expect(Object.keys(doc.paths["/visits"]!.post!.responses)).not.toContain("200");
    expect(Object.keys(doc.paths["/auth/logout"]!.get!.responses)).toContain("204");
  });

  it("documents each error's message key and values, at the top and by each field, beside its fields of old", () => {
    const { Error: error } = (doc as unknown as { components: { schemas: Record<string, any> } })
      .components.schemas;
    expect(Object.keys(error.properties)).toEqual(
      expect.arrayContaining([
        "status",
        "message",
        "key",
        "values",
        "errors",
        "visit",
        "rollCallId",
      ]),
    );
    expect(error.required).toEqual(["status", "message", "key", "values"]);
    expect(error.properties.key.enum).toEqual(
      expect.arrayContaining(["phone", "required", "notFound", "alreadySignedIn", "answer.zip"]),
    );
    expect(error.properties.values.additionalProperties).toBeDefined();
    const field = error.properties.errors.items;
    expect(field.required).toEqual(["path", "message", "key", "values"]);
    expect(field.properties.key.enum).toEqual(error.properties.key.enum);
  });

  it("describes every call's input and output, the sign-in body field by field", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const ok = Object.entries(op.responses).find(([code]) => code.startsWith("2"));
        expect(ok, `${method} ${path} has a success response`).toBeDefined();
        if (
          ["post", "patch", "put"].includes(method) &&
          !path.endsWith("/sign-out") &&
          !path.endsWith("/resend") &&
          // A new door code takes nothing but its location, a test event nothing but its webhook,
          // ending a roll call nothing but its id, printing a visit's ticket nothing but the visit,
          // nor do a new screen and a number's marks.
          !path.endsWith("/door-code") &&
          !path.endsWith("/test") &&
          !path.endsWith("/roll-calls/{id}/end") &&
          !path.endsWith("/visits/{id}/print") &&
          !path.endsWith("/screens") &&
          !path.endsWith("/served") &&
          !path.endsWith("/no-show")
        ) {
          expect(op.requestBody, `${method} ${path} has a request body`).toBeDefined();
        }
        if (path.includes("{"))
          expect(op.parameters?.length, `${method} ${path} has path parameters`).toBeGreaterThan(0);
      }
    }
    // One body in full: signing a visitor in, with its fields and which of them are required.
    const visit = doc.paths["/visits"]?.post?.requestBody as {
      content: Record<
        string,
        { schema: { properties?: Record<string, unknown>; required?: string[] } }
      >;
    };
    const schema = visit.content["application/json"]!.schema;
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      [
        "Answers",
        "FirstName",
        "HouseholdMemberIds",
        "LastName",
        "LocationId",
        "PartySize",
        "PhoneNumber",
        "ProgramId",
        "Signature",
        "SignatureDeclined",
        "Temperature",
        "TimeIn",
        "idempotencyKey",
      ].sort(),
    );
    // A queued sign-in's own time: a date-time, its bounds said in words.
    expect(schema.properties?.TimeIn).toMatchObject({
      type: "string",
      format: "date-time",
      description: expect.stringContaining("At most 24 hours old"),
    });
    // Temperature is required where the location asks for it, which the document says in words.
    expect([...(schema.required ?? [])].sort()).toEqual(
      ["FirstName", "LastName", "LocationId", "PhoneNumber", "ProgramId"].sort(),
    );
    expect(schema.properties?.Temperature).toMatchObject({
      description: expect.stringContaining("AsksTemperature"),
    });
  });

  it("describes a location's kiosk timings: whole seconds within their bounds, defaults on creation", () => {
    const body = (method: "post" | "patch", path: string) =>
      (
        doc.paths[path]?.[method]?.requestBody as {
          content: Record<string, { schema: { properties: Record<string, unknown> } }>;
        }
      ).content["application/json"]!.schema.properties;
    expect(body("patch", "/locations/{id}")).toMatchObject({
      IdleResetSeconds: { type: "integer", minimum: 15, maximum: 600 },
      ConfirmationSeconds: { type: "integer", minimum: 2, maximum: 30 },
      SendTimeoutSeconds: { type: "integer", minimum: 2, maximum: 60 },
    });
    expect(body("post", "/locations")).toMatchObject({
      IdleResetSeconds: { default: 60 },
      ConfirmationSeconds: { default: 3 },
      SendTimeoutSeconds: { default: 5 },
    });
    const location = (
      doc as unknown as {
        components: { schemas: Record<string, { properties: Record<string, unknown> }> };
      }
    ).components.schemas.Location!.properties;
    for (const name of ["IdleResetSeconds", "ConfirmationSeconds", "SendTimeoutSeconds"])
      expect(location[name], name).toMatchObject({
        type: "integer",
        description: expect.any(String),
      });
  });
});
