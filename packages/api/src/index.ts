export { appRouter, createCaller, type AppRouter } from "./router.ts";
export { createContext, type ReplyLike, type RequestLike } from "./callers/context.ts";
export type { Context } from "./kernel/context.ts";
export { describeError, errorBody, forbidden, HttpError, notFound } from "./kernel/errors.ts";
export { errorBodySchema } from "./error-body.ts";
export type { ProcedureMeta } from "./kernel/trpc.ts";
export { cookieNames, cookieOptions, type CookieOptions } from "./kernel/cookies.ts";
export type { IdentitySource } from "./callers/identity.ts";
export { csrfRefused, passesCsrfCheck } from "./kernel/csrf.ts";
export type { AppConfig, Mailer, MailMessage, Services, Storage } from "./kernel/services.ts";
export { hashPassword } from "./accounts/passwords.ts";
export { hashToken, generateToken } from "./kernel/tokens.ts";
export { insertUser, findUserByEmail, promoteToAdmin } from "./accounts/users.ts";
export {
  accessTable,
  assertAdmin,
  assertStaff,
  visitView,
  type Access,
  type IdentityKind,
  type VisitView,
} from "./kernel/permissions.ts";
export {
  csvCopySelect,
  csvHeaders,
  csvSelect,
  setSessionZone,
  visitsCsv,
} from "./reports/visits-csv.ts";
export { summaryStatement } from "./reports/summary.ts";
export { funderSummaryStatements, summarySettings } from "./reports/funder-summary.ts";
export { contentDisposition, csvFileName } from "./reports/csv-filename.ts";
export { onSiteCsv, onSiteCsvFileName } from "./reports/on-site-csv.ts";
export { funderSummaryCsv } from "./reports/funder-summary-csv.ts";
export { funderSummaryInput } from "./reports/funder-summary-schema.ts";
export { onSiteInput, visitListInput } from "./visits/schema.ts";
export { findUploadedFile, receiveUpload, UPLOADS_PATH } from "./files/uploads.ts";
export { fileKeyParam, maxUploadBytes } from "./files/schema.ts";
export { FILES_PATH } from "./files/urls.ts";
export { limits } from "./kernel/rate-limit.ts";
export { autoSignOut } from "./visits/auto-sign-out.ts";
export {
  accessChannel,
  parseAccessChange,
  parseRollCallChange,
  parseVisitChange,
  rollCallsChannel,
  visitChangeEvent,
  visitsChannel,
  watchAccess,
  type VisitChange,
} from "./visits/live.ts";
export { idParam } from "./kernel/schema.ts";
export { liveEvents, type LiveReadyEvent } from "./visits/live-schema.ts";
export { runRetention, retentionStatus } from "./admin/retention.ts";
export { doorPoster } from "./door/poster.ts";
export { linkBase, localNetworkAddresses } from "./kernel/public-address.ts";
export { deliverDue, pruneWebhookEvents, type DeliveryRun } from "./webhooks/delivery.ts";
export { webhooksChannel } from "./webhooks/schema.ts";
export { fanOutEvents } from "./webhooks/fan-out.ts";
export { sendStaffAlerts, alertGroupingMs, type AlertRun } from "./alerts/sending.ts";
export { sendDailySummaries, dailySummaryHour } from "./alerts/daily-summary.ts";
export { staffAlertsChannel } from "./alerts/schema.ts";
export { openRollCallAt } from "./roll-calls/queries.ts";
export { rollCallCsv } from "./roll-calls/csv.ts";
export { rollCallGetInput } from "./roll-calls/schema.ts";
