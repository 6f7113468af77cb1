import { z } from "zod";
import { okSchema, passwordRule, text } from "../kernel/schema.ts";

export const passwordResetRequestInput = z.object({ email: text().trim().max(254) });
export const passwordResetRequestSchema = okSchema.extend({
  emailSent: z.boolean().meta({
    description:
      "false when no mail server is set up (SMTP_URL): the link was not e-mailed; an admin can set a new password",
  }),
});
const token = text().min(1).max(200);
export const passwordTokenInput = z.object({ token });
export const passwordUpdateInput = z.object({ token, password: passwordRule });
