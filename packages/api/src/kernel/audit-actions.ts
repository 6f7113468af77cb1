// Zod-free, so the web's first chunk can name the actions without loading zod.

/** What the audit log records, one name per kind of change. */
export const auditActions = [
  "visit.sign_in",
  "visit.sign_out",
  "visit.update",
  "visit.delete",
  /** Staff's decision on a visit past its program's visit limit (the reason stays on the visit). */
  "visit.approve",
  "visit.decline",
  /** The line: a number called to a desk, then served or marked not present. */
  "visit.call",
  "visit.serve",
  "visit.no_show",
  /** A lottery's draw: its seed and how many it ordered. */
  "location.queue_draw",
  /** A now-serving screen's code made, or revoked (its page stops). */
  "location.screen",
  "location.screen_revoke",
  "location.create",
  "location.update",
  "location.delete",
  /** A new door code: the location's old posters stop signing anyone in. */
  "location.door_code",
  "program.create",
  "program.update",
  "program.delete",
  "question.create",
  "question.update",
  "question.retire",
  "user.invite",
  "user.deactivate",
  "user.reactivate",
  "user.make_admin",
  "user.remove_admin",
  /** A user's locations or roles there changed: `details.access` the new ones. */
  "user.change_access",
  "user.change_email",
  "user.set_password",
  "tablet.setup",
  "tablet.disconnect",
  "settings.update",
  "retention.run",
  "visitor.export",
  "visitor.forget",
  /** A tablet's returning-visitor lookups of one day: one row, its count raised by each. */
  "visitor.lookup",
  "webhook.create",
  "webhook.update",
  /** Paused by an admin; the server's own pause after 3 days of failures is on the endpoint. */
  "webhook.pause",
  "webhook.resume",
  "webhook.delete",
  /** A roll call started or ended at a location: its counts, never its names. */
  "roll_call.start",
  "roll_call.end",
  /** A household added or changed by staff: how many members, or which fields, never who. */
  "household.create",
  "household.update",
  /** Two households made one (the other's id, how many members and visits moved), a member moved. */
  "household.merge",
  "household.member_move",
  "eligibility_basis.create",
  /** A report preset added, changed (which fields, its bands) or deleted by a network admin. */
  "report_preset.create",
  "report_preset.update",
  "report_preset.delete",
] as const;
export type AuditAction = (typeof auditActions)[number];
