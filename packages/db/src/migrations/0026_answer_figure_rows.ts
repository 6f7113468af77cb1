import { sql, type Kysely } from "kysely";

// The funder summary's figures per question read a narrow row per visit and question, already
// bucketed, instead of expanding every visit's answers (each with its question's words) at query
// time. Triggers write them, as they write visitor_key: every writer of visits gets them without
// knowing. An erased visit keeps its rows (they name nobody), so figures outlive erasure.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table answer_figures (
    visit_id integer not null references visits (id) on delete cascade,
    question_id integer not null,
    visitor_key bytea,
    location_id integer not null,
    program_id integer not null,
    time_in timestamptz not null,
    -- What the summary counts: one bucket (a choice, 'true'/'false', a ZIP5, an age in whole
    -- years, null for a text or a number), or each pick of a several-choices (none: unanswered).
    buckets text[] not null,
    number numeric,
    primary key (visit_id, question_id)
  )`.execute(db);
  // The period scans, at one location or all, carry what the summary reads: index-only scans,
  // not a visit's scattered rows fetched from the table.
  await sql`create index answer_figures_location_time_in_idx on answer_figures (location_id, time_in)
    include (visitor_key, question_id, program_id, buckets, number)`.execute(db);
  await sql`create index answer_figures_time_in_idx on answer_figures (time_in)
    include (visitor_key, question_id, location_id, program_id, buckets, number)`.execute(db);

  // The one bucketing rule. A date's age is whole years at the visit's local day, from the
  // days' digits (YYYYMMDD difference / 10000, cheaper than age()), negative after the visit;
  // an answer already reduced to an age (erased before this table existed) keeps it.
  await sql`create function answer_figure_rows(given_answers jsonb, at_location integer, at_time timestamptz)
    returns table (question_id integer, buckets text[], number numeric)
    language sql stable as $$
      select asked.id,
        case when asked.kind = 'choices' then
          case when jsonb_typeof(given.value -> 'value') = 'array'
            then array(select jsonb_array_elements_text(given.value -> 'value')) else '{}' end
        else array[case
          when asked.kind in ('choice', 'yesno', 'consent') then given.value #>> '{value}'
          when asked.kind = 'zip' then left(given.value #>> '{value}', 5)
          when asked.kind = 'date' then coalesce(given.value ->> 'age',
            case when given.value ->> 'value' ~ '^\\d{4}-\\d{2}-\\d{2}$' then
              floor((to_char((at_time at time zone place.time_zone)::date, 'YYYYMMDD')::int
                - replace(given.value ->> 'value', '-', '')::int) / 10000.0)::int::text end)
        end] end,
        case when asked.kind = 'number' and jsonb_typeof(given.value -> 'value') = 'number'
          then (given.value #>> '{value}')::numeric end
      from jsonb_each(given_answers) given
      join questions asked on asked.id::text = given.key
      cross join (select time_zone from locations where id = at_location) place
    $$`.execute(db);

  // Answers given or changed: rows replaced. Emptied by erasure: rows kept, following the visit
  // (a forgotten person's new random key). Emptied otherwise: rows gone.
  await sql`create function visits_answer_figures() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        if new.answers = '{}' and new.erased_at is not null then
          update answer_figures set visitor_key = new.visitor_key, location_id = new.location_id,
              program_id = new.program_id, time_in = new.time_in
            where visit_id = new.id and (visitor_key, location_id, program_id, time_in)
              is distinct from (new.visitor_key, new.location_id, new.program_id, new.time_in);
          return null;
        end if;
        delete from answer_figures where visit_id = new.id;
      end if;
      insert into answer_figures (visit_id, question_id, visitor_key, location_id, program_id,
                                  time_in, buckets, number)
        select new.id, f.question_id, new.visitor_key, new.location_id, new.program_id,
               new.time_in, f.buckets, f.number
        from answer_figure_rows(new.answers, new.location_id, new.time_in) f;
      return null;
    end
  $$`.execute(db);
  // After visits_visitor_key has set the key; phone_number is listed because that trigger's
  // change of visitor_key does not count as a column the UPDATE names.
  await sql`create trigger visits_answer_figures_insert after insert on visits
    for each row when (new.answers <> '{}') execute function visits_answer_figures()`.execute(db);
  await sql`create trigger visits_answer_figures_update after update of answers, phone_number,
      visitor_key, location_id, program_id, time_in, erased_at on visits
    for each row execute function visits_answer_figures()`.execute(db);

  // A question whose kind changes buckets the answers it still has anew (erased ones are kept).
  await sql`create function questions_answer_figures() returns trigger language plpgsql as $$
    begin
      delete from answer_figures f using visits v
        where f.question_id = new.id and v.id = f.visit_id and v.erased_at is null;
      insert into answer_figures (visit_id, question_id, visitor_key, location_id, program_id,
                                  time_in, buckets, number)
        select v.id, f.question_id, v.visitor_key, v.location_id, v.program_id, v.time_in,
               f.buckets, f.number
        from visits v
        cross join lateral answer_figure_rows(jsonb_build_object(new.id::text, v.answers -> new.id::text),
                                              v.location_id, v.time_in) f
        where v.erased_at is null and v.answers ? new.id::text;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger questions_answer_figures after update of kind on questions
    for each row when (old.kind is distinct from new.kind)
    execute function questions_answer_figures()`.execute(db);

  // Backfill: live answers, and what erased visits kept (answer_figures, now one rule, not two).
  await sql`insert into answer_figures (visit_id, question_id, visitor_key, location_id, program_id,
                                        time_in, buckets, number)
    select v.id, f.question_id, v.visitor_key, v.location_id, v.program_id, v.time_in,
           f.buckets, f.number
    from visits v
    cross join lateral answer_figure_rows(case when v.erased_at is null then v.answers
      else coalesce(v.answer_figures, '{}') end, v.location_id, v.time_in) f
    where v.answers <> '{}' or v.answer_figures is not null`.execute(db);
  await sql`alter table visits drop column answer_figures`.execute(db);
  await sql`analyze answer_figures`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Erased visits' figures are not turned back into answers: they count as unanswered.
  await sql`alter table visits add column answer_figures jsonb`.execute(db);
  await sql`drop trigger questions_answer_figures on questions`.execute(db);
  await sql`drop function questions_answer_figures()`.execute(db);
  await sql`drop trigger visits_answer_figures_update on visits`.execute(db);
  await sql`drop trigger visits_answer_figures_insert on visits`.execute(db);
  await sql`drop function visits_answer_figures()`.execute(db);
  await sql`drop function answer_figure_rows(jsonb, integer, timestamptz)`.execute(db);
  await sql`drop table answer_figures`.execute(db);
}
