import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { programInput, programSchema, programUpdateInput } from "./programs-schema.ts";
import { getProgram, listPrograms } from "./queries.ts";
import { createProgram, updateProgram } from "./programs.ts";
import { actorOf } from "../kernel/audit.ts";
import { removeCatalogRow } from "./remove-row.ts";
import { adminProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import { heldLocationIds } from "../kernel/permissions.ts";

export const programsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/programs",
        tags: ["programs"],
        summary:
          "The programs offered at the caller's locations (all of them for a network admin) with those locations",
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

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/programs",
        tags: ["programs"],
        summary: "Create a program (201)",
      },
      status: 201,
    })
    .input(programInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await createProgram(ctx.db, input, actorOf(ctx.identity), ctx.services.now());
      return getProgram(ctx.db, id);
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/programs/{id}",
        tags: ["programs"],
        summary: "Update a program; LocationIds replaces its locations",
      },
    })
    .input(programUpdateInput)
    .output(programSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      await updateProgram(ctx.db, id, changes, ctx.services.now(), actorOf(ctx.identity));
      return getProgram(ctx.db, input.id);
    }),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/programs/{id}",
        tags: ["programs"],
        summary: "Delete a program (archived if it has visits)",
      },
    })
    .input(idParam)
    .output(programSchema)
    .mutation(({ ctx, input }) => removeCatalogRow(ctx, "programs", input.id, getProgram)),
});
