import { existingIds } from "../catalog/queries.ts";
import type { Context } from "../kernel/context.ts";
import type { Identity } from "../kernel/identity.ts";
import { heldLocationIds } from "../kernel/permissions.ts";
import { invalid } from "../kernel/errors.ts";
import { say, catalogMessages } from "../kernel/messages.ts";
import { router, staffProcedure } from "../kernel/trpc.ts";
import { z } from "zod";
import { getNotificationSettings, replaceNotificationSettings } from "./queries.ts";
import {
  notificationSettingsInput,
  notificationSettingsSchema,
  type NotificationSettingsInput,
} from "./schema.ts";

/**
 * Each alert's location and program must exist (and not be archived), the location one of the
 * caller's (another is as if it did not exist): a 422 at the first that does not.
 */
async function checkAlerts(ctx: Context<Identity>, signIns: NotificationSettingsInput["signIns"]) {
  const [locations, programs] = await Promise.all([
    existingIds(
      ctx.db,
      "locations",
      signIns.map((s) => s.locationId),
    ),
    existingIds(
      ctx.db,
      "programs",
      signIns.map((s) => s.programId),
    ),
  ]);
  const held = heldLocationIds(ctx.identity);
  const knownLocations = new Set(held ? locations.filter((id) => held.includes(id)) : locations);
  const knownPrograms = new Set(programs);
  for (const [index, alert] of signIns.entries()) {
    if (!knownLocations.has(alert.locationId))
      throw invalid(`signIns.${index}.locationId`, say(catalogMessages.noSuchLocation));
    if (!knownPrograms.has(alert.programId))
      throw invalid(`signIns.${index}.programId`, say(catalogMessages.noSuchProgram));
  }
}

const path = "/users/me/notifications" as const;

/** One's own e-mail alerts: staff and admins, in a session or with their API token, as /users/me. */
export const notificationsRouter = router({
  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path,
        tags: ["users"],
        summary:
          "Your e-mail alerts: sign-ins for a program at a location, and the daily summary at 7 a.m. in each location's time zone",
      },
    })
    .input(z.void())
    .output(notificationSettingsSchema)
    .query(({ ctx }) => getNotificationSettings(ctx.db, ctx.user.id)),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PUT",
        path,
        tags: ["users"],
        summary:
          "Replace your e-mail alerts: signIns [{locationId, programId}] e-mails you (grouped, within a minute) when someone signs in for that program there; dailySummary e-mails yesterday's visits, people and new people",
      },
    })
    .input(notificationSettingsInput)
    .output(notificationSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      await checkAlerts(ctx, input.signIns);
      await replaceNotificationSettings(ctx.db, ctx.user.id, input);
      return getNotificationSettings(ctx.db, ctx.user.id);
    }),
});
