import { sql, type Kysely } from "kysely";

// A question's position was one order across the network's questions and every location's own, so
// a site admin's reorder moved their questions among other sites' and a tablet's order hung on
// questions it never asks. From here a position is an order among its owner's live questions
// alone (the network's, or one location's), and a form asks the network's first, then its
// location's own. Each owner's questions keep the order they had among themselves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update questions q set position = ranked.place
    from (select id, row_number() over (partition by location_id order by position, id) - 1 as place
      from questions where retired_at is null) ranked
    where q.id = ranked.id and q.position <> ranked.place`.execute(db);
}

// Back to one order: the network's first, then each location's own, as the forms asked them.
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update questions q set position = ranked.place
    from (select id, row_number() over (order by location_id nulls first, position, id) - 1 as place
      from questions where retired_at is null) ranked
    where q.id = ranked.id and q.position <> ranked.place`.execute(db);
}
