import { z } from "zod";
import { router, staffProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import { notFound } from "../kernel/errors.ts";
import {
  rollCallAddInput,
  rollCallEndSchema,
  rollCallGetInput,
  rollCallIdParam,
  rollCallListInput,
  rollCallMarkInput,
  rollCallPersonSchema,
  rollCallSchema,
  rollCallStartInput,
  rollCallSummarySchema,
} from "./schema.ts";
import {
  addPerson,
  endRollCall,
  findRollCall,
  listRollCalls,
  markPerson,
  startRollCall,
} from "./queries.ts";
import { toRollCallPeople, toRollCallSummary } from "./mappers.ts";
import { assertCallerRollCall } from "./access.ts";
import { assertLocationAccess, withinCallerLocations } from "../kernel/permissions.ts";
import type { Executor } from "@vsi/db";

const ended = { 409: "The roll call has ended: it takes no more people" };
const endedForMarks = {
  409: "The roll call ended before the mark was made (markedAt, or now when left out)",
};

async function rollCall(db: Executor, id: number) {
  const { rollCall, people, marks } = await findRollCall(db, id);
  return { ...toRollCallSummary(rollCall), people: toRollCallPeople(people, marks) };
}

async function person(db: Executor, rollCallId: number, personId: number) {
  const found = (await rollCall(db, rollCallId)).people.find((p) => p.id === personId);
  if (!found) throw notFound("Person");
  return found;
}

// Staff only: a tablet neither starts nor reads one (it hears only that one is open, on its stream).
export const rollCallsRouter = router({
  start: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/locations/{id}/roll-calls",
        tags: ["roll calls"],
        summary:
          "Starts a roll call (or a drill) at the location (201): everyone signed in there now, frozen, grouped by program",
        errorResponses: {
          409: "A roll call is already open at this location: rollCallId names it",
        },
      },
      status: 201,
    })
    .input(rollCallStartInput)
    .output(rollCallSchema)
    .mutation(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      const id = await startRollCall(
        ctx.db,
        input.id,
        input.drill,
        ctx.services.now(),
        ctx.user.id,
      );
      return rollCall(ctx.db, id);
    }),

  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/roll-calls",
        tags: ["roll calls"],
        summary:
          "Roll calls and drills, newest first, with their counts (one location's: locationId)",
      },
    })
    .input(rollCallListInput)
    .output(z.array(rollCallSummarySchema))
    .query(async ({ ctx, input }) =>
      wholeList(
        ctx.response,
        (await listRollCalls(ctx.db, withinCallerLocations(ctx.identity, input))).map(
          toRollCallSummary,
        ),
      ),
    ),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/roll-calls/{id}",
        tags: ["roll calls"],
        summary:
          "A roll call's record: who started and ended it and when, and each person's marks; format=csv for a CSV file",
        description:
          "With format=csv, the record as a text/csv; charset=utf-8 attachment that starts with a UTF-8 byte order mark, named for the roll call " +
          "(roll-call-2026-11-26-valencia.csv, drill-… for a drill; filename* keeps non-ASCII names). Columns: Name, Program, Status, Mark, MarkedAt, MarkedBy, Device, ReceivedAt. " +
          "A line per mark (Mark: Safe or Undone; MarkedAt, when it was made on the device, and ReceivedAt, when it reached the server, in timeZone with its offset), each person's marks oldest first, in the record's order; " +
          "a person never marked has one line with the mark's cells empty. Status is the person's state now: Safe or Not accounted for. " +
          "An erased name is an empty cell. A cell that starts with = + - @, a tab or a carriage return gets a leading apostrophe so spreadsheets show it as text.",
      },
    })
    .input(rollCallGetInput)
    .output(rollCallSchema)
    .query(async ({ ctx, input }) => {
      await assertCallerRollCall(ctx.db, ctx.identity, input.id);
      return rollCall(ctx.db, input.id);
    }),

  mark: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/roll-calls/{id}/people/{personId}",
        tags: ["roll calls"],
        summary:
          "Marks a person safe (or not): the same mark made twice is one, a mark older than the person's last changes nothing, and one made at or before the end is taken after it",
        errorResponses: endedForMarks,
      },
    })
    .input(rollCallMarkInput)
    .output(rollCallPersonSchema)
    .mutation(async ({ ctx, input }) => {
      await assertCallerRollCall(ctx.db, ctx.identity, input.id);
      const now = ctx.services.now();
      const sent = input.markedAt === undefined ? now : new Date(input.markedAt);
      await markPerson(ctx.db, {
        rollCallId: input.id,
        personId: input.personId,
        safe: input.safe,
        // A device's clock ahead of the server's cannot mark in the future.
        markedAt: sent > now ? now : sent,
        receivedAt: now,
        userId: ctx.user.id,
        device: input.device || null,
      });
      return person(ctx.db, input.id, input.personId);
    }),

  addPerson: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/roll-calls/{id}/people",
        tags: ["roll calls"],
        summary: "Adds someone who was not signed in to an open roll call (201)",
        errorResponses: ended,
      },
      status: 201,
    })
    .input(rollCallAddInput)
    .output(rollCallPersonSchema)
    .mutation(async ({ ctx, input }) => {
      await assertCallerRollCall(ctx.db, ctx.identity, input.id);
      const personId = await addPerson(ctx.db, input.id, input.name);
      return person(ctx.db, input.id, personId);
    }),

  end: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/roll-calls/{id}/end",
        tags: ["roll calls"],
        summary: "Ends a roll call: how many were accounted for and how many were not",
        errorResponses: { 409: "The roll call has already ended" },
      },
    })
    .input(rollCallIdParam)
    .output(rollCallEndSchema)
    .mutation(async ({ ctx, input }) => {
      await assertCallerRollCall(ctx.db, ctx.identity, input.id);
      return endRollCall(ctx.db, input.id, ctx.services.now(), {
        kind: "user",
        userId: ctx.user.id,
      });
    }),
});
