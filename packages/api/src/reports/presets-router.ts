import { z } from "zod";
import { actorOf } from "../kernel/audit.ts";
import { wholeList } from "../kernel/pagination.ts";
import { idParam } from "../kernel/schema.ts";
import { adminProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import { createPreset, deletePreset, listPresets, toPreset, updatePreset } from "./presets.ts";
import { presetInput, presetSchema, presetUpdateInput } from "./presets-schema.ts";

const errorResponses = {
  404: "No report preset with this id",
  422: "A name missing, too long or another preset's (whatever its case), or age bands that are not from 0, in order, each starting where the one before ends, ages up to 130, the last open: each named at its field (name, ageBands), and nothing written",
};

/** Report presets: a name and the age bands a report counts individuals in. */
export const reportPresetsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/report-presets",
        tags: ["reports"],
        summary:
          "Staff: the report presets, by name: each a name and the age bands (ageBands) the funder summary and the monthly partner report count individuals in",
      },
    })
    .input(z.void())
    .output(z.array(presetSchema))
    .query(async ({ ctx }) => wholeList(ctx.response, (await listPresets(ctx.db)).map(toPreset))),

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/report-presets",
        tags: ["reports"],
        summary: "Add a report preset: its name and age bands (network admin, 201)",
        errorResponses,
      },
      status: 201,
    })
    .input(presetInput)
    .output(presetSchema)
    .mutation(async ({ ctx, input }) =>
      toPreset(await createPreset(ctx.db, input, actorOf(ctx.identity), ctx.services.now())),
    ),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/report-presets/{id}",
        tags: ["reports"],
        summary: "Change a report preset's name or age bands (network admin)",
        errorResponses,
      },
    })
    .input(presetUpdateInput)
    .output(presetSchema)
    .mutation(async ({ ctx, input }) =>
      toPreset(await updatePreset(ctx.db, input, actorOf(ctx.identity), ctx.services.now())),
    ),

  remove: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/report-presets/{id}",
        tags: ["reports"],
        summary: "Delete a report preset (network admin): reports already made keep their figures",
        errorResponses: { 404: errorResponses[404] },
      },
    })
    .input(idParam)
    .output(presetSchema)
    .mutation(async ({ ctx, input }) =>
      toPreset(await deletePreset(ctx.db, input.id, actorOf(ctx.identity), ctx.services.now())),
    ),
});
