import { z } from "zod";
import { id, isoDateTime, pageQuery, text } from "../kernel/schema.ts";
import { calendarDate, timeZone, type TimeZone } from "../kernel/calendar.ts";
import { auditActions, type AuditAction } from "../kernel/audit-actions.ts";
import { say, reportMessages } from "../kernel/messages.ts";

export { auditActions, type AuditAction };
export const auditAction = z.enum(auditActions);

const actionsMessage = say(reportMessages.auditActions, { actions: auditActions.join(", ") });
const known = new Set<string>(auditActions);

/** One action or several, comma-separated (a query string carries one value per name here). */
const actionList = text()
  .max(1000)
  .transform((value) => [
    ...new Set(
      value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .refine(
    (actions) => actions.length > 0 && actions.every((action) => known.has(action)),
    actionsMessage,
  )
  .transform((actions) => actions as AuditAction[])
  .meta({
    description: "one action or several, comma-separated, e.g. visit.sign_in,visit.sign_out",
  });

/** The log's filters: from/to are calendar days in timeZone, inclusive, as the visits report's. */
export const auditListInput = z.object({
  action: actionList.optional(),
  userId: id.optional().meta({ description: "the staff member or admin who acted" }),
  locationId: id.optional(),
  from: calendarDate.optional(),
  to: calendarDate.optional(),
  timeZone: timeZone.default("UTC" as TimeZone),
  ...pageQuery,
});
export type AuditListInput = z.output<typeof auditListInput>;

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    at: isoDateTime,
    action: auditAction,
    actor: z.object({
      kind: z.enum(["user", "tablet", "system"]),
      userId: z.number().int().nullable(),
      name: z.string().nullable().meta({
        description:
          "the user's first and last name; null for a tablet, the system, or a user since deleted",
      }),
      email: z.string().nullable(),
      tabletId: z.number().int().nullable(),
      tabletLocation: z
        .object({ id: z.number().int(), name: z.string() })
        .nullable()
        .meta({ description: "where the tablet is (a tablet's label)" }),
    }),
    subject: z.object({ type: z.string(), id: z.number().int().nullable() }).nullable(),
    location: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
    details: z.record(z.string(), z.unknown()).meta({
      description: "what changed: field names for edits, never a visitor's name or phone",
    }),
  })
  .meta({ id: "AuditEntry" });
export type AuditEntry = z.output<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int(),
  totalEstimated: z.boolean(),
  page: z.number().int(),
  pageCount: z.number().int(),
});
