import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { tabletSchema } from "./schema.ts";
import { getLocation } from "../catalog/queries.ts";
import { listTablets, revokeTablet } from "./queries.ts";
import { actorOf } from "../kernel/audit.ts";
import { router, staffProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";
import { assertLocationAccess, heldLocationIds } from "../kernel/permissions.ts";

export const tabletsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}/tablets",
        tags: ["tablets"],
        summary: "The location's tablets: set up when and by whom, last seen, revoked",
      },
    })
    .input(idParam)
    .output(z.array(tabletSchema))
    .query(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      await getLocation(ctx.db, input.id);
      return wholeList(ctx.response, await listTablets(ctx.db, input.id));
    }),

  revoke: staffProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tablets/{id}",
        tags: ["tablets"],
        summary: "Disconnect a tablet: its next call is a 401",
      },
    })
    .input(idParam)
    .output(tabletSchema)
    .mutation(({ ctx, input }) =>
      revokeTablet(
        ctx.db,
        input.id,
        ctx.services.now(),
        actorOf(ctx.identity),
        heldLocationIds(ctx.identity),
      ),
    ),
});
