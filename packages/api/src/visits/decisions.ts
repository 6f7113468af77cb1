import { sql } from "kysely";
import type { Eligibility, Executor, Visit } from "@vsi/db";
import { auditColumns, auditValues, type AuditActor } from "../kernel/audit.ts";
import { HttpError, notFound } from "../kernel/errors.ts";
import { say, householdMessages } from "../kernel/messages.ts";

/**
 * Staff's decision on a visit waiting past its program's visit limit: approved or declined, with
 * their reason, who and when, and its audit row, in one statement that changes only a waiting
 * visit (two decisions at once: the second finds it decided). 404 for no visit, 409 for one not
 * waiting.
 */
export async function decideVisit(
  db: Executor,
  id: number,
  decision: Extract<Eligibility, "approved" | "declined">,
  reason: string,
  actor: AuditActor,
  now: Date,
): Promise<Visit> {
  const decided = await db
    .with("decided", (db) =>
      db
        .updateTable("visits")
        .set({
          eligibility: decision,
          eligibility_reason: reason,
          eligibility_decided_by: actor.kind === "user" ? actor.userId : null,
          eligibility_decided_at: now,
          updated_at: now,
        })
        .where("id", "=", id)
        .where("eligibility", "=", "waiting")
        .returningAll(),
    )
    .with("audit", (db) =>
      db
        .insertInto("audit_log")
        .columns(auditColumns)
        .expression(
          db.selectFrom("decided").select([
            // The reason is staff's words about a visitor: the log says a decision was made.
            ...auditValues(
              actor,
              decision === "approved" ? "visit.approve" : "visit.decline",
              "visit",
              {},
              now,
            ),
            "decided.id as subject_id",
            "decided.location_id",
          ]),
        ),
    )
    .selectFrom("decided")
    .selectAll()
    .executeTakeFirst();
  if (decided) {
    const { visitor_key: _, ...visit } = decided;
    return visit;
  }
  const found = await db
    .selectFrom("visits")
    .select(sql<number>`1`.as("found"))
    .where("id", "=", id)
    .executeTakeFirst();
  if (!found) throw notFound("Visit");
  throw new HttpError(409, say(householdMessages.notWaiting));
}
