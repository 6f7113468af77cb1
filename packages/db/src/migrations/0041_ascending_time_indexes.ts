import { sql, type Kysely } from "kysely";

// The time indexes a sign-in (and each audit row, each webhook attempt) adds to, ascending: a new
// row then lands at the right end of its range, where a full page splits leaving 90% behind, not
// at the left end, where every split halves a page and logs the half it moves. A newest-first
// read walks the same index backwards.
const ascending = [
  [
    "visits_time_in_idx",
    "visits (time_in, id) include (location_id, program_id, phone_number, time_out, visitor_key)",
  ],
  [
    "visits_location_time_in_idx",
    "visits (location_id, time_in, id) include (program_id, phone_number, time_out, visitor_key)",
  ],
  ["visits_program_time_in_idx", "visits (program_id, time_in, id)"],
  ["visits_phone_time_in_idx", "visits (phone_number, time_in)"],
  ["visits_answered_by_visitor_idx", "visits (visitor_key, time_in) where answers <> '{}'"],
  ["audit_log_at_idx", "audit_log (at, id)"],
  ["audit_log_action_at_idx", "audit_log (action, at, id)"],
  ["audit_log_location_at_idx", "audit_log (location_id, at, id)"],
  ["audit_log_user_at_idx", "audit_log (user_id, at, id) where user_id is not null"],
  ["webhook_attempts_endpoint_idx", "webhook_attempts (endpoint_id, at, id)"],
] as const;

const descending = [
  [
    "visits_time_in_idx",
    "visits (time_in desc, id desc) include (location_id, program_id, phone_number, time_out, visitor_key)",
  ],
  [
    "visits_location_time_in_idx",
    "visits (location_id, time_in desc, id desc) include (program_id, phone_number, time_out, visitor_key)",
  ],
  ["visits_program_time_in_idx", "visits (program_id, time_in desc, id desc)"],
  ["visits_phone_time_in_idx", "visits (phone_number, time_in desc)"],
  ["visits_answered_by_visitor_idx", "visits (visitor_key, time_in desc) where answers <> '{}'"],
  ["audit_log_at_idx", "audit_log (at desc, id desc)"],
  ["audit_log_action_at_idx", "audit_log (action, at desc, id desc)"],
  ["audit_log_location_at_idx", "audit_log (location_id, at desc, id desc)"],
  ["audit_log_user_at_idx", "audit_log (user_id, at desc, id desc) where user_id is not null"],
  ["webhook_attempts_endpoint_idx", "webhook_attempts (endpoint_id, at desc, id desc)"],
] as const;

async function replace(db: Kysely<unknown>, indexes: typeof ascending | typeof descending) {
  for (const [name, definition] of indexes) {
    await sql`drop index ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on ${sql.raw(definition)}`.execute(db);
  }
  await sql`analyze visits, audit_log, webhook_attempts`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, ascending);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, descending);
}
