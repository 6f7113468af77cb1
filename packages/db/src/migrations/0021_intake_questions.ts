import { sql, type Kysely } from "kysely";

// A site's own questions at sign-in, set up by an admin. A question is never deleted, only retired,
// so the answers given to it keep their question; an edit changes what is asked from then on, and
// each answer keeps the words it was asked and answered with (a snapshot beside its value), so an
// old period's export shows the question as it was.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table questions (
    id serial primary key,
    kind text not null
      check (kind in ('text', 'number', 'yesno', 'choice', 'choices', 'date', 'zip', 'consent')),
    label jsonb not null,
    help jsonb not null default '{"en": "", "es": ""}',
    required boolean not null default false,
    choices jsonb not null default '[]',
    min double precision,
    max double precision,
    program_ids jsonb not null default '[]',
    ask_every text not null default 'visit' check (ask_every in ('visit', 'visitor')),
    reask_after_months integer,
    position integer not null,
    retired_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index questions_live_position_idx on questions (position) where retired_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table questions`.execute(db);
}
