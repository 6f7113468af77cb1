import { z } from "zod";
import { id, jsonBoolean } from "../kernel/schema.ts";
import {
  visitLimitInput,
  catalogIds,
  catalogName,
  locationRefSchema,
  programRefSchema,
  translatedName,
} from "./schema.ts";

export const programSchema = programRefSchema
  .extend({ Locations: z.array(locationRefSchema) })
  .meta({ id: "Program" });

// The update lists the same fields without defaults: a field left out stays as it is.
const programFields = {
  Name: catalogName,
  NameEs: translatedName,
  LocationIds: catalogIds,
  SignsInHousehold: jsonBoolean,
  AsksSignature: jsonBoolean,
  OwnQueue: jsonBoolean,
  VisitLimit: visitLimitInput,
};
export const programInput = z.object({
  ...programFields,
  LocationId: id.nullable().default(null).meta({
    description:
      "the location whose own program this is (offered there alone; a site admin's must be one they administer); null or left out: the network's (network admins only). Set once, when made",
  }),
  NameEs: translatedName.optional(),
  LocationIds: catalogIds.default([]),
  SignsInHousehold: jsonBoolean.default(false),
  AsksSignature: jsonBoolean.default(false),
  OwnQueue: jsonBoolean.default(false),
  VisitLimit: visitLimitInput.default(null),
});
export const programUpdateInput = z.object(programFields).partial().extend({ id });
export type ProgramInput = z.output<typeof programInput>;
export type ProgramChanges = Omit<z.output<typeof programUpdateInput>, "id">;
