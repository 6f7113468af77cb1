import { z } from "zod";
import { actorOf } from "../kernel/audit.ts";
import { invalid, notFound } from "../kernel/errors.ts";
import { idParam } from "../kernel/schema.ts";
import { pageCount, pageHeaders, wholeList } from "../kernel/pagination.ts";
import { router, siteAdminProcedure } from "../kernel/trpc.ts";
import {
  administeredLocationIds,
  assertMayChangeOwnedRow,
  assertMayChangeOwner,
} from "../kernel/permissions.ts";
import { existingIds, knownIds } from "../catalog/queries.ts";
import { catalogMessages, say } from "../kernel/messages.ts";
import type { Context } from "../kernel/context.ts";
import type { Identity } from "../kernel/identity.ts";
import { destinationProblem } from "./addresses.ts";
import { toWebhook, toWebhookDelivery } from "./mappers.ts";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listWebhooks,
  queueTestEvent,
  updateWebhook,
  webhookAttempts,
} from "./queries.ts";
import {
  webhookCreatedSchema,
  webhookCreateInput,
  webhookDeliveriesInput,
  webhookDeliverySchema,
  webhookSchema,
  webhookTestSchema,
  webhookUpdateInput,
} from "./schema.ts";

const allowsPrivate = (ctx: Context) => ctx.services.config.webhooksAllowPrivateNetworks === true;

/** A URL that may not be sent to (private, plain http, unresolvable) is a 422 on `url`. */
async function checkDestination(ctx: Context, url: string | undefined) {
  if (url === undefined) return;
  const problem = await destinationProblem(url, allowsPrivate(ctx));
  if (problem) throw invalid("url", problem);
}

/** Locations named must exist, and not be archived. */
async function checkLocations(ctx: Context, ids: number[] | undefined) {
  if (ids?.length) await knownIds(ctx.db, "locations", ids, "locationIds");
}

/**
 * Every call on one endpoint passes here: the network's are a network admin's, a location's own
 * its admins' (another location's is 404, as if it did not exist).
 */
async function ownWebhook(
  ctx: Pick<Context<Identity>, "db" | "identity">,
  id: number,
  newOwner?: number | null,
) {
  const row = await getWebhook(ctx.db, id);
  if (!row) throw notFound("Webhook");
  assertMayChangeOwner(ctx.identity, row.location_id, newOwner, "Webhook");
  return row;
}

/** A location named as an owner must exist, and not be archived: else 422 on `locationId`. */
async function checkOwner(ctx: Context, locationId: number | null | undefined) {
  if (locationId != null && !(await existingIds(ctx.db, "locations", [locationId])).length)
    throw invalid("locationId", say(catalogMessages.noSuchLocation));
}

const errorResponses = { 404: "No webhook with this id" };

export const webhooksRouter = router({
  list: siteAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks",
        tags: ["webhooks"],
        summary:
          "Webhook endpoints (a network admin's: every one; a site admin's: their locations' own), whether each is failing and whether 3 days of failures paused it",
      },
    })
    .input(z.void())
    .output(z.array(webhookSchema))
    .query(async ({ ctx }) => {
      const owners =
        ctx.identity.kind === "user" ? administeredLocationIds(ctx.identity.access) : [];
      return wholeList(ctx.response, (await listWebhooks(ctx.db, owners)).map(toWebhook));
    }),

  create: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/webhooks",
        tags: ["webhooks"],
        summary:
          "Add an endpoint (201), the network's (locationId null, network admins) or a location's own, hearing that location alone (its admins): visits' events are POSTed to it signed as Standard Webhooks (headers webhook-id, webhook-timestamp, webhook-signature), body {type, timestamp, data}; its secret is shown this once. https only, and never a private or local address, unless WEBHOOKS_ALLOW_PRIVATE_NETWORKS=true",
      },
      status: 201,
    })
    .input(webhookCreateInput)
    .output(webhookCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      assertMayChangeOwnedRow(ctx.identity, input.locationId, "Location");
      await checkDestination(ctx, input.url);
      if (input.locationId === null) await checkLocations(ctx, input.locationIds);
      else await checkOwner(ctx, input.locationId);
      const { row, secret } = await createWebhook(
        ctx.db,
        input,
        actorOf(ctx.identity),
        ctx.services.now(),
      );
      return { ...toWebhook(row), secret };
    }),

  update: siteAdminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/webhooks/{id}",
        tags: ["webhooks"],
        summary:
          "Change an endpoint; enabled false pauses it, true resumes it (and forgets its failures); locationId gives it another owner (network admins only, 403 to a site admin; an unknown location is 422)",
        errorResponses,
      },
    })
    .input(webhookUpdateInput)
    .output(webhookSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      await ownWebhook(ctx, id, changes.locationId);
      await checkOwner(ctx, changes.locationId);
      await checkDestination(ctx, changes.url);
      await checkLocations(ctx, changes.locationIds);
      const row = await updateWebhook(
        ctx.db,
        id,
        changes,
        actorOf(ctx.identity),
        ctx.services.now(),
      );
      if (!row) throw notFound("Webhook");
      return toWebhook(row);
    }),

  remove: siteAdminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/webhooks/{id}",
        tags: ["webhooks"],
        summary: "Delete an endpoint: nothing more is sent to it, its deliveries go with it",
        errorResponses,
      },
    })
    .input(idParam)
    .output(webhookSchema)
    .mutation(async ({ ctx, input }) => {
      await ownWebhook(ctx, input.id);
      const row = await deleteWebhook(ctx.db, input.id, actorOf(ctx.identity), ctx.services.now());
      if (!row) throw notFound("Webhook");
      return toWebhook(row);
    }),

  test: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/webhooks/{id}/test",
        tags: ["webhooks"],
        summary:
          "Send a test event (type webhook.test) to the endpoint, paused or not (202): see it in its deliveries",
        errorResponses,
      },
      status: 202,
    })
    .input(idParam)
    .output(webhookTestSchema)
    .mutation(async ({ ctx, input }) => {
      await ownWebhook(ctx, input.id);
      const eventId = await queueTestEvent(ctx.db, input.id, ctx.services.now());
      if (!eventId) throw notFound("Webhook");
      return { eventId };
    }),

  deliveries: siteAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/webhooks/{id}/deliveries",
        tags: ["webhooks"],
        summary:
          "Each attempt to deliver an event to the endpoint, newest first: when, the answer's status (null: none came), how long, its first bytes or what went wrong (paginated with Link and X-Total-Count)",
        errorResponses,
      },
    })
    .input(webhookDeliveriesInput)
    .output(z.array(webhookDeliverySchema))
    .query(async ({ ctx, input }) => {
      await ownWebhook(ctx, input.id);
      const { rows, total } = await webhookAttempts(ctx.db, input.id, input.page);
      pageHeaders(ctx, { total, page: input.page, pages: pageCount(total) });
      return rows.map(toWebhookDelivery);
    }),
});
