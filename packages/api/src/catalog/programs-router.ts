import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { programInput, programSchema, programUpdateInput } from "./programs-schema.ts";
import { getProgram, listPrograms, programOwner } from "./queries.ts";
import { createProgram, updateProgram } from "./programs.ts";
import { actorOf } from "../kernel/audit.ts";
import { removeCatalogRow } from "./remove-row.ts";
import { router, siteAdminProcedure, staffProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import { assertMayChangeOwnedRow, heldLocationIds } from "../kernel/permissions.ts";

export const programsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/programs",
        tags: ["programs"],
        summary:
          "The network's programs and the caller's locations' own (every one for a network admin), each with those of the caller's locations that offer it",
      },
    })
    .input(z.void())
    .output(z.array(programSchema))
    .query(async ({ ctx }) =>
      wholeList(ctx.response, await listPrograms(ctx.db, undefined, heldLocationIds(ctx.identity))),
    ),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/programs/{id}",
        tags: ["programs"],
        summary: "One program with its locations",
      },
    })
    .input(idParam)
    .output(programSchema)
    .query(({ ctx, input }) => getProgram(ctx.db, input.id, heldLocationIds(ctx.identity))),

  create: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/programs",
        tags: ["programs"],
        summary:
          "Create a program (201): the network's (LocationId null, network admins) or a location's own, offered there alone (its admins)",
      },
      status: 201,
    })
    .input(programInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      assertMayChangeOwnedRow(ctx.identity, input.LocationId, "Location");
      const id = await createProgram(ctx.db, input, actorOf(ctx.identity), ctx.services.now());
      return getProgram(ctx.db, id);
    }),

  update: siteAdminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/programs/{id}",
        tags: ["programs"],
        summary:
          "Update a program (the network's: network admins; a location's own: its admins, another location's is 404); LocationIds replaces its locations (a location's own: that location alone)",
      },
    })
    .input(programUpdateInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      assertMayChangeOwnedRow(ctx.identity, await programOwner(ctx.db, id), "Program");
      await updateProgram(ctx.db, id, changes, ctx.services.now(), actorOf(ctx.identity));
      return getProgram(ctx.db, input.id);
    }),

  remove: siteAdminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/programs/{id}",
        tags: ["programs"],
        summary:
          "Delete a program (archived if it has visits): the network's, network admins; a location's own, its admins",
      },
    })
    .input(idParam)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      assertMayChangeOwnedRow(ctx.identity, await programOwner(ctx.db, input.id), "Program");
      return removeCatalogRow(ctx, "programs", input.id, getProgram);
    }),
});
