import { sql, type Expression, type RawBuilder } from "kysely";
import type { Executor } from "@vsi/db";
import type { AuditAction } from "./audit-actions.ts";

/** Who acted: a staff member or admin (session or token), a tablet at the door, or the server itself. */
export type AuditActor =
  { kind: "user"; userId: number } | { kind: "tablet"; tabletId: number } | { kind: "system" };

export const systemActor: AuditActor = { kind: "system" };

/** The caller (identity.ts) as the log names them; only those who may change something reach here. */
export function actorOf(
  identity: { kind: "tablet"; tabletId: number } | { kind: "user"; user: { id: number } },
): AuditActor {
  return identity.kind === "tablet"
    ? { kind: "tablet", tabletId: identity.tabletId }
    : { kind: "user", userId: identity.user.id };
}

export { auditActions, type AuditAction } from "./audit-actions.ts";

export interface AuditRecord {
  action: AuditAction;
  subjectType?:
    | "visit"
    | "location"
    | "program"
    | "question"
    | "user"
    | "invite"
    | "tablet"
    | "webhook"
    | "roll_call"
    | "household"
    | "eligibility_basis"
    | "report_preset";
  subjectId?: number | null;
  locationId?: number | null;
  /** Never a visitor's name or phone: the log outlives retention. */
  details?: Record<string, unknown>;
}

/** The actor's columns of the row. */
function actorColumns(actor: AuditActor) {
  return {
    actor: actor.kind,
    user_id: actor.kind === "user" ? actor.userId : null,
    tablet_id: actor.kind === "tablet" ? actor.tabletId : null,
  };
}

/** The row's values, for an insert of its own. */
function auditRow(actor: AuditActor, record: AuditRecord, at: Date) {
  return {
    at,
    ...actorColumns(actor),
    action: record.action,
    subject_type: record.subjectType ?? null,
    subject_id: record.subjectId ?? null,
    location_id: record.locationId ?? null,
    details: JSON.stringify(record.details ?? {}),
  };
}

/** Records a change; pass the transaction that makes the change, so both happen or neither. */
export async function recordAudit(
  db: Executor,
  actor: AuditActor,
  record: AuditRecord,
  at: Date,
): Promise<void> {
  await db
    .insertInto("audit_log")
    .values(auditRow(actor, record, at))
    .execute();
}

/** The actor's columns as SQL values, for statements that write the audit row themselves (one round trip). */
export function auditActorSql(actor: AuditActor): {
  actor: RawBuilder<string>;
  userId: RawBuilder<number | null>;
  tabletId: RawBuilder<number | null>;
} {
  const columns = actorColumns(actor);
  return {
    actor: sql<string>`${columns.actor}::text`,
    userId: sql<number | null>`${columns.user_id}::int`,
    tabletId: sql<number | null>`${columns.tablet_id}::int`,
  };
}

/** audit_log's columns in the order auditValues gives them, then the subject's id and location. */
export const auditColumns = [
  "at",
  "actor",
  "user_id",
  "tablet_id",
  "action",
  "subject_type",
  "details",
  "subject_id",
  "location_id",
] as const;

/** What a statement binds for its audit row: when, who, and the details as JSON text. */
export interface AuditBindings {
  auditAt: Date;
  auditActor: AuditActor["kind"];
  auditUserId: number | null;
  auditTabletId: number | null;
  auditDetails: string;
}

/**
 * A tablet that the statement checks itself (its `tablet`, tablets/queries.ts): the row's
 * tablet_id is that one's (auditSelect's `tabletId`), not a value bound before.
 */
export const checkedByStatement = { kind: "tablet", by: "statement" } as const;

export function auditBindings(
  actor: AuditActor | typeof checkedByStatement,
  details: Record<string, unknown>,
  at: Date,
): AuditBindings {
  const columns =
    "by" in actor ? { actor: actor.kind, user_id: null, tablet_id: null } : actorColumns(actor);
  return {
    auditAt: at,
    auditActor: columns.actor,
    auditUserId: columns.user_id,
    auditTabletId: columns.tablet_id,
    auditDetails: JSON.stringify(details),
  };
}

/**
 * The values of auditColumns but the last two, for an INSERT … SELECT that writes the row in the
 * same statement as the change (a data-modifying CTE): the subject and its location come from the
 * changed row, so a statement that changes nothing records nothing. Takes its bindings as values
 * (auditBindings), so a statement built once (`prepared`) can bind new ones on every run.
 */
export function auditSelect(
  bindings: AuditBindings,
  action: AuditAction,
  subjectType: NonNullable<AuditRecord["subjectType"]>,
  /** For checkedByStatement: the statement's own tablet. */
  tabletId: Expression<number | null> = sql<number | null>`${bindings.auditTabletId}::int`,
) {
  return [
    sql<Date>`${bindings.auditAt}::timestamptz`.as("at"),
    sql<string>`${bindings.auditActor}::text`.as("actor"),
    sql<number | null>`${bindings.auditUserId}::int`.as("user_id"),
    sql<number | null>`${tabletId}`.as("tablet_id"),
    sql<string>`${action}::text`.as("action"),
    sql<string>`${subjectType}::text`.as("subject_type"),
    sql<string>`${bindings.auditDetails}::jsonb`.as("details"),
  ] as const;
}

/** auditSelect with its bindings made here, for a statement built on each call. */
export function auditValues(
  actor: AuditActor,
  action: AuditAction,
  subjectType: NonNullable<AuditRecord["subjectType"]>,
  details: Record<string, unknown>,
  at: Date,
) {
  return auditSelect(auditBindings(actor, details, at), action, subjectType);
}

/** The names of the fields whose new value differs from the row's: an edit's record, never the values. */
export function changedFields<F extends string>(
  pairs: [field: F, before: unknown, after: unknown][],
): F[] {
  return pairs
    .filter(([, before, after]) => after !== undefined && !sameValue(before, after))
    .map(([field]) => field);
}

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}
