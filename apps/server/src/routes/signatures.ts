import {
  assertLocationAccess,
  assertStaff,
  createContext,
  findSignature,
  findVisit,
  idParam,
  signSheet,
  signSheetInput,
  type Services,
} from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { errorResponse, queryParameter } from "./openapi-responses.ts";

/**
 * GET /api/visits/:id/signature, the image a visitor signed (staff of the visit's location), and
 * GET /api/reports/sign-sheet, a day's sign sheet to print (staff of its location): neither is
 * JSON, so they are routes beside the procedures, with the same checks.
 */
export function registerSignatures(app: FastifyInstance, services: Services) {
  app.get<{ Params: { id: string } }>("/api/visits/:id/signature", async (request, reply) => {
    const ctx = await createContext(services, request, reply);
    const identity = assertStaff(ctx.identity);
    const { id } = idParam.parse(request.params);
    const visit = await findVisit(ctx.db, id);
    // Another location's visit is as if it did not exist.
    assertLocationAccess(identity, visit.location_id, "Visit");
    const signature = await findSignature(ctx.db, id);
    return (
      reply
        .header("Content-Type", signature.content_type)
        .header("Cache-Control", "private, no-store")
        .header("X-Content-Type-Options", "nosniff")
        // An SVG opened on its own is a document: it may run nothing and load nothing.
        .header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(Buffer.from(signature.image))
    );
  });

  app.get("/api/reports/sign-sheet", async (request, reply) => {
    const ctx = await createContext(services, request, reply);
    const identity = assertStaff(ctx.identity);
    const input = signSheetInput.parse(request.query);
    assertLocationAccess(identity, input.locationId);
    const html = await signSheet(ctx.db, input, identity.user.language ?? "en");
    return reply
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(html);
  });
}

const staffResponses = {
  "401": errorResponse("Not logged in"),
  "403": errorResponse("A tablet"),
};

/** The two in the OpenAPI document, beside the procedures they cannot be (neither is JSON). */
export const signatureOperation = {
  get: {
    operationId: "visit-signature",
    summary:
      "A visit's signature, as the visitor drew it: the image with its own type, image/png or image/svg+xml (staff of the visit's location)",
    tags: ["visits"],
    security: [{ bearer: [] }],
    parameters: [
      { name: "id", in: "path" as const, required: true, schema: { type: "integer" as const } },
    ],
    responses: {
      "200": {
        description: "The signature",
        content: {
          "image/png": { schema: { type: "string" as const, format: "binary" } },
          "image/svg+xml": { schema: { type: "string" as const, format: "binary" } },
        },
      },
      ...staffResponses,
      "404": errorResponse(
        "No such visit, a visit of a location the caller does not hold, or a visit with no signature (none asked, declined, or erased)",
      ),
      "422": errorResponse("The id is not a number"),
    },
  },
};

export const signSheetOperation = {
  get: {
    operationId: "sign-sheet",
    summary:
      "A day's sign sheet for one program at one location, a page to print: each visit in the order they came, with the visitor's name, the household's size, its basis of eligibility, the time and the signature (or that the visitor declined to sign), in the caller's language (staff of the location)",
    tags: ["reports"],
    security: [{ bearer: [] }],
    parameters: [
      queryParameter("date", true, { type: "string", format: "date" }, "the day, YYYY-MM-DD"),
      queryParameter("locationId", true, { type: "integer" }, "the location"),
      queryParameter("programId", true, { type: "integer" }, "the program"),
      queryParameter(
        "timeZone",
        false,
        { type: "string" },
        "the IANA zone the day is read in; the location's own when left out",
      ),
    ],
    responses: {
      "200": {
        description: "The sign sheet",
        content: { "text/html": { schema: { type: "string" as const } } },
      },
      ...staffResponses,
      "404": errorResponse("No such location or program, or a location the caller does not hold"),
      "422": errorResponse("A date, id or time zone that is not one"),
    },
  },
};
