import { actorOf } from "../kernel/audit.ts";
import { idParam } from "../kernel/schema.ts";
import { assertLocationAccess } from "../kernel/permissions.ts";
import { linkBase } from "../kernel/public-address.ts";
import type { Context } from "../kernel/context.ts";
import type { Identity } from "../kernel/identity.ts";
import { publicProcedure, router, sheetProcedure, staffProcedure } from "../kernel/trpc.ts";
import { findVisit } from "../visits/queries.ts";
import { toVisit } from "../visits/mappers.ts";
import { visitSchema } from "../visits/schema.ts";
import {
  callInput,
  callNextInput,
  queueSchema,
  queueWaitsInput,
  queueWaitsSchema,
  screenCodeParam,
  screenCreatedSchema,
  screenSchema,
} from "./schema.ts";
import {
  callNext,
  callVisit,
  createScreen,
  markCalled,
  queueOf,
  queueWaits,
  screenLocation,
} from "./queries.ts";
import { screenUrl } from "./mappers.ts";

const notWaiting = { 409: "The number is not waiting to be called" };
const notCalled = { 409: "The number was not called, or is marked served or not present already" };

/** A visit staff may act on: another location's is as if it did not exist (404). */
async function callerVisit(ctx: Context<Identity>, id: number) {
  const visit = await findVisit(ctx.db, id);
  assertLocationAccess(ctx.identity, visit.location_id, "Visit");
  return visit;
}

/** Marks a called visit served or not present. */
function markProcedure(step: "serve" | "no_show", path: `/${string}`, summary: string) {
  return staffProcedure
    .meta({
      openapi: { method: "POST", path, tags: ["queue"], summary, errorResponses: notCalled },
    })
    .input(idParam)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      await callerVisit(ctx, input.id);
      return toVisit(
        await markCalled(ctx.db, input.id, step, actorOf(ctx.identity), ctx.services.now()),
      );
    });
}

export const queueRouter = router({
  get: sheetProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}/queue",
        tags: ["queue"],
        summary:
          "The location's line today: who is being served, at which desk, and who waits, in order (staff; a tablet its own location's). Numbers only, never names",
        errorResponses: { 403: "A tablet of another location" },
      },
    })
    .input(idParam)
    .output(queueSchema)
    .query(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      return queueOf(ctx.db, input.id, ctx.services.now());
    }),

  waits: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}/queue/waits",
        tags: ["queue", "reports"],
        summary:
          "Staff: how long the location's numbered visitors waited from sign-in to call, per day (in the location's zone) and program, over a period (both days inclusive)",
      },
    })
    .input(queueWaitsInput)
    .output(queueWaitsSchema)
    .query(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      return queueWaits(ctx.db, input);
    }),

  callNext: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/locations/{id}/queue/call-next",
        tags: ["queue"],
        summary:
          "Call the first who waits to a desk (staff); two staff calling at once call two different people",
        errorResponses: { 409: "Nobody is waiting" },
      },
    })
    .input(callNextInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      return toVisit(
        await callNext(ctx.db, input.id, input.desk, actorOf(ctx.identity), ctx.services.now()),
      );
    }),

  callNumber: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visits/{id}/call",
        tags: ["queue"],
        summary: "Call one waiting number to a desk (staff)",
        errorResponses: notWaiting,
      },
    })
    .input(callInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      await callerVisit(ctx, input.id);
      return toVisit(
        await callVisit(ctx.db, input.id, input.desk, actorOf(ctx.identity), ctx.services.now()),
      );
    }),

  served: markProcedure("serve", "/visits/{id}/served", "Mark a called number served (staff)"),

  noShow: markProcedure(
    "no_show",
    "/visits/{id}/no-show",
    "Mark a called number not present (staff)",
  ),

  createScreen: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/locations/{id}/screens",
        tags: ["queue"],
        summary:
          "A now-serving screen for the location (201): a read-only code and its page's link, for a TV in the waiting room",
      },
      status: 201,
    })
    .input(idParam)
    .output(screenCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      const code = await createScreen(ctx.db, input.id, actorOf(ctx.identity), ctx.services.now());
      return { code, url: screenUrl(linkBase(ctx), code) };
    }),

  screen: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/screen/{code}",
        tags: ["queue"],
        summary:
          "What a now-serving screen shows (anyone with its code): the numbers being served, at which desk, and those waiting; never names",
        errorResponses: { 404: "No screen has this code" },
      },
    })
    .input(screenCodeParam)
    .output(screenSchema)
    .query(async ({ ctx, input }) => {
      const location = await screenLocation(ctx.db, input.code);
      const { serving, waiting } = await queueOf(ctx.db, location.id, ctx.services.now());
      return {
        location,
        serving: serving.map(({ number, desk }) => ({ number, desk })),
        waiting: waiting.map(({ number }) => number),
      };
    }),
});
