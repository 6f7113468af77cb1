import { sql, type Kysely } from "kysely";

// Tickets and labels. A location's label settings live in a table of their own, not in columns of
// `locations`: other changes add columns there, and an install's column order would then depend
// on the order they landed in.
//
// `size` is the page the browser prints a ticket on; the printer, when set, is a network label
// printer that speaks ZPL on a TCP port, which the server sends a visit's label to.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table location_labels (
    location_id integer primary key references locations (id) on delete cascade,
    size text not null default '62x29mm'
      check (size in ('62x29mm', '2.25x1.25in', 'letter')),
    printer_kind text check (printer_kind in ('zpl')),
    printer_host text,
    printer_port integer check (printer_port between 1 and 65535),
    check ((printer_kind is null) = (printer_host is null)
      and (printer_host is null) = (printer_port is null))
  )`.execute(db);
  // A visit's latest label sent to a printer: staff see one that failed and send it again. One row
  // per visit, written again by each print; no visitor's details, so erasure leaves it.
  await sql`create table label_prints (
    visit_id integer primary key references visits (id) on delete cascade,
    state text not null check (state in ('sending', 'printed', 'failed')),
    -- Which print this is: the outcome of an earlier one, ending late, is not this one's.
    attempt integer not null default 1,
    error text,
    requested_at timestamptz not null,
    finished_at timestamptz
  )`.execute(db);
}
