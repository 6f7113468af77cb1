import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";
import { phoneNumber, visitSchema } from "../visits/schema.ts";
import { say, adminMessages } from "../kernel/messages.ts";

export const settingsSchema = z
  .object({
    eraseAfterDays: z.number().int().nullable().meta({
      description:
        "visitors' names, phone and temperature are erased from visits older than this; null: kept",
    }),
    nextRunErases: z
      .number()
      .int()
      .meta({ description: "visits the daily run would erase if it ran now" }),
    lastRunAt: isoDateTime
      .nullable()
      .meta({ description: "when the daily run last erased (or checked)" }),
  })
  .meta({ id: "Settings" });

export const settingsUpdateInput = z.object({
  eraseAfterDays: z
    .number({ error: say(adminMessages.wholeDays) })
    .int(say(adminMessages.wholeDays))
    .min(1, say(adminMessages.daysAtLeast, { min: 1 }))
    .max(36500, say(adminMessages.daysAtMost, { max: 36500 }))
    .nullable(),
});

/** A request to be forgotten names the person by phone number (the same rule as at the door). */
export const visitorInput = z.object({ phoneNumber });
export const visitorExportSchema = z.object({ visits: z.array(visitSchema) });
export const visitorForgetSchema = z.object({
  erased: z.number().int().meta({ description: "visits whose details were erased" }),
});
export const retentionRunSchema = z.object({
  erased: z.number().int().meta({ description: "visits whose details this run erased" }),
});
export const autoSignOutRunSchema = z.object({
  signedOut: z.number().int().meta({ description: "visits this run signed out" }),
});
