import { sql, type RawBuilder } from "kysely";

// What the funder summary counts of an answer, once and for both the answers a visit has and
// what it keeps of them when erased (visits.answer_figures): the summary's figures for a period
// come out the same before and after retention or "forget" erase the answers.

/**
 * Whole years from a date answer (text, `YYYY-MM-DD`) to a day (a date); null for anything else
 * (an answer given before its question became a date).
 */
export const yearsSince = (date: RawBuilder<unknown>, day: RawBuilder<unknown>) =>
  // YYYYMMDD as numbers: their difference's ten-thousands are whole years, negative for a date
  // after the day (cheaper than age() per answer).
  sql<number | null>`case when ${date} ~ '^\\d{4}-\\d{2}-\\d{2}$'
    then floor((to_char(${day}, 'YYYYMMDD')::int - replace(${date}, '-', '')::int) / 10000.0)::int end`;

/** The visit's day where it happened (the summary bands ages at it). */
export const visitDay = (visits: string, locations: string) =>
  sql<string>`(${sql.ref(`${visits}.time_in`)} at time zone ${sql.ref(`${locations}.time_zone`)})::date`;

/**
 * What an erased visit (the row being updated, `visits`) keeps of its answers: a choice, yes/no,
 * consent, number or ZIP code as given (none of them names anyone once the name and phone are
 * gone), a date only as the age it made at the visit, a text only as answered. Null without answers.
 */
export const keptAnswerFigures = sql<string | null>`(select jsonb_object_agg(given.key, case
      when asked.kind = 'date' then jsonb_build_object('age', ${yearsSince(
        sql`given.value ->> 'value'`,
        sql`(select ${visitDay("visits", "place")} from locations place where place.id = visits.location_id)`,
      )})
      when asked.kind in ('choice', 'choices', 'yesno', 'consent', 'number', 'zip')
        then jsonb_build_object('value', given.value -> 'value')
      else '{}'::jsonb end)
    from jsonb_each(visits.answers) given
    left join questions asked on asked.id::text = given.key)`;
