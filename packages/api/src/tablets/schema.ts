import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";

export const tabletSchema = z
  .object({
    id: z.number().int(),
    locationId: z.number().int(),
    createdAt: isoDateTime,
    createdBy: z
      .object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })
      .nullable()
      .meta({ description: "who set it up; null once that user is gone" }),
    lastSeenAt: isoDateTime.nullable().meta({ description: "to the minute" }),
    revokedAt: isoDateTime.nullable(),
  })
  .meta({ id: "Tablet" });

export type TabletOutput = z.infer<typeof tabletSchema>;
