import { sql, type Kysely } from "kysely";

// Intake questions and webhooks, as programs in 0050: the network's (location_id null: every
// location asks the question, the webhook hears every location it names) or one location's own,
// made with it and never moved. Existing ones stay the network's.
//
// A location's own webhook hears that location's visits alone, whoever wrote its row: the rule
// is the one every event's fan-out asks (webhook_endpoint_wants), written out whole again here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table questions add column location_id integer references locations(id) on delete cascade`.execute(
    db,
  );
  await sql`alter table webhook_endpoints add column location_id integer references locations(id) on delete cascade`.execute(
    db,
  );
  await sql`create or replace function webhook_endpoint_wants(e webhook_endpoints, event_type text, at_location integer)
    returns boolean language sql immutable as $$
      select e.enabled and e.events @> to_jsonb(event_type)
        and (e.location_id is null or e.location_id = at_location)
        and (jsonb_array_length(e.location_ids) = 0 or e.location_ids @> to_jsonb(at_location))
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create or replace function webhook_endpoint_wants(e webhook_endpoints, event_type text, at_location integer)
    returns boolean language sql immutable as $$
      select e.enabled and e.events @> to_jsonb(event_type)
        and (jsonb_array_length(e.location_ids) = 0 or e.location_ids @> to_jsonb(at_location))
    $$`.execute(db);
  await sql`alter table webhook_endpoints drop column location_id`.execute(db);
  await sql`alter table questions drop column location_id`.execute(db);
}
