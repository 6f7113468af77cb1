import {
  assertStaff,
  createContext,
  partnerReportInput,
  partnerReportPrint,
  withinCallerLocations,
  type Services,
} from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { errorResponse, queryParameter as query } from "./openapi-responses.ts";

/**
 * GET /api/reports/partner/print, the monthly partner report as a page to print (staff, their
 * locations' rows alone): HTML, so a route beside the procedure, with its checks and input.
 */
export function registerPartnerReportPrint(app: FastifyInstance, services: Services) {
  app.get("/api/reports/partner/print", async (request, reply) => {
    const ctx = await createContext(services, request, reply);
    const identity = assertStaff(ctx.identity);
    const input = withinCallerLocations(identity, partnerReportInput.parse(request.query));
    const html = await partnerReportPrint(
      ctx.db,
      input,
      input.language ?? identity.user.language ?? "en",
    );
    return reply
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(html);
  });
}

export const partnerReportPrintOperation = {
  get: {
    operationId: "partner-report-print",
    summary:
      "The monthly partner report as a page to print (landscape), in the caller's language or `language`: per month, a line per location and program with its visits, households, new households, individuals, the sum of party sizes and individuals by the preset's age bands (staff, their locations' rows)",
    tags: ["reports"],
    security: [{ bearer: [] }],
    parameters: [
      query("from", true, { type: "string" }, "the first month, YYYY-MM"),
      query("to", true, { type: "string" }, "the last month, YYYY-MM (at most 24 months on)"),
      query("locationId", false, { type: "integer" }, "one location; left out, every one held"),
      query("programId", false, { type: "integer" }, "one program; left out, each program"),
      query("presetId", false, { type: "integer" }, "the report preset whose age bands are used"),
      query(
        "timeZone",
        false,
        { type: "string" },
        "the IANA zone months are read in; UTC when left out",
      ),
      query("language", false, { type: "string" }, "en or es; the caller's language when left out"),
    ],
    responses: {
      "200": {
        description: "The report",
        content: { "text/html": { schema: { type: "string" as const } } },
      },
      "401": errorResponse("Not logged in"),
      "403": errorResponse("A tablet"),
      "404": errorResponse("A location the caller does not hold"),
      "422": errorResponse(
        "A month not written YYYY-MM, To before From or more than 24 months on, or an unknown presetId",
      ),
    },
  },
};
