import { z } from "zod";
import { idParam } from "../schemas/common.ts";
import { tabletSchema } from "../schemas/tablets.ts";
import { getLocation } from "../services/catalog.ts";
import { listTablets, revokeTablet } from "../services/tablets.ts";
import { actorOf } from "../services/audit.ts";
import { router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";

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
      revokeTablet(ctx.db, input.id, ctx.services.now(), actorOf(ctx.identity)),
    ),
});
