import { z } from "zod";
import { say, reportMessages } from "../kernel/messages.ts";

const month = say(reportMessages.fiscalYearMonth);

export const reportSettingsSchema = z
  .object({
    fiscalYearStartMonth: z.number().int().meta({
      description:
        "the month (1 January … 12 December) the fiscal year starts in, for the reports' fiscal-year and quarter shortcuts; 1 until an admin chooses",
      example: 10,
    }),
  })
  .meta({ id: "ReportSettings" });
export type ReportSettings = z.infer<typeof reportSettingsSchema>;

export const reportSettingsInput = z.object({
  fiscalYearStartMonth: z.number({ error: month }).int(month).min(1, month).max(12, month),
});
