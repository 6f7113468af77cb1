import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { actorOf } from "../kernel/audit.ts";
import {
  assertLocationAccess,
  assertMayChangeOwnedRow,
  assertMayChangeOwner,
  heldLocationIds,
} from "../kernel/permissions.ts";
import { wholeList } from "../kernel/pagination.ts";
import { router, sheetProcedure, siteAdminProcedure } from "../kernel/trpc.ts";
import type { Context } from "../kernel/context.ts";
import type { Identity } from "../kernel/identity.ts";
import { toQuestion } from "./mappers.ts";
import {
  createQuestion,
  getQuestion,
  listQuestions,
  retireQuestion,
  updateQuestion,
} from "./queries.ts";
import { questionInput, questionListInput, questionSchema, questionUpdateInput } from "./schema.ts";

/**
 * A question's change: the network's a network admin's, a location's own its admins'; giving it
 * another owner (`LocationId`) a network admin's.
 */
async function assertMayChangeQuestion(
  ctx: Pick<Context<Identity>, "db" | "identity">,
  id: number,
  newOwner?: number | null,
) {
  const { location_id } = await getQuestion(ctx.db, id);
  assertMayChangeOwner(ctx.identity, location_id, newOwner, "Question");
}

export const questionsRouter = router({
  list: sheetProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/questions",
        tags: ["questions"],
        summary:
          "The live intake questions in their order: those a program asks (programId), or any program of a location (locationId: the network's questions and that location's own). A tablet: its own location's. Staff of some locations: theirs. asked=period: those asked during from..to, retired ones included",
        errorResponses: { 403: "A tablet asking for another location's questions" },
      },
    })
    .input(questionListInput)
    .output(z.array(questionSchema))
    .query(async ({ ctx, input }) => {
      const { identity } = ctx;
      if (input.locationId !== undefined) assertLocationAccess(identity, input.locationId);
      // A tablet sees what its own sheet asks, whether or not it names its location.
      const locationId = identity.kind === "tablet" ? identity.locationId : input.locationId;
      const rows = await listQuestions(ctx.db, {
        programId: input.programId,
        locationId,
        // Staff of some locations: the questions those locations ask.
        locationIds: locationId === undefined ? heldLocationIds(identity) : undefined,
        askedDuring: input.asked === "period" ? input : undefined,
      });
      return wholeList(ctx.response, rows.map(toQuestion));
    }),

  create: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/questions",
        tags: ["questions"],
        summary:
          "Add an intake question (201), last unless Position says where: the network's (LocationId null, network admins) or a location's own, asked there alone (its admins)",
      },
      status: 201,
    })
    .input(questionInput)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      assertMayChangeOwnedRow(ctx.identity, input.LocationId, "Location");
      const id = await createQuestion(ctx.db, input, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, id));
    }),

  update: siteAdminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/questions/{id}",
        tags: ["questions"],
        summary:
          "Change a question from now on (answers already given keep what they were asked, and keep them when it moves); Position moves it among its owner's questions. The network's: network admins; a location's own: its admins (another location's is 404). LocationId gives it another owner: network admins only (403 to a site admin, nothing written); an unknown location is 422",
      },
    })
    .input(questionUpdateInput)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      await assertMayChangeQuestion(ctx, id, changes.LocationId);
      await updateQuestion(ctx.db, id, changes, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, id));
    }),

  retire: siteAdminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/questions/{id}",
        tags: ["questions"],
        summary:
          "Retire a question: no longer asked; the answers already given keep it. The network's: network admins; a location's own: its admins",
      },
    })
    .input(idParam)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      await assertMayChangeQuestion(ctx, input.id);
      await retireQuestion(ctx.db, input.id, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, input.id));
    }),
});
