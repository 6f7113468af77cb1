import { sql, type Kysely } from "kysely";

// Two things of households: names compared fuzzily, and the party on a visit's events.
//
// Possible duplicate households compare names fuzzily (a name misspelled at one visit, "Delgado"
// and "Delgato"), by edit distance: fuzzystrmatch's levenshtein, a trusted contrib extension that
// PostgreSQL's packages and PGlite (its contrib bundle, loaded by createDb) both carry. Trigram
// similarity (pg_trgm) was weighed and left: short names share too few trigrams ("Smith" and
// "Smyth" score 0.33), so any one threshold either misses them or pairs unrelated long names.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists fuzzystrmatch`.execute(db);
  // Two names alike: written alike without case, spaces or punctuation, at most one edit (a letter
  // added, dropped or changed) per four letters of the shorter, none for two letters or fewer. An
  // empty name (erased, or never given) is like none.
  await sql`create function names_alike(a text, b text) returns boolean
    language sql immutable parallel safe as $$
      select x <> '' and y <> ''
        and levenshtein(x, y) <= (least(length(x), length(y)) + 1) / 4
      from (select left(lower(regexp_replace(a, '[^[:alnum:]]', '', 'g')), 255) as x,
          left(lower(regexp_replace(b, '[^[:alnum:]]', '', 'g')), 255) as y) bare
    $$`.execute(db);
  // A visit's events (webhooks, staff alerts) count people, not sign-ins: the party's size and its
  // household (an id, named nowhere else in the event, so sent with or without personal details).
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
        'signedInFrom', v.signed_in_from,
        'partySize', v.party_size,
        'householdId', v.household_id)
    $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 0034's webhook_visit_data, as it was.
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
  await sql`drop function names_alike(text, text)`.execute(db);
  await sql`drop extension if exists fuzzystrmatch`.execute(db);
}
