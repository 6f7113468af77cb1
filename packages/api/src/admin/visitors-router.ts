import { visitorExportSchema, visitorForgetSchema, visitorInput } from "./settings-schema.ts";
import { actorOf } from "../kernel/audit.ts";
import { exportVisitor, forgetVisitor } from "./retention.ts";
import { adminProcedure, router } from "../kernel/trpc.ts";

// A request to be forgotten: hand the person their visits, then erase them. POST, so the phone
// number travels in the body and never in a URL or an access log.
export const visitorsRouter = router({
  export: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visitors/export",
        tags: ["visitors"],
        summary: "Every visit of one phone number, oldest first (admin; recorded in the audit log)",
      },
    })
    .input(visitorInput)
    .output(visitorExportSchema)
    .mutation(async ({ ctx, input }) => ({
      visits: await exportVisitor(
        ctx.db,
        input.phoneNumber,
        actorOf(ctx.identity),
        ctx.services.now(),
      ),
    })),

  forget: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/visitors/forget",
        tags: ["visitors"],
        summary:
          "Erase one phone number's names, phone and temperature from all its visits (open ones are signed out now, as staff), and the details of the household member with that number (admin; recorded in the audit log)",
      },
    })
    .input(visitorInput)
    .output(visitorForgetSchema)
    .mutation(async ({ ctx, input }) => ({
      erased: await forgetVisitor(
        ctx.db,
        input.phoneNumber,
        actorOf(ctx.identity),
        ctx.services.now(),
      ),
    })),
});
