import { PassThrough } from "node:stream";
import {
  idParam,
  liveEvents,
  openRollCallAt,
  visitView,
  watchAccess,
  type LiveReadyEvent,
  type Services,
} from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { LiveHub, sseMessage } from "../live/hub.ts";
import { errorResponse } from "./openapi-responses.ts";

export const liveEventsRoute = "/api/locations/:id/events";

/**
 * GET /api/locations/{id}/events: the location's visit changes as Server-Sent Events, for its own
 * tablet or any staff member, with the same identity rules as the sheet's calls.
 */
export function registerLiveEvents(app: FastifyInstance, services: Services) {
  const hub = new LiveHub(services);
  // Open streams would hold a graceful shutdown open for ever: end them first.
  app.addHook("preClose", (done) => {
    hub.closeAll();
    done();
  });

  app.get<{ Params: { id: string } }>(liveEventsRoute, async (request, reply) => {
    const { id: locationId } = idParam.parse(request.params);
    const source = {
      authorization:
        typeof request.headers.authorization === "string"
          ? request.headers.authorization
          : undefined,
      cookies: { ...request.cookies },
    };
    const identity = await watchAccess(services.db.kysely, source, locationId, services.now());
    await hub.start();

    const out = new PassThrough();
    hub.add({
      locationId,
      tabletId: identity.kind === "tablet" ? identity.tabletId : undefined,
      userId: identity.kind === "user" ? identity.user.id : undefined,
      source,
      view: visitView(identity),
      out,
      checkedAt: Date.now(),
    });
    // Listening already: from here on the browser misses nothing, so it refreshes once now.
    const ready: LiveReadyEvent = {
      locationId,
      rollCallId: await openRollCallAt(services.db.kysely, locationId),
    };
    out.write(`retry: 2000\n${sseMessage(liveEvents.ready, ready)}`);
    return (
      reply
        .header("Content-Type", "text/event-stream; charset=utf-8")
        .header("Cache-Control", "no-store")
        // nginx and similar proxies would otherwise hold the events back in a buffer.
        .header("X-Accel-Buffering", "no")
        .send(out)
    );
  });

  return hub;
}

/** The stream in the OpenAPI document, beside the procedures it cannot be one of. */
export const liveEventsOperation = {
  get: {
    operationId: "locations-events",
    summary:
      "The location's live sheet as Server-Sent Events (text/event-stream): `ready` ({locationId, rollCallId: the open " +
      "roll call or null}) once listening, then `visit` " +
      "({kind: in|out|changed|deleted, visitId, locationId, programId, visit}) for every change, `refresh` when changes " +
      "may have been missed, `rollCall` ({locationId, rollCallId, open}) when a roll call starts, ends or changes, `closed` ({status, message, key, values}) before it ends for a caller no longer allowed, and a comment " +
      "every 15 s. A tablet: its own location; staff: any",
    tags: ["locations"],
    security: [{ bearer: [] }],
    parameters: [
      {
        name: "id",
        in: "path" as const,
        required: true,
        schema: { type: "integer" as const, example: 1 },
      },
    ],
    responses: {
      "200": {
        description: "The stream, open until the client or the server ends it",
        content: { "text/event-stream": { schema: { type: "string" as const } } },
      },
      "401": errorResponse("Not logged in, or a disconnected tablet"),
      "403": errorResponse("A tablet of another location"),
      "404": errorResponse("No such location"),
      "422": errorResponse("The id is not a whole number"),
    },
  },
};
