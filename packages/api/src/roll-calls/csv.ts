import { sql, type Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { csvLine, formulaSafeCell, utf8Bom } from "../kernel/csv-encoding.ts";
import { slug } from "../kernel/csv-encoding.ts";
import { csvTime, setSessionZone } from "../kernel/csv-times.ts";
import { notFound } from "../kernel/errors.ts";
import type { TimeZone } from "../kernel/calendar.ts";

/** A line per mark: each person's marks in time order, their state now on each; none: one line. */
export const rollCallCsvHeaders = [
  "Name",
  "Program",
  "Status",
  "Mark",
  "MarkedAt",
  "MarkedBy",
  "Device",
  "ReceivedAt",
] as const;

type Cells = Record<(typeof rollCallCsvHeaders)[number], string | null>;

/**
 * A roll call's record as CSV, in the record's order (programs, added people last, names), times
 * in `timeZone` with its offset as the other exports write them. Status is the person's state
 * (Safe or Not accounted for); Mark each mark (Safe or Undone), made at MarkedAt on the device and
 * received at ReceivedAt (later for a mark queued offline); an erased name is an empty cell.
 */
export async function rollCallCsv(
  db: Kysely<Database>,
  id: number,
  timeZone: TimeZone,
): Promise<{ csv: string; name: { ascii: string; utf8: string } }> {
  const { rollCall, rows } = await db.transaction().execute(async (trx) => {
    await setSessionZone(timeZone).execute(trx);
    const rollCall = await trx
      .selectFrom("roll_calls")
      .innerJoin("locations", "locations.id", "roll_calls.location_id")
      .select([
        "roll_calls.drill",
        "locations.name",
        sql<string>`to_char(roll_calls.started_at, 'YYYY-MM-DD')`.as("day"),
      ])
      .where("roll_calls.id", "=", id)
      .executeTakeFirst();
    if (!rollCall) throw notFound("Roll call");
    const rows = await trx
      .selectFrom("roll_call_states as person")
      .leftJoin("roll_call_marks as mark", "mark.person_id", "person.id")
      .leftJoin("users", "users.id", "mark.marked_by")
      .select([
        "person.name",
        "person.program",
        "person.safe",
        "mark.safe as mark",
        csvTime<string | null>("mark.marked_at").as("marked_at"),
        csvTime<string | null>("mark.received_at").as("received_at"),
        sql<string | null>`users.first_name || ' ' || users.last_name`.as("marked_by"),
        "mark.device",
      ])
      .where("person.roll_call_id", "=", id)
      .orderBy(sql`person.program is null`)
      .orderBy("person.program")
      .orderBy("person.name")
      .orderBy("person.id")
      .orderBy("mark.marked_at")
      .orderBy("mark.id")
      .execute();
    return { rollCall, rows };
  });
  const text = (cell: string | null) => (cell === null ? null : formulaSafeCell(cell));
  let csv = utf8Bom + csvLine(rollCallCsvHeaders);
  for (const row of rows) {
    const cells: Cells = {
      Name: row.name === "" ? null : text(row.name),
      Program: text(row.program),
      Status: row.safe ? "Safe" : "Not accounted for",
      Mark: row.mark === null ? null : row.mark ? "Safe" : "Undone",
      MarkedAt: row.marked_at,
      MarkedBy: text(row.marked_by),
      Device: text(row.device),
      ReceivedAt: row.received_at,
    };
    csv += csvLine(rollCallCsvHeaders.map((header) => cells[header]));
  }
  const file = (ascii: boolean) =>
    `${rollCall.drill ? "drill" : "roll-call"}-${rollCall.day}-${slug(rollCall.name, ascii) || id}.csv`;
  return { csv, name: { ascii: file(true), utf8: file(false) } };
}
