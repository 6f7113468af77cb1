import {
  assertLocationAccess,
  assertStaff,
  createContext,
  doorPoster,
  idParam,
  type Services,
} from "@vsi/api";
import type { FastifyInstance } from "fastify";
import { errorResponse } from "./openapi-responses.ts";

/** GET /api/locations/{id}/poster: the door's poster, a page to print (staff). */
export function registerDoorPoster(app: FastifyInstance, services: Services) {
  app.get<{ Params: { id: string } }>("/api/locations/:id/poster", async (request, reply) => {
    const ctx = await createContext(services, request, reply);
    const identity = assertStaff(ctx.identity);
    const { id } = idParam.parse(request.params);
    assertLocationAccess(identity, id);
    const html = await doorPoster(ctx, id);
    return reply
      .header("Content-Type", "text/html; charset=utf-8")
      .header("Cache-Control", "no-store")
      .send(html);
  });
}

/** The poster in the OpenAPI document, beside the procedures it cannot be one of (it is HTML). */
export const doorPosterOperation = {
  get: {
    operationId: "door-poster",
    summary:
      "The location's door poster, a page to print on US Letter or A4: its name and logo, the QR code of its door link (<address>/d/<code>: BASE_URL when set, else the address this request came to), the link in letters, instructions in English and Spanish (staff). When that address names only this computer (localhost), a warning on the page says phones cannot open it and suggests this machine's local-network addresses",
    tags: ["door"],
    security: [{ bearer: [] }],
    parameters: [
      { name: "id", in: "path" as const, required: true, schema: { type: "integer" as const } },
    ],
    responses: {
      "200": {
        description: "The poster",
        content: { "text/html": { schema: { type: "string" as const } } },
      },
      "401": errorResponse("Not logged in"),
      "403": errorResponse("A tablet"),
      "404": errorResponse("No such location"),
      "409": errorResponse("Visitors may not sign in on their own phone at this location"),
      "422": errorResponse("The id is not a number"),
    },
  },
};
