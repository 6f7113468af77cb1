import { z } from "zod";
import { passwordRule, text } from "../kernel/schema.ts";

export const passwordResetRequestInput = z.object({ email: text().trim().max(254) });
const token = text().min(1).max(200);
export const passwordTokenInput = z.object({ token });
export const passwordUpdateInput = z.object({ token, password: passwordRule });
