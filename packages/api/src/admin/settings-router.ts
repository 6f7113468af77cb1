import { z } from "zod";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import {
  autoSignOutRunSchema,
  retentionPreviewInput,
  retentionPreviewSchema,
  retentionRunSchema,
  settingsSchema,
  settingsUpdateInput,
} from "./settings-schema.ts";
import { actorOf } from "../kernel/audit.ts";
import { autoSignOut } from "../visits/auto-sign-out.ts";
import {
  erasableVisits,
  retentionStatus,
  runRetention,
  setRetention,
  type Retention,
  type RetentionStatus,
} from "./retention.ts";
import { dismissSetupChecklist } from "./setup.ts";
import { setupDismissalSchema } from "./setup-schema.ts";
import { adminProcedure, router } from "../kernel/trpc.ts";

/** What an admin chose: null keeps details for good. */
const retentionChosen = (input: {
  eraseAfterDays: number | null;
  retentionRule: Retention["rule"];
}): Retention | null =>
  input.retentionRule === "federal_fiscal_year"
    ? { rule: "federal_fiscal_year" }
    : input.eraseAfterDays === null
      ? null
      : { rule: "days", days: input.eraseAfterDays };

const toSettings = (status: RetentionStatus) => ({
  ...status,
  lastRunAt: isoOrNull(status.lastRunAt),
});

export const settingsRouter = router({
  get: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/settings",
        tags: ["settings"],
        summary: "Instance settings: how long visitors' details are kept (admin)",
      },
    })
    .input(z.void())
    .output(settingsSchema)
    .query(async ({ ctx }) => toSettings(await retentionStatus(ctx.db, ctx.services.now()))),

  update: adminProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/settings",
        tags: ["settings"],
        summary:
          "Erase visitors' details after eraseAfterDays days, three years after the federal fiscal year closes (retentionRule), or never (null) (admin)",
      },
    })
    .input(settingsUpdateInput)
    .output(settingsSchema)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now();
      await setRetention(ctx.db, retentionChosen(input), actorOf(ctx.identity), now);
      return toSettings(await retentionStatus(ctx.db, now));
    }),

  retentionPreview: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/settings/retention/preview",
        tags: ["settings"],
        summary:
          "How many visits' details a retention of eraseAfterDays days (or by retentionRule) would erase at its next run, before it is saved (admin)",
      },
    })
    .input(retentionPreviewInput)
    .output(retentionPreviewSchema)
    .query(async ({ ctx, input }) => {
      const eraseAfterDays = input.eraseAfterDays ?? null;
      const retention = retentionChosen({ eraseAfterDays, retentionRule: input.retentionRule });
      // The input's rule leaves no way to keep for good here: days are required without the year.
      const { count, before } = await erasableVisits(ctx.db, retention!, ctx.services.now());
      return {
        eraseAfterDays,
        retentionRule: input.retentionRule,
        erases: count,
        before: iso(before),
      };
    }),

  runRetention: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/settings/retention/run",
        tags: ["settings"],
        summary: "Erase now what the daily run would erase (admin)",
      },
    })
    .input(z.object({}).strict())
    .output(retentionRunSchema)
    .mutation(async ({ ctx }) => {
      const { erased } = await runRetention(ctx.db, ctx.services.now(), actorOf(ctx.identity));
      return { erased };
    }),

  runAutoSignOut: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/settings/auto-sign-out/run",
        tags: ["settings"],
        summary:
          "Sign out now every visit past its location's automatic sign-out time or maximum stay, as the every-minute run does (admin)",
      },
    })
    .input(z.object({}).strict())
    .output(autoSignOutRunSchema)
    .mutation(async ({ ctx }) => ({
      signedOut: (await autoSignOut(ctx.db, ctx.services.now())).length,
    })),

  /** Puts the dashboard's "get set up" list away for good (the web app's; no REST path). */
  dismissSetup: adminProcedure
    .input(z.object({}).strict())
    .output(setupDismissalSchema)
    .mutation(async ({ ctx }) => ({
      dismissedAt: iso(await dismissSetupChecklist(ctx.db, ctx.services.now())),
    })),
});
