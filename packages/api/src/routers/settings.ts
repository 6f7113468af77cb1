import { z } from "zod";
import { isoOrNull } from "../mappers.ts";
import { settingsSchema, settingsUpdateInput } from "../schemas/settings.ts";
import { actorOf } from "../services/audit.ts";
import { retentionStatus, setEraseAfterDays, type RetentionStatus } from "../services/retention.ts";
import { adminProcedure, router } from "../trpc.ts";

const toSettings = (status: RetentionStatus) => ({ ...status, lastRunAt: isoOrNull(status.lastRunAt) });

export const settingsRouter = router({
  get: adminProcedure
    .meta({ openapi: { method: "GET", path: "/settings", tags: ["settings"], summary: "Instance settings: how long visitors' details are kept (admin)" } })
    .input(z.void())
    .output(settingsSchema)
    .query(async ({ ctx }) => toSettings(await retentionStatus(ctx.db, ctx.services.now()))),

  update: adminProcedure
    .meta({ openapi: { method: "PATCH", path: "/settings", tags: ["settings"], summary: "Erase visitors' details after eraseAfterDays days, or never (null) (admin)" } })
    .input(settingsUpdateInput)
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now();
      await setEraseAfterDays(ctx.db, input.eraseAfterDays, actorOf(ctx.identity), now);
      return toSettings(await retentionStatus(ctx.db, now));
    }),
});
