import { z } from "zod";
import { isoDateTime } from "../kernel/schema.ts";

/**
 * The "get set up" list's steps, in the order an admin does them. "password" is there only on an
 * install with demo data (its admin's password was printed at the first start); "email" is ticked
 * by the server's settings (SMTP_URL and BASE_URL), not by the data.
 */
export const setupSteps = [
  "password",
  "location",
  "programs",
  "questions",
  "tablet",
  "email",
  "invite",
  "retention",
] as const;
export type SetupStep = (typeof setupSteps)[number];

export const setupChecklistSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(setupSteps),
      done: z
        .boolean()
        .meta({ description: "read from the data (e-mail: from the settings), never from clicks" }),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistSchema>;

export const setupDismissalSchema = z.object({
  dismissedAt: isoDateTime.meta({ description: "when an admin first dismissed the list" }),
});
