import { z } from "zod";
import { cookieNames, sheetCookieMaxAge } from "../http/cookies.ts";
import { idParam } from "../schemas/common.ts";
import { locationInput, locationSchema, locationUpdateInput } from "../schemas/locations.ts";
import { assertLive, deleteOrArchive, existingIds, getLocation, listLocations } from "../services/catalog.ts";
import { setLocationLogo } from "../services/location-logo.ts";
import { logOut } from "../login.ts";
import { generateToken, hashToken } from "../services/tokens.ts";
import { adminProcedure, publicProcedure, router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";
import type { Transaction } from "kysely";
import type { Database } from "@vsi/db";

/** ProgramIds replaces the location's programs; its order is the sheet's tab order. */
async function setLocationPrograms(trx: Transaction<Database>, locationId: number, programIds: number[]) {
  const ids = await existingIds(trx, "programs", programIds);
  await trx.deleteFrom("location_programs").where("location_id", "=", locationId).execute();
  if (ids.length) {
    await trx
      .insertInto("location_programs")
      .values(ids.map((programId, position) => ({ location_id: locationId, program_id: programId, position })))
      .execute();
  }
}

export const locationsRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: "GET", path: "/locations", tags: ["locations"], summary: "All locations with their programs" } })
    .input(z.void())
    .output(z.array(locationSchema))
    .query(async ({ ctx }) => wholeList(ctx.response, await listLocations(ctx.db))),

  get: publicProcedure
    .meta({ openapi: { method: "GET", path: "/locations/{id}", tags: ["locations"], summary: "One location, programs in tab order (public: the sheet reads it)" } })
    .input(idParam)
    .output(locationSchema)
    .query(({ ctx, input }) => getLocation(ctx.db, input.id)),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/locations", tags: ["locations"], summary: "Create a location (201)" } })
    .input(locationInput)
    .output(locationSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("locations")
          .values({ name: input.Name, address: input.Address, temperature_unit: input.TemperatureUnit })
          .returning("id")
          .executeTakeFirstOrThrow();
        await setLocationPrograms(trx, row.id, input.ProgramIds);
        await setLocationLogo(trx, { storage: ctx.services.storage, secret: ctx.services.config.secret }, row.id, input.Logo);
        return row.id;
      });
      ctx.response.status = 201;
      return getLocation(ctx.db, id);
    }),

  update: adminProcedure
    .meta({ openapi: { method: "PATCH", path: "/locations/{id}", tags: ["locations"], summary: "Update a location; ProgramIds replaces the set and its order" } })
    .input(locationUpdateInput)
    .output(locationSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (trx) => {
        await assertLive(trx, "locations", input.id);
        await trx
          .updateTable("locations")
          .set({
            ...(input.Name !== undefined ? { name: input.Name } : {}),
            ...(input.Address !== undefined ? { address: input.Address } : {}),
            ...(input.TemperatureUnit !== undefined ? { temperature_unit: input.TemperatureUnit } : {}),
            updated_at: ctx.services.now(),
          })
          .where("id", "=", input.id)
          .execute();
        if (input.ProgramIds !== undefined) await setLocationPrograms(trx, input.id, input.ProgramIds);
        await setLocationLogo(trx, { storage: ctx.services.storage, secret: ctx.services.config.secret }, input.id, input.Logo);
      });
      return getLocation(ctx.db, input.id);
    }),

  remove: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/locations/{id}", tags: ["locations"], summary: "Delete a location (archived if it has visits)" } })
    .input(idParam)
    .output(locationSchema)
    .mutation(async ({ ctx, input }) => {
      const location = await getLocation(ctx.db, input.id);
      await ctx.db.transaction().execute((trx) => deleteOrArchive(trx, "locations", input.id, ctx.services.now()));
      return location;
    }),

  setup: staffProcedure
    .meta({ openapi: { method: "GET", path: "/locations/{id}/setup", tags: ["locations"], summary: "Turn this browser into the location's tablet; ends the staff session" } })
    .input(idParam)
    .output(locationSchema)
    .query(async ({ ctx, input }) => {
      const location = await getLocation(ctx.db, input.id);
      const token = generateToken();
      await ctx.db
        .insertInto("tablets")
        .values({ location_id: input.id, token_hash: hashToken(token), created_by_user_id: ctx.user.id })
        .execute();
      // A tablet on a wall must not carry a staff login: anyone walking by could use it.
      await logOut(ctx);
      ctx.setCookie(cookieNames.sheetId, String(input.id), "readable", sheetCookieMaxAge);
      ctx.setCookie(cookieNames.sheetToken, token, "secret", sheetCookieMaxAge);
      return location;
    }),
});
