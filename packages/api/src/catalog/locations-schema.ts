import { z } from "zod";
import { id, optionalText, text } from "../kernel/schema.ts";
import {
  catalogIds,
  catalogName,
  locationRefSchema,
  programRefSchema,
  queueModes,
} from "./schema.ts";
import { kioskTimingInputs, kioskTimingRules } from "./kiosk-timings.ts";
import { defaultTemperatureUnit, temperatureUnits } from "./temperature.ts";
import { timeZone } from "../kernel/calendar.ts";
import { say, catalogMessages } from "../kernel/messages.ts";
import {
  defaultLabelSize,
  locationLabelInputs,
  locationLabelOutputs,
} from "../labels/printer-schema.ts";

// Program schemas moved to programs.ts; re-exported so imports from here keep working.
export * from "./programs-schema.ts";
export { locationRefSchema, programRefSchema, queueModes } from "./schema.ts";

export const locationSchema = locationRefSchema
  .extend({
    LogoUrl: z
      .string()
      .nullable()
      .meta({ description: "the site's logo on the sheet; null: the default mark" }),
    Programs: z.array(programRefSchema).meta({ description: "in the sheet's tab order" }),
    ...locationLabelOutputs,
  })
  .meta({ id: "Location" });

const programIds = catalogIds.meta({
  description: "order is the tab order; unknown ids are dropped",
});

/** A local time of day, 00:00 to 23:59. */
export const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, say(catalogMessages.timeOfDay));
/** Whole minutes are what is kept; a week is the longest stay that still reads as a visit. */
export const maxStayHours = z
  .number()
  .positive({ message: say(catalogMessages.maximumStay), abort: true })
  .max(168, say(catalogMessages.maximumStayAtMost, { hours: 168 }))
  .refine((hours) => Math.round(hours * 60) >= 1, say(catalogMessages.maximumStayAtLeast));

// Updates list the same fields without defaults: a field left out stays as it is.
const locationFields = {
  Name: catalogName,
  Address: optionalText("Address", 500, { multiline: true }),
  ProgramIds: programIds,
  AsksTemperature: z.boolean(),
  SelfSignIn: z.boolean(),
  TemperatureUnit: z.enum(temperatureUnits),
  Logo: text()
    .max(200)
    .nullable()
    .meta({ description: "signed_id of an uploaded image (POST /assets); null removes the logo" }),
  TimeZone: timeZone,
  AutoSignOutAt: timeOfDay.nullable(),
  MaxStayHours: maxStayHours.nullable(),
  Queue: z.enum(queueModes),
  LotteryAt: timeOfDay.nullable(),
  ...kioskTimingInputs,
  ...locationLabelInputs,
};
export const locationInput = z.object({
  ...locationFields,
  Address: locationFields.Address.default(""),
  ProgramIds: programIds.default([]),
  AsksTemperature: locationFields.AsksTemperature.default(false),
  SelfSignIn: locationFields.SelfSignIn.default(false),
  TemperatureUnit: locationFields.TemperatureUnit.default(defaultTemperatureUnit),
  Logo: locationFields.Logo.optional(),
  TimeZone: timeZone.optional().meta({ description: "default America/Los_Angeles" }),
  AutoSignOutAt: locationFields.AutoSignOutAt.default(null),
  MaxStayHours: locationFields.MaxStayHours.default(null),
  Queue: locationFields.Queue.default("off"),
  LotteryAt: locationFields.LotteryAt.default(null),
  IdleResetSeconds: kioskTimingInputs.IdleResetSeconds.default(
    kioskTimingRules.IdleResetSeconds.default,
  ),
  ConfirmationSeconds: kioskTimingInputs.ConfirmationSeconds.default(
    kioskTimingRules.ConfirmationSeconds.default,
  ),
  SendTimeoutSeconds: kioskTimingInputs.SendTimeoutSeconds.default(
    kioskTimingRules.SendTimeoutSeconds.default,
  ),
  LabelPrinter: locationLabelInputs.LabelPrinter.default(null),
  LabelSize: locationLabelInputs.LabelSize.default(defaultLabelSize),
});
export const locationUpdateInput = z.object(locationFields).partial().extend({ id });
export type LocationInput = z.output<typeof locationInput>;
export type LocationChanges = Omit<z.output<typeof locationUpdateInput>, "id">;
