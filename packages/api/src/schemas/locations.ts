import { z } from "zod";
import { id, isoDateTime, optionalText } from "./common.ts";

export const programRefSchema = z.object({ id: z.number().int(), Name: z.string(), createdAt: isoDateTime, updatedAt: isoDateTime });
export const locationRefSchema = z.object({
  id: z.number().int(),
  Name: z.string(),
  Address: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const locationSchema = locationRefSchema
  .extend({ Programs: z.array(programRefSchema).meta({ description: "in the sheet's tab order" }) })
  .meta({ id: "Location" });
export const programSchema = programRefSchema.extend({ Locations: z.array(locationRefSchema) }).meta({ id: "Program" });

const ids = z.array(id).max(1000);

export const locationInput = z.object({
  Name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  Address: optionalText("Address", 500).default(""),
  ProgramIds: ids.default([]).meta({ description: "order is the tab order; unknown ids are dropped" }),
});
export const locationUpdateInput = locationInput.partial().extend({ id });

export const programInput = z.object({
  Name: z.string().trim().min(1, "Name is required").max(200, "Name is too long"),
  LocationIds: ids.default([]),
});
export const programUpdateInput = programInput.partial().extend({ id });
