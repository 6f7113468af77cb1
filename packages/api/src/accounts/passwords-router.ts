import { HttpError } from "../kernel/errors.ts";
import { okSchema } from "../kernel/schema.ts";
import {
  passwordResetRequestInput,
  passwordResetRequestSchema,
  passwordTokenInput,
  passwordUpdateInput,
} from "./passwords-schema.ts";
import { passwordResetEmail, passwordResetLink } from "./emails.ts";
import { linkBase } from "../kernel/public-address.ts";
import {
  createPasswordReset,
  findUsableReset,
  RESET_LIFETIME_HOURS,
  resetPassword,
} from "./password-resets.ts";
import { rateLimitsOf, take } from "../kernel/rate-limit.ts";
import { findUserByEmail } from "./users.ts";
import { publicProcedure, router } from "../kernel/trpc.ts";
import { say, accountMessages } from "../kernel/messages.ts";

export const passwordsRouter = router({
  request: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/passwords",
        tags: ["passwords"],
        summary:
          "Email a password reset link; emailSent is false when no mail server is set up (the link is never in the answer)",
        errorResponses: {
          404: "No user has that email",
          429: "Too many reset links asked for that email or from that address: try again after Retry-After seconds",
        },
      },
    })
    .input(passwordResetRequestInput)
    .output(passwordResetRequestSchema)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now();
      // Every request counts, found or not: the limit also slows down probing for addresses.
      const limits = rateLimitsOf(ctx.services.config);
      await take(
        ctx.db,
        [
          [`reset:email:${input.email.toLowerCase()}`, limits.resetRequestsPerEmail],
          [`reset:address:${ctx.ip}`, limits.resetRequestsPerAddress],
        ],
        now,
      );
      const user = await findUserByEmail(ctx.db, input.email);
      if (!user) throw new HttpError(404, say(accountMessages.emailNotFound));

      const token = await createPasswordReset(ctx.db, user.id, now);
      // Anyone may ask: the link starts at BASE_URL (or this machine), never at their Host. With
      // no mail server it is only written to the data folder, and the answer says so (never the link).
      const link = passwordResetLink(linkBase(ctx), token);
      await ctx.services.mailer.send(passwordResetEmail(link, user, RESET_LIFETIME_HOURS));
      return { ok: true as const, emailSent: ctx.services.mailer.delivers };
    }),

  check: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/passwords/{token}",
        tags: ["passwords"],
        summary: "Is this reset link usable? (404 / 410)",
        errorResponses: { 410: "The link expired or was used" },
      },
    })
    .input(passwordTokenInput)
    .output(okSchema)
    .query(async ({ ctx, input }) => {
      await findUsableReset(ctx.db, input.token, ctx.services.now());
      return { ok: true as const };
    }),

  update: publicProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/passwords/{token}",
        tags: ["passwords"],
        summary: "Set a new password with a reset link (once)",
        errorResponses: { 410: "The link expired or was used" },
      },
    })
    .input(passwordUpdateInput)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await resetPassword(ctx.db, input.token, input.password, ctx.services.now());
      return { ok: true as const };
    }),
});
