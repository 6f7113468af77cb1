import { sql, type Kysely } from "kysely";

// Households, as food pantries count people: a visitor belongs to a household (found by any of its
// members' phones), which has an address, a size and, for programs that ask, a self-declared basis
// of eligibility. A visit may sign in a party of the household: its size, and who of it came.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The bases of eligibility an admin offers (SNAP, WIC, income under the guideline…), in both
  // languages.
  await sql`create table eligibility_bases (
    id serial primary key,
    label jsonb not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Erasure blanks the address line and keeps the row, so households are still counted once.
  await sql`create table households (
    id serial primary key,
    address_line1 text not null default '',
    zip text not null default '',
    size integer not null check (size between 1 and 50),
    eligibility_basis_id integer references eligibility_bases (id),
    certified_at timestamptz,
    erased_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  // Erasure blanks a member's names, phone, birth date and relationship and keeps the row: the
  // people a household counted stay counted.
  await sql`create table household_members (
    id serial primary key,
    household_id integer not null references households (id) on delete cascade,
    first_name text not null,
    last_name text not null,
    phone_number text,
    birth_date date,
    relationship text,
    erased_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index household_members_household_idx
    on household_members (household_id)`.execute(db);
  // A phone finds one household: a number is one member's at a time.
  await sql`create unique index household_members_phone_idx
    on household_members (phone_number) where phone_number is not null`.execute(db);

  await sql`alter table programs add column signs_in_household boolean not null default false`.execute(
    db,
  );
  // A visit's household and party: 1 and none for every visit before (and every program that
  // signs in one person). A constant default: no table rewrite.
  await sql`alter table visits add column household_id integer
    references households (id) on delete set null`.execute(db);
  await sql`alter table visits add column party_size smallint not null default 1
    constraint visits_party_size_check check (party_size between 1 and 50)`.execute(db);
  await sql`alter table visits add column household_member_ids integer[]`.execute(db);
  // How often a household may come ({count, per: month | week | days, days, acrossLocations}); a
  // visit past it waits for staff, who approve or decline it with a reason. Null: within the
  // limit, as nearly every visit is, which then writes no byte more.
  await sql`alter table programs add column visit_limit jsonb`.execute(db);
  await sql`alter table visits add column eligibility text
    constraint visits_eligibility_check check (eligibility in ('waiting', 'approved', 'declined'))`.execute(
    db,
  );
  await sql`alter table visits add column eligibility_reason text`.execute(db);
  await sql`alter table visits add column eligibility_decided_by integer
    references users (id) on delete set null`.execute(db);
  await sql`alter table visits add column eligibility_decided_at timestamptz`.execute(db);
  // A household's visits, by time. Partial: a sign-in without a household writes no entry here.
  await sql`create index visits_household_idx on visits (household_id, time_in)
    where household_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index visits_household_idx`.execute(db);
  await sql`alter table visits drop column eligibility_decided_at`.execute(db);
  await sql`alter table visits drop column eligibility_decided_by`.execute(db);
  await sql`alter table visits drop column eligibility_reason`.execute(db);
  await sql`alter table visits drop column eligibility`.execute(db);
  await sql`alter table programs drop column visit_limit`.execute(db);
  await sql`alter table visits drop column household_member_ids`.execute(db);
  await sql`alter table visits drop column party_size`.execute(db);
  await sql`alter table visits drop column household_id`.execute(db);
  await sql`alter table programs drop column signs_in_household`.execute(db);
  await sql`drop table household_members`.execute(db);
  await sql`drop table households`.execute(db);
  await sql`drop table eligibility_bases`.execute(db);
}
