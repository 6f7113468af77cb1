import { z } from "zod";
import { auditEntrySchema, auditListInput, auditPageSchema } from "./audit-schema.ts";
import { auditPage } from "./audit-log.ts";
import { pageHeaders } from "../kernel/pagination.ts";
import { router, siteAdminProcedure } from "../kernel/trpc.ts";
import { withinAdministeredLocations } from "../kernel/permissions.ts";

export const auditRouter = router({
  list: siteAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/audit",
        tags: ["audit"],
        summary:
          "The audit log, newest first: who signed visitors in and out, edited or deleted visits, changed locations, programs, users, tablets and settings (admin; a site admin reads their locations' entries alone; paginated with Link and X-Total-Count, estimated past 100,000 entries unless exactTotal=true, as the visits report's)",
      },
    })
    .input(auditListInput)
    .output(z.array(auditEntrySchema))
    .query(async ({ ctx, input }) => {
      const { page, exactTotal, ...filters } = input;
      const within = withinAdministeredLocations(ctx.identity.access, filters);
      const result = await auditPage(ctx.db, within, page, {
        exactTotal,
        limits: ctx.services.config.countLimits,
      });
      pageHeaders(ctx, {
        total: result.total,
        page: result.page,
        pages: result.pageCount,
        estimated: result.totalEstimated,
      });
      return result.entries;
    }),

  /** The web app's page: tRPC cannot read headers, so the page carries its total and page count. */
  page: siteAdminProcedure
    .input(auditListInput)
    .output(auditPageSchema)
    .query(({ ctx, input }) => {
      const { page, exactTotal, ...filters } = input;
      return auditPage(ctx.db, withinAdministeredLocations(ctx.identity.access, filters), page, {
        exactTotal,
        limits: ctx.services.config.countLimits,
      });
    }),
});
