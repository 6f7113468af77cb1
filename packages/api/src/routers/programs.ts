import { z } from "zod";
import { sql, type Transaction } from "kysely";
import type { Database } from "@vsi/db";
import { idParam } from "../schemas/common.ts";
import { programInput, programSchema, programUpdateInput } from "../schemas/locations.ts";
import { assertLive, deleteOrArchive, existingIds, getProgram, listPrograms } from "../services/catalog.ts";
import { adminProcedure, router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";

/**
 * LocationIds replaces the locations that offer the program. A newly added location gets the
 * program as its last tab; locations that keep it keep their order.
 */
async function setProgramLocations(trx: Transaction<Database>, programId: number, locationIds: number[]) {
  const ids = await existingIds(trx, "locations", locationIds);
  // A location's last position is read and written under its row lock, so parallel edits adding
  // programs to one location queue up instead of taking the same tab (unique in the table too).
  // Locked in id order, so two edits sharing locations cannot deadlock.
  if (ids.length) await trx.selectFrom("locations").select("id").where("id", "in", ids).orderBy("id").forUpdate().execute();
  let removal = trx.deleteFrom("location_programs").where("program_id", "=", programId);
  if (ids.length) removal = removal.where("location_id", "not in", ids);
  await removal.execute();
  for (const locationId of ids) {
    await trx
      .insertInto("location_programs")
      .columns(["location_id", "program_id", "position"])
      .expression(
        trx
          .selectFrom("location_programs")
          .select([
            sql<number>`${locationId}::int`.as("location_id"),
            sql<number>`${programId}::int`.as("program_id"),
            sql<number>`coalesce(max(position) + 1, 0)`.as("position"),
          ])
          .where("location_id", "=", locationId),
      )
      .onConflict((oc) => oc.columns(["location_id", "program_id"]).doNothing())
      .execute();
  }
}

export const programsRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: "GET", path: "/programs", tags: ["programs"], summary: "All programs with their locations" } })
    .input(z.void())
    .output(z.array(programSchema))
    .query(async ({ ctx }) => wholeList(ctx.response, await listPrograms(ctx.db))),

  get: staffProcedure
    .meta({ openapi: { method: "GET", path: "/programs/{id}", tags: ["programs"], summary: "One program with its locations" } })
    .input(idParam)
    .output(programSchema)
    .query(({ ctx, input }) => getProgram(ctx.db, input.id)),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/programs", tags: ["programs"], summary: "Create a program (201)" } })
    .input(programInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx.insertInto("programs").values({ name: input.Name }).returning("id").executeTakeFirstOrThrow();
        await setProgramLocations(trx, row.id, input.LocationIds);
        return row.id;
      });
      ctx.response.status = 201;
      return getProgram(ctx.db, id);
    }),

  update: adminProcedure
    .meta({ openapi: { method: "PATCH", path: "/programs/{id}", tags: ["programs"], summary: "Update a program; LocationIds replaces its locations" } })
    .input(programUpdateInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (trx) => {
        await assertLive(trx, "programs", input.id);
        await trx
          .updateTable("programs")
          .set({ ...(input.Name !== undefined ? { name: input.Name } : {}), updated_at: ctx.services.now() })
          .where("id", "=", input.id)
          .execute();
        if (input.LocationIds !== undefined) await setProgramLocations(trx, input.id, input.LocationIds);
      });
      return getProgram(ctx.db, input.id);
    }),

  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/programs/{id}", tags: ["programs"], summary: "Delete a program (archived if it has visits)" } })
    .input(idParam)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      const program = await getProgram(ctx.db, input.id);
      await deleteOrArchive(ctx.db, "programs", input.id, ctx.services.now());
      return program;
    }),
});
