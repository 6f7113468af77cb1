import { z } from "zod";
import { id, isoDateTime, jsonBoolean, optionalText, requiredName } from "../kernel/schema.ts";
import { timeZone, type TimeZone } from "../kernel/calendar.ts";
import { say, fieldMessages } from "../kernel/messages.ts";

export const rollCallStartInput = z.object({
  id,
  drill: jsonBoolean
    .default(false)
    .meta({ description: "a practice: the record says so, as the real thing it is kept" }),
});

export const rollCallIdParam = z.object({ id });

/** A record as JSON, or (format=csv) as a CSV file, its times in timeZone. */
export const rollCallGetInput = z.object({
  id,
  format: z
    .enum(["json", "csv"])
    .optional()
    .meta({ description: "csv: the record as a CSV attachment, a line per mark" }),
  timeZone: timeZone
    .default("UTC" as TimeZone)
    .meta({ description: "the CSV's times are written in this zone, with its offset" }),
});
export type RollCallGetInput = z.infer<typeof rollCallGetInput>;
export const rollCallListInput = z.object({
  /** That location's roll calls; every location's when left out. */
  locationId: id.optional(),
});

export const rollCallMarkInput = z.object({
  id,
  personId: id,
  safe: jsonBoolean,
  markedAt: z.iso
    .datetime({ offset: true, error: say(fieldMessages.isoDateTime) })
    .optional()
    .meta({
      description:
        "when the mark was made on the device (a mark queued offline); now when left out. A mark older than the person's last one changes nothing; one made at or before the roll call's end is taken even after it",
    }),
  device: optionalText("Device", 60)
    .optional()
    .meta({ description: "the device's own name for itself, kept with the mark" }),
});

export const rollCallAddInput = z.object({ id, name: requiredName("Name") });

const staffName = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const rollCallMarkSchema = z
  .object({
    safe: z.boolean().meta({ description: "true: marked safe; false: a safe mark undone" }),
    markedAt: isoDateTime.meta({ description: "when it was made, on the device" }),
    receivedAt: isoDateTime.meta({
      description:
        "when it reached the server: later than markedAt for a mark queued offline, after the roll call's end for one made before it",
    }),
    markedBy: staffName,
    device: z.string().nullable(),
  })
  .meta({ id: "RollCallMark" });

export const rollCallPersonSchema = z
  .object({
    id: z.number().int(),
    visitId: z.number().int().nullable().meta({ description: "null: added, not signed in" }),
    name: z.string().meta({ description: "empty once retention erased it" }),
    program: z.string().nullable(),
    safe: z.boolean().meta({ description: "the latest mark's; false when never marked" }),
    markedAt: isoDateTime.nullable(),
    markedBy: staffName,
    marks: z
      .array(rollCallMarkSchema)
      .meta({ description: "every mark that changed the person's state, oldest first" }),
  })
  .meta({ id: "RollCallPerson" });

const rollCallFields = {
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  drill: z.boolean(),
  startedAt: isoDateTime,
  startedBy: staffName,
  endedAt: isoDateTime.nullable(),
  endedBy: staffName,
  accounted: z.number().int(),
  missing: z.number().int(),
};

export const rollCallSummarySchema = z.object(rollCallFields).meta({ id: "RollCallSummary" });

export const rollCallSchema = z
  .object({ ...rollCallFields, people: z.array(rollCallPersonSchema) })
  .meta({ id: "RollCall" });

export const rollCallEndSchema = z
  .object({ accounted: z.number().int(), missing: z.number().int() })
  .meta({ id: "RollCallEnd" });

export type RollCall = z.infer<typeof rollCallSchema>;
export type RollCallPerson = z.infer<typeof rollCallPersonSchema>;
export type RollCallMark = z.infer<typeof rollCallMarkSchema>;
export type RollCallSummary = z.infer<typeof rollCallSummarySchema>;
