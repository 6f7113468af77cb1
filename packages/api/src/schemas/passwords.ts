import { z } from "zod";
import { passwordRule } from "./common.ts";

export const passwordResetRequestInput = z.object({ email: z.string().trim().max(254) });
export const passwordTokenInput = z.object({ token: z.string().min(1).max(200) });
export const passwordUpdateInput = z.object({ token: z.string().min(1).max(200), password: passwordRule });
