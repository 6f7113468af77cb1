import { once } from "node:events";
import { format } from "@fast-csv/format";
import {
  createContext,
  csvHeaders,
  csvRows,
  assertStaff,
  visitListInput,
  type Services,
} from "@vsi/api";
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

    const csv = format({ headers: [...csvHeaders] });
    reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", 'attachment; filename="report.csv"')
      .header("Cache-Control", "no-store");
    void (async () => {
      try {
        for await (const batch of csvRows(services.db.kysely, {
          from,
          to,
          locationId,
          programId,
          timeZone,
        })) {
          for (const row of batch) {
            // Respect backpressure: a slow download must not pile rows up in memory.
            if (!csv.write(row)) await once(csv, "drain");
          }
        }
        csv.end();
      } catch (error) {
        request.log.error({ err: error }, "CSV export failed");
        csv.destroy(error as Error);
      }
    })();
    return reply.send(csv);
  });
}
