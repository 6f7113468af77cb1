import type { Executor, LabelPrintState } from "@vsi/db";
import { notFound } from "../kernel/errors.ts";
import { toLocationLabels } from "./mappers.ts";

/** A visit as its ticket needs it: names, program, day and place, and its location's label settings. */
export async function visitForLabel(db: Executor, visitId: number) {
  const row = await db
    .selectFrom("visits")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .leftJoin("location_labels", "location_labels.location_id", "visits.location_id")
    .leftJoin("label_prints", "label_prints.visit_id", "visits.id")
    .select([
      "visits.id",
      "visits.location_id",
      "visits.first_name",
      "visits.last_name",
      "visits.time_in",
      "visits.time_out",
      "visits.queue_number",
      "programs.name as program_name",
      "locations.time_zone",
      "location_labels.size as label_size",
      "location_labels.printer_kind",
      "location_labels.printer_host",
      "location_labels.printer_port",
      "label_prints.state as print_state",
      "label_prints.attempt as print_attempt",
      "label_prints.error as print_error",
      "label_prints.requested_at as print_requested_at",
      "label_prints.finished_at as print_finished_at",
    ])
    .where("visits.id", "=", visitId)
    .executeTakeFirst();
  if (!row) throw notFound("Visit");
  return { ...row, ...toLocationLabels(row) };
}
export type VisitForLabel = Awaited<ReturnType<typeof visitForLabel>>;

/** A print begins: the visit's latest print is this one, sending. Returns which print it is. */
export async function startLabelPrint(db: Executor, visitId: number, now: Date) {
  const values = { state: "sending" as const, error: null, requested_at: now, finished_at: null };
  const row = await db
    .insertInto("label_prints")
    .values({ visit_id: visitId, ...values })
    .onConflict((oc) =>
      oc.column("visit_id").doUpdateSet((eb) => ({
        ...values,
        attempt: eb(eb.ref("label_prints.attempt"), "+", 1),
      })),
    )
    .returning("attempt")
    .executeTakeFirstOrThrow();
  return row.attempt;
}

/** How print `attempt` ended; a later print of the visit is left alone. */
export async function finishLabelPrint(
  db: Executor,
  visitId: number,
  attempt: number,
  outcome: { state: Exclude<LabelPrintState, "sending">; error: string | null },
  now: Date,
) {
  await db
    .updateTable("label_prints")
    .set({ state: outcome.state, error: outcome.error, finished_at: now })
    .where("visit_id", "=", visitId)
    .where("attempt", "=", attempt)
    .execute();
}
