import { sql, type Kysely } from "kysely";

// An event keeps of a visit's answers their values alone, which is all an endpoint is ever sent:
// the copy of each question's words, in both languages, made an event's row three times its size,
// and every byte of a sign-in's transaction is written to the WAL before the sign-in is answered.
// For the same reason the events' message ids lose their unique index: 128 random bits, never
// looked up, and a random key touched another page of the index at every sign-in.
export async function up(db: Kysely<unknown>): Promise<void> {
  // PL/pgSQL, planned once per session: an SQL function reading from jsonb_each is planned at each call.
  await sql`create function webhook_answer_values(answers jsonb) returns jsonb
    language plpgsql immutable as $$
      begin
        return (select coalesce(jsonb_object_agg(a.key, a.value -> 'value'), '{}')
          from jsonb_each(answers) a);
      end
    $$`.execute(db);
  await sql`create or replace function webhook_visit_data(v visits, location_name text, program_name text)
    returns jsonb language sql stable as $$
      select jsonb_build_object(
        'visitId', v.id,
        'location', jsonb_build_object('id', v.location_id, 'name', location_name),
        'program', jsonb_build_object('id', v.program_id, 'name', program_name),
        'firstName', v.first_name,
        'lastName', v.last_name,
        'phoneNumber', v.phone_number,
        'temperature', v.temperature,
        'answers', webhook_answer_values(v.answers),
        'timeIn', to_char(v.time_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'timeOut', to_char(v.time_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signedOutBy', v.signed_out_by,
        'signedInFrom', v.signed_in_from)
    $$`.execute(db);
  await sql`update webhook_events
    set data = jsonb_set(data, '{answers}', webhook_answer_values(data -> 'answers'))
    where data -> 'answers' <> '{}'`.execute(db);
  await sql`alter table webhook_events drop constraint webhook_events_message_id_key`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table webhook_events add constraint webhook_events_message_id_key unique (message_id)`.execute(
    db,
  );
  // The values go back in the shape the earlier code reads; the question's words are gone.
  await sql`update webhook_events
    set data = jsonb_set(data, '{answers}', (select jsonb_object_agg(a.key, jsonb_build_object('value', a.value))
      from jsonb_each(data -> 'answers') a))
    where data -> 'answers' <> '{}'`.execute(db);
  // 0031's webhook_visit_data, as it was.
  await sql`create or replace function webhook_visit_data(v visits, location_name text, program_name text)
    returns jsonb language sql stable as $$
      select jsonb_build_object(
        'visitId', v.id,
        'location', jsonb_build_object('id', v.location_id, 'name', location_name),
        'program', jsonb_build_object('id', v.program_id, 'name', program_name),
        'firstName', v.first_name,
        'lastName', v.last_name,
        'phoneNumber', v.phone_number,
        'temperature', v.temperature,
        'answers', v.answers,
        'timeIn', to_char(v.time_in at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'timeOut', to_char(v.time_out at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'signedOutBy', v.signed_out_by,
        'signedInFrom', v.signed_in_from)
    $$`.execute(db);
  await sql`drop function webhook_answer_values(jsonb)`.execute(db);
}
