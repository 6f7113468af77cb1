import { z } from "zod";
import { id, isoDateTime, requiredName } from "../kernel/schema.ts";
import { ageBandsText } from "./funder-summary-schema.ts";

/** A preset's fields, as an admin writes them: its bands by the funder summary's one rule. */
const presetFields = {
  name: requiredName("Name"),
  ageBands: ageBandsText.meta({
    description:
      "the age bands its reports count individuals in, as the funder summary's ageBands takes them: e.g. 0-17,18-64,65-, from 0, each starting the year after the one before ends, ages up to 130, the last open",
    example: "0-17,18-59,60-",
  }),
};

/** A band as a reader writes it: "0-17" as "0–17", an open "65-" as "65+". */
export const ageBandLabel = (band: string) =>
  band.endsWith("-") ? `${band.slice(0, -1)}+` : band.replace("-", "–");

export const presetInput = z.object(presetFields);
export const presetUpdateInput = z.object({
  id,
  name: presetFields.name.optional(),
  ageBands: presetFields.ageBands.optional(),
});
export type PresetUpdate = z.infer<typeof presetUpdateInput>;

export const presetSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    ageBands: z.string().meta({ example: "0-17,18-64,65-" }),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: "ReportPreset" });
export type PresetShape = z.infer<typeof presetSchema>;
