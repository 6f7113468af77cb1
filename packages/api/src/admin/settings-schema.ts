import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";
import { phoneNumber, visitSchema } from "../visits/schema.ts";
import { say, adminMessages } from "../kernel/messages.ts";

/**
 * "days": by eraseAfterDays; "federal_fiscal_year": until three years after the federal fiscal
 * year of the visit (1 October to 30 September) closes, eraseAfterDays null.
 */
export const retentionRule = z.enum(["days", "federal_fiscal_year"]).meta({
  description:
    "days: erased after eraseAfterDays; federal_fiscal_year: kept until three years after the federal fiscal year of the visit closes (30 September), as TEFAP asks",
});

export const settingsSchema = z
  .object({
    eraseAfterDays: z.number().int().nullable().meta({
      description:
        "visitors' names, phone and temperature are erased from visits older than this; null: kept (or kept by retentionRule)",
    }),
    retentionRule,
    nextRunErases: z
      .number()
      .int()
      .meta({ description: "visits the daily run would erase if it ran now" }),
    lastRunAt: isoDateTime
      .nullable()
      .meta({ description: "when the daily run last erased (or checked)" }),
  })
  .meta({ id: "Settings" });

/**
 * The shortest retention period: a month, so the visits of a month's report still have their
 * names when it is run (0 or 1 would blank almost everyone's at the next run).
 */
export const retentionDayBounds = { min: 30, max: 36500 } as const;

const retentionDays = z
  .number({ error: say(adminMessages.wholeDays) })
  .int(say(adminMessages.wholeDays))
  .min(retentionDayBounds.min, say(adminMessages.daysAtLeast, { min: retentionDayBounds.min }))
  .max(retentionDayBounds.max, say(adminMessages.daysAtMost, { max: retentionDayBounds.max }));

export const settingsUpdateInput = z
  .object({
    eraseAfterDays: retentionDays.nullable(),
    retentionRule: retentionRule.default("days"),
  })
  .superRefine((input, ctx) => {
    if (input.retentionRule === "federal_fiscal_year" && input.eraseAfterDays !== null)
      ctx.addIssue({
        code: "custom",
        path: ["eraseAfterDays"],
        message: say(adminMessages.daysWithFiscalYear),
      });
  });

/** The same rule read from a query string, where a number comes as digits; no days for the fiscal year. */
export const retentionPreviewInput = z
  .object({
    retentionRule: retentionRule.default("days"),
    eraseAfterDays: z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^-?\d{1,9}$/)
            .transform(Number),
        ],
        {
          error: say(adminMessages.wholeDays),
        },
      )
      .pipe(retentionDays)
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.retentionRule === "days" && input.eraseAfterDays === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["eraseAfterDays"],
        message: say(adminMessages.wholeDays),
      });
  });

export const retentionPreviewSchema = z.object({
  eraseAfterDays: z.number().int().nullable(),
  retentionRule,
  erases: z.number().int().meta({
    description:
      "visits whose visitors' details the next run would erase with this setting: ended visits begun before `before`, not yet erased",
  }),
  before: isoDateTime.meta({ description: "visits begun before this would be erased now" }),
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
