import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";

/** The "get set up" list's steps, in the order an admin does them. */
export const setupSteps = ["location", "programs", "tablet", "invite", "retention"] as const;
export type SetupStep = (typeof setupSteps)[number];

export const setupChecklistSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(setupSteps),
      done: z.boolean().meta({ description: "read from the data, never from clicks" }),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const setupDismissalSchema = z.object({
  dismissedAt: isoDateTime.meta({ description: "when an admin first dismissed the list" }),
});
