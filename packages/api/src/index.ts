export { appRouter, createCaller, type AppRouter } from "./router.ts";
export { createContext } from "./callers/context.ts";
export type { Context } from "./kernel/context.ts";
export type { Identity } from "./kernel/identity.ts";
export { describeError, errorBody, HttpError, notFound } from "./kernel/errors.ts";
export { errorBodySchema } from "./error-body.ts";
export type { ProcedureMeta } from "./kernel/trpc.ts";
export { cookieNames, cookieOptions } from "./kernel/cookies.ts";
export type { IdentitySource } from "./callers/identity.ts";
export { csrfRefused, passesCsrfCheck } from "./kernel/csrf.ts";
export type { Mailer, MailMessage, Services, Storage } from "./kernel/services.ts";
export { hashToken, generateToken } from "./kernel/tokens.ts";
export { insertUser, findUserByEmail, promoteToAdmin } from "./accounts/users.ts";
export {
  accessTable,
  assertAdmin,
  assertLocationAccess,
  assertStaff,
  visitView,
  withinCallerLocations,
  type Access,
  type IdentityKind,
  type VisitView,
} from "./kernel/permissions.ts";
export { csvCopySelect, csvHeaders, csvSelect, visitsCsv } from "./reports/visits-csv.ts";
export { setSessionZone } from "./kernel/csv-times.ts";
export { funderSummaryStatements, withSummarySettings } from "./reports/funder-summary.ts";
export { contentDisposition, csvFileName } from "./reports/csv-filename.ts";
export { onSiteCsv, onSiteCsvFileName } from "./reports/on-site-csv.ts";
export { funderSummaryCsv } from "./reports/funder-summary-csv.ts";
export { networkSummaryCsv } from "./reports/network-summary-csv.ts";
export { funderSummaryInput } from "./reports/funder-summary-schema.ts";
export { onSiteInput, visitListInput } from "./visits/schema.ts";
export { findUploadedFile, receiveUpload, UPLOADS_PATH } from "./assets/uploads.ts";
export { fileKeyParam, maxUploadBytes } from "./assets/schema.ts";
export { FILES_PATH } from "./assets/urls.ts";
export { limits } from "./kernel/rate-limit.ts";
export { autoSignOut } from "./visits/auto-sign-out.ts";
export { drawDueLotteries, queueWatchLocation, screenView } from "./queue/queries.ts";
export {
  accessChannel,
  parseAccessChange,
  parseRollCallChange,
  parseVisitChange,
  rollCallsChannel,
  visitChangeEvents,
  visitsChannel,
  watchAccess,
  type VisitChange,
  type VisitChangeEvent,
} from "./visits/live.ts";
export { idParam } from "./kernel/schema.ts";
export { liveEvents, type LiveReadyEvent } from "./visits/live-schema.ts";
export { runRetention } from "./admin/retention.ts";
export { doorPoster } from "./door/poster.ts";
export { doorVisitView } from "./door/queries.ts";
export { signSheet, signSheetInput } from "./reports/sign-sheet.ts";
export { partnerReport } from "./reports/partner-report.ts";
export { partnerReportInput } from "./reports/partner-report-schema.ts";
export { partnerReportCsv } from "./reports/partner-report-csv.ts";
export { partnerReportPrint } from "./reports/partner-report-page.ts";
export { findSignature } from "./visits/signatures.ts";
export { findVisit } from "./visits/queries.ts";
export { localNetworkAddresses } from "./kernel/public-address.ts";
export { deliverDue, pruneWebhookEvents } from "./webhooks/delivery.ts";
export { webhooksChannel } from "./webhooks/schema.ts";
export { fanOutEvents } from "./webhooks/fan-out.ts";
export { sendStaffAlerts, alertGroupingMs } from "./notifications/sending.ts";
export { sendDailySummaries } from "./notifications/daily-summary.ts";
export { staffAlertsChannel } from "./notifications/schema.ts";
export { openRollCallAt } from "./roll-calls/queries.ts";
export { rollCallCsv } from "./roll-calls/csv.ts";
export { assertCallerRollCall } from "./roll-calls/access.ts";
export { rollCallGetInput } from "./roll-calls/schema.ts";
