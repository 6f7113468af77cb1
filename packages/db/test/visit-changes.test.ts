import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "../src/schema.ts";
import { eachMigratedDatabase } from "../src/testing.ts";

const databases = eachMigratedDatabase();

/** What the change feed and the webhooks' events said of the visit, in order, then forgotten. */
async function said(db: Kysely<Database>, visitId: number) {
  const feed = await sql<{ kind: string }>`
    select payload::json ->> 'kind' as kind from change_feed
    where channel = 'vsi_visits' and (payload::json ->> 'visitId')::int = ${visitId}
    order by xid`.execute(db);
  const events = await sql<{ type: string }>`
    select type from webhook_events where visit_id = ${visitId} order by id`.execute(db);
  await sql`delete from change_feed`.execute(db);
  await sql`delete from webhook_fan_outs`.execute(db);
  await sql`delete from webhook_events`.execute(db);
  return { feed: feed.rows.map((r) => r.kind), events: events.rows.map((r) => r.type) };
}

describe("a visit's change, named once for the change feed and the webhooks' events", () => {
  for (const [where, open] of Object.entries(databases)) {
    it(`agree on every kind of write, an erasure that also ends the visit included, on ${where}`, async (ctx) => {
      const db = (await open())?.kysely;
      if (!db) return ctx.skip();
      const { id: locationId } = await db
        .insertInto("locations")
        .values({ name: "Hall", address: "" })
        .returning("id")
        .executeTakeFirstOrThrow();
      const { id: programId } = await db
        .insertInto("programs")
        .values({ name: "Pantry" })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("webhook_endpoints")
        .values({
          url: "https://example.org/hook",
          events: JSON.stringify([
            "visit.signed_in",
            "visit.signed_out",
            "visit.updated",
            "visit.deleted",
          ]),
          secret: "whsec_test",
        })
        .execute();
      const visit = (firstName: string) =>
        db
          .insertInto("visits")
          .values({
            first_name: firstName,
            last_name: "Lopez",
            phone_number: "4155550101",
            location_id: locationId,
            program_id: programId,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
          .then((row) => row.id);
      const update = (id: number, set: Record<string, unknown>) =>
        db.updateTable("visits").set(set).where("id", "=", id).execute();

      const maria = await visit("Maria");
      expect(await said(db, maria)).toEqual({ feed: ["in"], events: ["visit.signed_in"] });
      await update(maria, { first_name: "María" });
      expect(await said(db, maria)).toEqual({ feed: ["changed"], events: ["visit.updated"] });
      // Nothing the visit says: the sheets look again, no receiver is told.
      await update(maria, { unproven: true });
      expect(await said(db, maria)).toEqual({ feed: ["changed"], events: [] });
      await update(maria, { time_out: sql`now()`, signed_out_by: "visitor" });
      expect(await said(db, maria)).toEqual({ feed: ["out"], events: ["visit.signed_out"] });

      // Erased and ended by one statement (a visitor forgotten while on site): an erasure to both.
      const ana = await visit("Ana");
      await said(db, ana);
      await update(ana, {
        first_name: "",
        last_name: "",
        phone_number: "",
        erased_at: sql`now()`,
        time_out: sql`now()`,
        signed_out_by: "staff",
      });
      expect(await said(db, ana)).toEqual({ feed: ["changed"], events: ["visit.deleted"] });

      await db.deleteFrom("visits").where("id", "=", maria).execute();
      expect(await said(db, maria)).toEqual({ feed: ["deleted"], events: ["visit.deleted"] });
    });

    it(`is written by one trigger per kind of write after the row, on ${where}`, async (ctx) => {
      const db = (await open())?.kysely;
      if (!db) return ctx.skip();
      const { rows } = await sql<{ name: string; fn: string }>`
        select t.tgname as name, p.proname as fn from pg_trigger t
        join pg_proc p on p.oid = t.tgfoid
        where t.tgrelid = 'visits'::regclass and not t.tgisinternal
          and p.proname not in ('visits_visitor_key', 'visits_answer_figures', 'visits_place_exists')
        order by t.tgname`.execute(db);
      expect(rows).toEqual(
        ["delete", "insert", "update"].map((kind) => ({
          name: `visits_changed_${kind}`,
          fn: "vsi_visit_changed",
        })),
      );
    });
  }
});
