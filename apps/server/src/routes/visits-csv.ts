import { contentDisposition, createContext, csvFileName, visitsCsv, assertStaff, visitListInput, type Services } from "@vsi/api";
import type { FastifyInstance } from "fastify";

/**
 * GET /api/visits?format=csv: every matching visit as a CSV attachment. It is served before the
 * JSON procedure of the same path, with the same identity rule (staff) and the same filters.
 */
export function registerVisitsCsv(app: FastifyInstance, services: Services) {
  app.addHook("preHandler", async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (
      request.method !== "GET" ||
      request.url.split("?")[0] !== "/api/visits" ||
      query.format !== "csv"
    )
      return;
    const ctx = await createContext(services, request, reply);
    assertStaff(ctx.identity);
    // Empty parameters mean "not set", as on the JSON list.
    const present = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== undefined && v !== ""),
    );
    // The schema decides (a 422 like any procedure's), before the first byte: once streaming,
    // a 422 can no longer be answered.
    const { from, to, locationId, programId, timeZone } = visitListInput.parse(present);
    const filters = { from, to, locationId, programId, timeZone };
    const name = await csvFileName(services.db.kysely, filters);
    // Rows stream with backpressure; an error after the first byte ends the response unfinished
    // (a truncated download, never a file that looks complete), and a closed download frees the
    // database connection.
    const body = await visitsCsv(services.db, filters);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition(name))
      .header("Cache-Control", "no-store")
      .send(body);
  });
}
