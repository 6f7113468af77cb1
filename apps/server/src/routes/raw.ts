import type { Services } from "@vsi/api";
import type { Db } from "@vsi/db";
import type { FastifyInstance } from "fastify";
import { registerBackupDownload } from "./backup-download.ts";
import { registerDoorPoster } from "./door-poster.ts";
import { registerFiles } from "./files.ts";
import { registerLiveEvents } from "./live-events.ts";
import { registerPartnerReportPrint } from "./partner-report.ts";
import { registerSignatures } from "./signatures.ts";
import { registerUploads } from "./uploads.ts";
import { registerVisitsCsv } from "./visits-csv.ts";

/**
 * Routes that are not JSON procedures (CSV export, the upload PUT, serving files, the live stream, the door's poster). They share the
 * procedures' identity checks and services from @vsi/api.
 */
export async function registerRawRoutes(
  app: FastifyInstance,
  services: Services,
  liveDb: Db | undefined,
) {
  registerVisitsCsv(app, services);
  await registerUploads(app, services);
  registerFiles(app, services);
  registerBackupDownload(app, services);
  registerLiveEvents(app, services, liveDb);
  registerDoorPoster(app, services);
  registerSignatures(app, services);
  registerPartnerReportPrint(app, services);
}
