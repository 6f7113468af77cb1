import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "../src/routes/openapi.ts";

describe("the OpenAPI document", () => {
  const doc = openApiDocument("http://signin.test") as unknown as {
    openapi: string;
    paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown[]; responses: Record<string, { content?: Record<string, { schema?: unknown }> }> }>>;
  };

  it("is a valid OpenAPI 3 document", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
  });

  it("describes every call's input and output", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const ok = Object.entries(op.responses).find(([code]) => code.startsWith("2"));
        expect(ok, `${method} ${path} has a success response`).toBeDefined();
        if (["post", "patch", "put"].includes(method) && !path.endsWith("/sign-out") && !path.endsWith("/resend")) {
          expect(op.requestBody, `${method} ${path} has a request body`).toBeDefined();
        }
        if (path.includes("{")) expect(op.parameters?.length, `${method} ${path} has path parameters`).toBeGreaterThan(0);
      }
    }
    const visit = doc.paths["/visits"]?.post?.requestBody as { content: Record<string, { schema: { properties?: Record<string, unknown>; $ref?: string } }> };
    expect(JSON.stringify(visit)).toContain("PhoneNumber");
  });
});
