import { sql, type RawBuilder } from "kysely";
import type { Executor } from "@vsi/db";
import type { Identity } from "../identity.ts";

/** Who acted: a staff member or admin (session or token), a tablet at the door, or the server itself. */
export type AuditActor = { kind: "user"; userId: number } | { kind: "tablet"; tabletId: number } | { kind: "system" };

export const systemActor: AuditActor = { kind: "system" };

/** The caller as the log names them; only those who may change something reach here. */
export function actorOf(identity: Extract<Identity, { kind: "tablet" | "user" }>): AuditActor {
  return identity.kind === "tablet" ? { kind: "tablet", tabletId: identity.tabletId } : { kind: "user", userId: identity.user.id };
}

/** What the audit log records, one name per kind of change. */
export const auditActions = [
  "visit.sign_in",
  "visit.sign_out",
  "visit.update",
  "visit.delete",
  "location.create",
  "location.update",
  "location.delete",
  "program.create",
  "program.update",
  "program.delete",
  "user.invite",
  "user.deactivate",
  "user.reactivate",
  "user.make_admin",
  "user.remove_admin",
  "tablet.setup",
  "tablet.disconnect",
  "settings.update",
  "retention.run",
  "visitor.export",
  "visitor.forget",
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditRecord {
  action: AuditAction;
  subjectType?: "visit" | "location" | "program" | "user" | "invite" | "tablet";
  subjectId?: number | null;
  locationId?: number | null;
  /** Never a visitor's name or phone: the log outlives retention. */
  details?: Record<string, unknown>;
}

/** The row's values, for an insert of its own or one inside a larger statement. */
export function auditRow(actor: AuditActor, record: AuditRecord, at: Date) {
  return {
    at,
    actor: actor.kind,
    user_id: actor.kind === "user" ? actor.userId : null,
    tablet_id: actor.kind === "tablet" ? actor.tabletId : null,
    action: record.action,
    subject_type: record.subjectType ?? null,
    subject_id: record.subjectId ?? null,
    location_id: record.locationId ?? null,
    details: JSON.stringify(record.details ?? {}),
  };
}

/** Records a change; pass the transaction that makes the change, so both happen or neither. */
export async function recordAudit(db: Executor, actor: AuditActor, record: AuditRecord, at: Date): Promise<void> {
  await db.insertInto("audit_log").values(auditRow(actor, record, at)).execute();
}

/** The actor's columns as SQL values, for statements that write the audit row themselves (one round trip). */
export function auditActorSql(actor: AuditActor): { actor: RawBuilder<string>; userId: RawBuilder<number | null>; tabletId: RawBuilder<number | null> } {
  return {
    actor: sql<string>`${actor.kind}::text`,
    userId: sql<number | null>`${actor.kind === "user" ? actor.userId : null}::int`,
    tabletId: sql<number | null>`${actor.kind === "tablet" ? actor.tabletId : null}::int`,
  };
}
