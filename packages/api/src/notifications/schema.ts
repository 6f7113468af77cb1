import { z } from "zod";
import { alertMessages, say } from "../kernel/messages.ts";
import { id } from "../kernel/schema.ts";

/** "Email me when someone signs in for this program at this location." */
export const signInAlertSchema = z.object({ locationId: id, programId: id });

/** A person's own e-mail alerts, read and replaced whole. */
export const notificationSettingsSchema = z
  .object({
    signIns: z.array(signInAlertSchema.extend({ locationId: z.number(), programId: z.number() })),
    /** Yesterday's figures at 7 a.m. in each location's time zone, on a day with visits. */
    dailySummary: z.boolean(),
  })
  .meta({ id: "NotificationSettings" });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const notificationSettingsInput = z.object({
  signIns: z.array(signInAlertSchema).max(500, say(alertMessages.tooManyAlerts, { count: 500 })),
  dailySummary: z.boolean(),
});
export type NotificationSettingsInput = z.infer<typeof notificationSettingsInput>;

/** Announced when sign-ins' alerts are written (by the fan-out): the senders of every server process wake. */
export const staffAlertsChannel = "vsi_staff_alerts";
