import { z } from "zod";
import { idParam } from "../schemas/common.ts";
import { tabletSchema } from "../schemas/tablets.ts";
import { getLocation } from "../services/catalog.ts";
import { listTablets, revokeTablet } from "../services/tablets.ts";
import { router, staffProcedure } from "../trpc.ts";

export const tabletsRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: "GET", path: "/locations/{id}/tablets", tags: ["tablets"], summary: "The location's tablets: set up when and by whom, last seen, revoked" } })
    .input(idParam)
    .output(z.array(tabletSchema))
    .query(async ({ ctx, input }) => {
      await getLocation(ctx.db, input.id);
      const tablets = await listTablets(ctx.db, input.id);
      ctx.response.headers["X-Total-Count"] = String(tablets.length);
      return tablets;
    }),

  revoke: staffProcedure
    .meta({ openapi: { method: "DELETE", path: "/tablets/{id}", tags: ["tablets"], summary: "Disconnect a tablet: its next call is a 401" } })
    .input(idParam)
    .output(tabletSchema)
    .mutation(({ ctx, input }) => revokeTablet(ctx.db, input.id, ctx.services.now())),
});
