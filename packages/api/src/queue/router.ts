import { z } from "zod";
import { actorOf } from "../kernel/audit.ts";
import { iso } from "../kernel/iso-time.ts";
import { wholeList } from "../kernel/pagination.ts";
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
  screenEntrySchema,
  screenRevokeInput,
  screenSchema,
  servedInput,
} from "./schema.ts";
import {
  callNext,
  callVisit,
  createScreen,
  listScreens,
  markCalled,
  queueOf,
  queueWaits,
  revokeScreen,
  screenLocation,
  screenView,
  serveAtDesk,
} from "./queries.ts";
import { screenUrl } from "./mappers.ts";

const notWaiting = { 409: "The number is not waiting to be called" };
const notCalled = { 409: "The number was not called, or is marked served or not present already" };
const notServed = {
  409: "The number was not called (nor waits, when a desk is given), or is marked served or not present already",
};

/** A visit staff may act on: another location's is as if it did not exist (404). */
async function callerVisit(ctx: Context<Identity>, id: number) {
  const visit = await findVisit(ctx.db, id);
  assertLocationAccess(ctx.identity, visit.location_id, "Visit");
  return visit;
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
        await callNext(
          ctx.db,
          input.id,
          input.desk,
          actorOf(ctx.identity),
          ctx.services.now(),
          input.programId,
        ),
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

  served: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visits/{id}/served",
        tags: ["queue"],
        summary:
          "Mark a called number served (staff); with a desk, a waiting one too, called to that desk and served at once",
        errorResponses: notServed,
      },
    })
    .input(servedInput)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      await callerVisit(ctx, input.id);
      const actor = actorOf(ctx.identity);
      const now = ctx.services.now();
      return toVisit(
        input.desk === undefined
          ? await markCalled(ctx.db, input.id, "serve", actor, now)
          : await serveAtDesk(ctx.db, input.id, input.desk, actor, now),
      );
    }),

  noShow: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visits/{id}/no-show",
        tags: ["queue"],
        summary: "Mark a called number not present (staff)",
        errorResponses: notCalled,
      },
    })
    .input(idParam)
    .output(visitSchema)
    .mutation(async ({ ctx, input }) => {
      await callerVisit(ctx, input.id);
      return toVisit(
        await markCalled(ctx.db, input.id, "no_show", actorOf(ctx.identity), ctx.services.now()),
      );
    }),

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

  screens: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}/screens",
        tags: ["queue"],
        summary: "The location's now-serving screens (staff), newest first, each with its link",
      },
    })
    .input(idParam)
    .output(z.array(screenEntrySchema))
    .query(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      const base = linkBase(ctx);
      const screens = await listScreens(ctx.db, input.id);
      return wholeList(
        ctx.response,
        screens.map(({ code, created_at }) => ({
          code,
          url: screenUrl(base, code),
          createdAt: iso(created_at),
        })),
      );
    }),

  revokeScreen: staffProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/locations/{id}/screens/{code}",
        tags: ["queue"],
        summary:
          "Revoke one of the location's screens (staff; 204): its link stops, its page answers 404",
        errorResponses: { 404: "No screen of the location has this code" },
      },
    })
    .input(screenRevokeInput)
    .output(z.null())
    .mutation(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      await revokeScreen(ctx.db, input.id, input.code, actorOf(ctx.identity), ctx.services.now());
      return null;
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
      return screenView(ctx.db, location.id, ctx.services.now());
    }),
});
