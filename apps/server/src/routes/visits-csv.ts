import {
  assertCallerRollCall,
  assertStaff,
  contentDisposition,
  createContext,
  csvFileName,
  funderSummaryCsv,
  funderSummaryInput,
  networkSummaryCsv,
  onSiteCsv,
  onSiteCsvFileName,
  onSiteInput,
  partnerReport,
  partnerReportCsv,
  partnerReportInput,
  rollCallCsv,
  rollCallGetInput,
  visitListInput,
  visitsCsv,
  withinCallerLocations,
  type Identity,
  type Services,
} from "@vsi/api";
import type { FastifyInstance } from "fastify";
import type { Readable } from "node:stream";

type Query = Record<string, string | undefined>;
interface CsvFile {
  name: { ascii: string; utf8: string };
  body: Readable | string;
}

/**
 * The CSV form of each list or record that has one, by path (a record's id read from it into the
 * query). The schema decides (a 422 like any procedure's) before the first byte: once streaming,
 * a 422 can no longer be answered.
 */
const csvLists: Record<
  string,
  (services: Services, query: Query, identity: Identity) => Promise<CsvFile>
> = {
  "/api/visits": async (services, query, identity) => {
    const { from, to, locationId, programId, timeZone } = visitListInput.parse(query);
    // The caller's locations alone, as in the JSON list.
    const filters = withinCallerLocations(identity, { from, to, locationId, programId, timeZone });
    const name = await csvFileName(services.db.kysely, filters);
    // Rows stream with backpressure; an error after the first byte ends the response unfinished
    // (a truncated download, never a file that looks complete), and a closed download frees the
    // database connection.
    return { name, body: await visitsCsv(services.db, filters) };
  },
  "/api/visits/open": async (services, query, identity) => {
    const { locationId, timeZone } = onSiteInput.parse(query);
    const place = withinCallerLocations(identity, { locationId });
    const name = await onSiteCsvFileName(services.db.kysely, locationId, timeZone, services.now());
    return { name, body: await onSiteCsv(services.db.kysely, place, timeZone) };
  },
  "/api/reports/summary": async (services, query, identity) => {
    const input = withinCallerLocations(identity, funderSummaryInput.parse(query));
    const [name, body] = await Promise.all([
      csvFileName(services.db.kysely, input, "summary", input.language),
      funderSummaryCsv(services.db.kysely, input),
    ]);
    return { name, body };
  },
  "/api/reports/network": async (services, query, identity) => {
    const input = withinCallerLocations(identity, funderSummaryInput.parse(query));
    const [name, body] = await Promise.all([
      csvFileName(services.db.kysely, input, "network", input.language),
      networkSummaryCsv(services.db.kysely, input),
    ]);
    return { name, body };
  },
  "/api/reports/partner": async (services, query, identity) => {
    const input = withinCallerLocations(identity, partnerReportInput.parse(query));
    const [name, report] = await Promise.all([
      csvFileName(services.db.kysely, input, "partner", input.language),
      partnerReport(services.db.kysely, input),
    ]);
    return { name, body: partnerReportCsv(report) };
  },
  "/api/roll-calls/{id}": async (services, query, identity) => {
    const { id, timeZone } = rollCallGetInput.parse(query);
    await assertCallerRollCall(services.db.kysely, identity, id);
    const { name, csv } = await rollCallCsv(services.db.kysely, id, timeZone);
    return { name, body: csv };
  },
};

/** The CSV of a path, with the id a record's path holds. */
function csvOf(path: string): { list: (typeof csvLists)[string]; id?: string } | undefined {
  const list = csvLists[path];
  if (list) return { list };
  const record = /^(\/api\/roll-calls\/)([^/]+)$/.exec(path);
  return record ? { list: csvLists[`${record[1]}{id}`]!, id: record[2] } : undefined;
}

/**
 * GET /api/visits?format=csv (the report), /api/visits/open?format=csv (who is on site),
 * /api/reports/summary?format=csv (the funder summary), /api/reports/network?format=csv (its
 * roll-up, location by location), /api/reports/partner?format=csv (the monthly partner report) and /api/roll-calls/{id}?format=csv (a roll
 * call's record): the list as a CSV attachment. Served before the JSON procedure of the same path,
 * with the same identity rule (staff) and the same filters.
 */
export function registerVisitsCsv(app: FastifyInstance, services: Services) {
  app.addHook("preHandler", async (request, reply) => {
    const query = request.query as Query;
    const found = csvOf(request.url.split("?")[0]!);
    if (request.method !== "GET" || query.format !== "csv" || !found) return;
    const ctx = await createContext(services, request, reply);
    const identity = assertStaff(ctx.identity);
    // Empty parameters mean "not set", as on the JSON list.
    const present = Object.fromEntries(
      Object.entries(query).filter(([, v]) => v !== undefined && v !== ""),
    );
    if (found.id !== undefined) present.id = found.id;
    const { name, body } = await found.list(services, present, identity);
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition(name))
      .header("Cache-Control", "no-store")
      .send(body);
  });
}
