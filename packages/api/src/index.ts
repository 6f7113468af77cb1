export { appRouter, createCaller, type AppRouter } from "./root.ts";
export { createContext, type Context, type RequestLike, type ReplyLike } from "./context.ts";
export {
  describeError,
  errorBody,
  forbidden,
  HttpError,
  notFound,
  type FieldError,
} from "./errors.ts";
export { errorBodySchema } from "./schemas/error-body.ts";
export type { ProcedureMeta } from "./trpc.ts";
export { cookieNames, cookieOptions, xsrfHeader } from "./http/cookies.ts";
export { csrfRefused, passesCsrfCheck } from "./http/csrf.ts";
export { resolveIdentity, type Identity, type IdentitySource } from "./identity.ts";
export type { AppConfig, Mailer, MailMessage, Services, Storage } from "./services/types.ts";
export { hashPassword } from "./services/passwords.ts";
export { hashToken, generateToken } from "./services/tokens.ts";
export { insertUser, findUserByEmail, promoteToAdmin } from "./services/users.ts";
export { createFileMailer, createSmtpMailer } from "./services/mailer.ts";
export { createLocalStorage } from "./services/storage.ts";
export {
  accessTable,
  assertAdmin,
  assertMayWatchLocation,
  assertStaff,
  visitView,
  type Access,
  type IdentityKind,
  type VisitView,
} from "./permissions.ts";
export { csvHeaders, csvSelect, setSessionZone, visitsCsv } from "./services/visits-csv.ts";
export { csvCopySettings } from "./services/visits-csv.ts";
export { summaryStatement } from "./services/visit-summary.ts";
export { contentDisposition, csvFileName } from "./services/csv-filename.ts";
export { onSiteCsv, onSiteCsvFileName } from "./services/on-site-csv.ts";
export { onSiteInput, visitListInput, visitSchema } from "./schemas/visits.ts";
export { findUploadedFile, receiveUpload, UPLOADS_PATH } from "./services/uploads.ts";
export { fileKeyParam, maxUploadBytes } from "./schemas/assets.ts";
export { FILES_PATH } from "./mappers.ts";
export { limits } from "./services/rate-limit.ts";
export {
  extractArchive,
  databaseFolder,
  filesFolder,
  linkTree,
  manifestFile,
  type BackupManifest,
  type BackupReason,
} from "./services/backup-archive.ts";
export { fileMode, folderMode, restrictToOwner } from "./services/file-modes.ts";
export { countRows, schemaVersion, type BackupCounts } from "./services/backup-counts.ts";
export { backupsToKeep } from "./services/backup-retention.ts";
export { autoSignOut } from "./services/auto-sign-out.ts";
export {
  createBackups,
  lastNightlyTime,
  type BackupEntry,
  type Backups,
} from "./services/backups.ts";
export {
  accessChannel,
  parseAccessChange,
  parseVisitChange,
  visitChangeEvent,
  visitsChannel,
  watchAccess,
  type VisitChange,
} from "./services/live.ts";
export { idParam } from "./schemas/common.ts";
export {
  liveEvents,
  liveEventsPath,
  type LiveClosedEvent,
  type LiveVisitEvent,
} from "./schemas/live.ts";
export { runRetention, retentionStatus } from "./services/retention.ts";
export { recordAudit, systemActor, type AuditActor, type AuditAction } from "./services/audit.ts";
