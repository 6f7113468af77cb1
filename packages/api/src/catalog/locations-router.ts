import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { locationInput, locationSchema, locationUpdateInput } from "./locations-schema.ts";
import { getLocation, listLocations } from "./queries.ts";
import { checkLabelPrinter, createLocation, updateLocation } from "./locations.ts";
import { actorOf } from "../kernel/audit.ts";
import { removeCatalogRow } from "./remove-row.ts";
import {
  adminProcedure,
  publicProcedure,
  router,
  siteAdminProcedure,
  staffProcedure,
} from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import { assertAdministers, assertLocationAccess, heldLocationIds } from "../kernel/permissions.ts";

export const locationsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations",
        tags: ["locations"],
        summary: "The caller's locations (all of them for a network admin) with their programs",
      },
    })
    .input(z.void())
    .output(z.array(locationSchema))
    .query(async ({ ctx }) => {
      const held = heldLocationIds(ctx.identity);
      return wholeList(ctx.response, await listLocations(ctx.db, held && [...held]));
    }),

  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}",
        tags: ["locations"],
        summary: "One location, programs in tab order (public: the sheet reads it)",
      },
    })
    .input(idParam)
    .output(locationSchema)
    .query(async ({ ctx, input }) => {
      // Staff see their own locations' alone; a tablet (and a visitor's page) reads any.
      if (ctx.identity.kind === "user") assertLocationAccess(ctx.identity, input.id);
      const location = await getLocation(ctx.db, input.id);
      // Where the site's printer sits on its network is for staff and its tablets, not for anyone.
      return ctx.identity.kind === "anonymous" ? { ...location, LabelPrinter: null } : location;
    }),

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/locations",
        tags: ["locations"],
        summary: "Create a location (201)",
      },
      status: 201,
    })
    .input(locationInput)
    .output(locationSchema)
    .mutation(async ({ ctx, input }) => {
      await checkLabelPrinter(input.LabelPrinter);
      const id = await createLocation(
        ctx.db,
        { storage: ctx.services.storage, secret: ctx.services.config.secret },
        input,
        actorOf(ctx.identity),
        ctx.services.now(),
      );
      return getLocation(ctx.db, id);
    }),

  update: siteAdminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/locations/{id}",
        tags: ["locations"],
        summary:
          "Update a location (a network admin any, a site admin their own: another location is 404); ProgramIds replaces the set and its order",
      },
    })
    .input(locationUpdateInput)
    .output(locationSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      assertAdministers(ctx.identity, id);
      await checkLabelPrinter(changes.LabelPrinter);
      await updateLocation(
        ctx.db,
        { storage: ctx.services.storage, secret: ctx.services.config.secret },
        id,
        changes,
        ctx.services.now(),
        actorOf(ctx.identity),
      );
      return getLocation(ctx.db, input.id);
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/locations/{id}",
        tags: ["locations"],
        summary: "Delete a location (archived if it has visits)",
      },
    })
    .input(idParam)
    .output(locationSchema)
    .mutation(({ ctx, input }) => removeCatalogRow(ctx, "locations", input.id, getLocation)),
});
