import { PassThrough } from "node:stream";
import {
  hashToken,
  idParam,
  liveEvents,
  doorVisitView,
  queueWatchLocation,
  openRollCallAt,
  visitView,
  watchAccess,
  type LiveReadyEvent,
  type Services,
} from "@vsi/api";
import { queueEvents, screenCodeParam, visitTokenParam } from "@vsi/api/schemas";
import type { Db } from "@vsi/db";
import type { FastifyInstance, FastifyReply } from "fastify";
import { LiveHub, sseMessage } from "../live/hub.ts";
import { errorResponse } from "./openapi-responses.ts";

export const liveEventsRoute = "/api/locations/:id/events";

/**
 * GET /api/locations/{id}/events: the location's visit changes as Server-Sent Events, for its own
 * tablet or any staff member, with the same identity rules as the sheet's calls. What the streams
 * are sent is read from `liveDb` (the hub's).
 */
export function registerLiveEvents(
  app: FastifyInstance,
  services: Services,
  liveDb: Db = services.db,
) {
  const hub = new LiveHub(services, liveDb);
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

  /**
   * A line's stream, for a now-serving screen (by its code) or a visitor's phone (by its visit's
   * secret), never a name: a screen gets what it shows (`screen`) whenever the location's line may
   * have changed, a phone `queue`, and its own visit (`yours`) whenever that visit changes.
   */
  const watchLine = async (
    reply: FastifyReply,
    by: { screenCode: string } | { visitTokenHash: string },
  ) => {
    const check = () => queueWatchLocation(services.db.kysely, by);
    const { locationId, visitId } = await check();
    await hub.start();
    const out = new PassThrough();
    hub.add({
      locationId,
      tabletId: undefined,
      userId: undefined,
      source: { authorization: undefined, cookies: {} },
      view: (visit) => visit,
      out,
      checkedAt: Date.now(),
      lineOnly:
        visitId === undefined
          ? { check }
          : {
              check,
              visitId,
              ownVisit: () => doorVisitView(liveDb.kysely, visitId, services.now()),
            },
    });
    out.write(`retry: 2000\n${sseMessage(queueEvents.ready, { locationId })}`);
    return streamReply(reply, out);
  };
  app.get<{ Params: { code: string } }>(screenEventsRoute, async (request, reply) => {
    const { code } = screenCodeParam.parse(request.params);
    return watchLine(reply, { screenCode: code });
  });
  app.get<{ Params: { visitToken: string } }>(doorVisitEventsRoute, async (request, reply) => {
    const { visitToken } = visitTokenParam.parse(request.params);
    return watchLine(reply, { visitTokenHash: hashToken(visitToken) });
  });

  return hub;
}

const streamReply = (reply: FastifyReply, out: PassThrough) =>
  reply
    .header("Content-Type", "text/event-stream; charset=utf-8")
    .header("Cache-Control", "no-store")
    // nginx and similar proxies would otherwise hold the events back in a buffer.
    .header("X-Accel-Buffering", "no")
    .send(out);

export const screenEventsRoute = "/api/screen/:code/events";
export const doorVisitEventsRoute = "/api/door/visits/:visitToken/events";

/** A line's stream in the OpenAPI document. */
const lineEventsOperation = (operationId: string, summary: string, param: string) => ({
  get: {
    operationId,
    summary,
    tags: ["queue"],
    parameters: [
      { name: param, in: "path" as const, required: true, schema: { type: "string" as const } },
    ],
    responses: {
      "200": {
        description: "The stream, open until the client or the server ends it",
        content: { "text/event-stream": { schema: { type: "string" as const } } },
      },
      "404": errorResponse("No screen has this code, or no visit this token"),
      "422": errorResponse("The code or token is malformed"),
    },
  },
});
export const screenEventsOperation = lineEventsOperation(
  "screen-events",
  "A now-serving screen's live line as Server-Sent Events (anyone with its code): `ready` ({locationId}) once listening, then `screen` whenever the line may have changed, with what the screen shows (as GET /api/screen/{code} answers it), or `queue` ({locationId}) when that could not be read (read GET /api/screen/{code} again), `refresh` when changes may have been missed; never a name",
  "code",
);
export const doorVisitEventsOperation = lineEventsOperation(
  "door-visit-events",
  "A visitor's phone's live line as Server-Sent Events (with its visit's secret): `ready`, then `queue` whenever the line may have changed (read GET /api/door/visits/{visitToken} again), `yours` with the phone's own visit as that call answers it whenever that visit changes (called, served, signed out), `refresh` when changes may have been missed; never another's name",
  "visitToken",
);

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
