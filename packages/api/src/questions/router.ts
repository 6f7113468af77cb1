import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { actorOf } from "../kernel/audit.ts";
import { assertLocationAccess, heldLocationIds } from "../kernel/permissions.ts";
import { wholeList } from "../kernel/pagination.ts";
import { adminProcedure, router, sheetProcedure } from "../kernel/trpc.ts";
import { toQuestion } from "./mappers.ts";
import {
  createQuestion,
  getQuestion,
  listQuestions,
  retireQuestion,
  updateQuestion,
} from "./queries.ts";
import { questionInput, questionListInput, questionSchema, questionUpdateInput } from "./schema.ts";

export const questionsRouter = router({
  list: sheetProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/questions",
        tags: ["questions"],
        summary:
          "The live intake questions in their order: those a program asks (programId), or any program of a location (locationId). A tablet: its own location's. asked=period: those asked during from..to, retired ones included",
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

  create: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/questions",
        tags: ["questions"],
        summary: "Add an intake question (201), last unless Position says where",
      },
      status: 201,
    })
    .input(questionInput)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await createQuestion(ctx.db, input, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, id));
    }),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/questions/{id}",
        tags: ["questions"],
        summary:
          "Change a question from now on (answers already given keep what they were asked); Position moves it among the others",
      },
    })
    .input(questionUpdateInput)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      await updateQuestion(ctx.db, id, changes, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, id));
    }),

  retire: adminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/questions/{id}",
        tags: ["questions"],
        summary: "Retire a question: no longer asked; the answers already given keep it",
      },
    })
    .input(idParam)
    .output(questionSchema)
    .mutation(async ({ ctx, input }) => {
      await retireQuestion(ctx.db, input.id, ctx.services.now(), actorOf(ctx.identity));
      return toQuestion(await getQuestion(ctx.db, input.id));
    }),
});
