import { z } from "zod";
import { id, isoDateTime, optionalText, text } from "./common.ts";
import { defaultTemperatureUnit, temperatureUnits } from "./temperature.ts";

export const programRefSchema = z.object({ id: z.number().int(), Name: z.string(), createdAt: isoDateTime, updatedAt: isoDateTime });
export const locationRefSchema = z.object({
  id: z.number().int(),
  Name: z.string(),
  Address: z.string(),
  TemperatureUnit: z.enum(temperatureUnits).meta({ description: "unit of visitors' temperatures here: F (°F) or C (°C)" }),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const locationSchema = locationRefSchema
  .extend({
    LogoUrl: z.string().nullable().meta({ description: "the site's logo on the sheet; null: the default mark" }),
    Programs: z.array(programRefSchema).meta({ description: "in the sheet's tab order" }),
  })
  .meta({ id: "Location" });
export const programSchema = programRefSchema.extend({ Locations: z.array(locationRefSchema) }).meta({ id: "Program" });

const ids = z.array(id).max(1000);
const name = text().trim().min(1, "Name is required").max(200, "Name is too long");
const programIds = ids.meta({ description: "order is the tab order; unknown ids are dropped" });

// Updates list the same fields without defaults: a field left out stays as it is.
const locationFields = {
  Name: name,
  Address: optionalText("Address", 500, { multiline: true }),
  ProgramIds: programIds,
  TemperatureUnit: z.enum(temperatureUnits),
  Logo: text().max(200).nullable().meta({ description: "signed_id of an uploaded image (POST /assets); null removes the logo" }),
};
export const locationInput = z.object({
  ...locationFields,
  Address: locationFields.Address.default(""),
  ProgramIds: programIds.default([]),
  TemperatureUnit: locationFields.TemperatureUnit.default(defaultTemperatureUnit),
  Logo: locationFields.Logo.optional(),
});
export const locationUpdateInput = z.object(locationFields).partial().extend({ id });
export type LocationInput = z.output<typeof locationInput>;
export type LocationChanges = Omit<z.output<typeof locationUpdateInput>, "id">;

const programFields = { Name: name, LocationIds: ids };
export const programInput = z.object({ ...programFields, LocationIds: ids.default([]) });
export const programUpdateInput = z.object(programFields).partial().extend({ id });
export type ProgramInput = z.output<typeof programInput>;
export type ProgramChanges = Omit<z.output<typeof programUpdateInput>, "id">;
