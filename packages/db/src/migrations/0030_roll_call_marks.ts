import { sql, type Kysely } from "kysely";

// Every mark of a roll call is kept (safe, or an undo), with its time, who made it and from which
// device: an undo no longer overwrites the mark it undoes. A person's state is their latest mark,
// read through one view (roll_call_states), so every reader derives it the same way.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table roll_call_marks (
    id serial primary key,
    roll_call_id integer not null references roll_calls (id) on delete cascade,
    person_id integer not null references roll_call_people (id) on delete cascade,
    safe boolean not null,
    marked_at timestamptz not null,
    marked_by integer references users (id) on delete set null,
    device text
  )`.execute(db);
  await sql`create index roll_call_marks_person_idx on roll_call_marks (person_id, marked_at, id)`.execute(
    db,
  );
  // Each person's one mark so far becomes their first kept mark (an undo's earlier mark is lost).
  await sql`insert into roll_call_marks (roll_call_id, person_id, safe, marked_at, marked_by)
    select roll_call_id, id, safe, marked_at, marked_by from roll_call_people
    where marked_at is not null`.execute(db);
  await sql`alter table roll_call_people drop column safe, drop column marked_at,
    drop column marked_by`.execute(db);
  await sql`create view roll_call_states as
    select p.id, p.roll_call_id, p.visit_id, p.name, p.program, p.erased_at,
      coalesce(latest.safe, false) as safe, latest.marked_at, latest.marked_by
    from roll_call_people p
    left join lateral (
      select m.safe, m.marked_at, m.marked_by from roll_call_marks m
      where m.person_id = p.id order by m.marked_at desc, m.id desc limit 1
    ) latest on true`.execute(db);
  // Devices with the roll call open hear a new mark as they heard a changed person.
  await sql`create trigger roll_call_marks_notify_insert after insert on roll_call_marks
    referencing new table as changed_rows
    for each statement execute function vsi_roll_calls_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop view roll_call_states`.execute(db);
  await sql`alter table roll_call_people add column safe boolean not null default false,
    add column marked_at timestamptz, add column marked_by integer references users (id) on delete set null`.execute(
    db,
  );
  await sql`update roll_call_people p set safe = latest.safe, marked_at = latest.marked_at, marked_by = latest.marked_by
    from (select distinct on (person_id) person_id, safe, marked_at, marked_by from roll_call_marks
      order by person_id, marked_at desc, id desc) latest
    where latest.person_id = p.id`.execute(db);
  await sql`drop table roll_call_marks`.execute(db);
}
