import type { Executor } from "@vsi/db";
import { gone, HttpError } from "../errors.ts";
import { okSchema } from "../schemas/common.ts";
import { passwordResetRequestInput, passwordTokenInput, passwordUpdateInput } from "../schemas/passwords.ts";
import { passwordResetEmail } from "../services/emails.ts";
import { hashPassword } from "../services/passwords.ts";
import { limits, take } from "../services/rate-limit.ts";
import { generateToken, hashToken } from "../services/tokens.ts";
import { findUserByEmail } from "../services/users.ts";
import { publicProcedure, router } from "../trpc.ts";

export const RESET_LIFETIME_HOURS = 48;

export const resetLinkInvalidMessage = "This password reset link is invalid";
export const resetLinkExpiredMessage = "This password reset link has expired";
export const resetLinkUsedMessage = "This password reset link has already been used";

/** The reset a link's token names, if it can still be used: 404 unknown, 410 used or expired. */
async function findUsableReset(db: Executor, token: string, now: Date, { lock = false } = {}) {
  const reset = await db
    .selectFrom("password_resets")
    .select(["id", "user_id", "expires_at", "used_at"])
    .where("token_hash", "=", hashToken(token))
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!reset) throw new HttpError(404, resetLinkInvalidMessage);
  if (reset.used_at) throw gone(resetLinkUsedMessage);
  if (reset.expires_at.getTime() <= now.getTime()) throw gone(resetLinkExpiredMessage);
  return reset;
}

export const passwordsRouter = router({
  request: publicProcedure
    .meta({ openapi: { method: "POST", path: "/passwords", tags: ["passwords"], summary: "Email a password reset link" } })
    .input(passwordResetRequestInput)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now();
      // Every request counts, found or not: the limit also slows down probing for addresses.
      await take(
        ctx.db,
        [
          [`reset:email:${input.email.toLowerCase()}`, limits.resetRequestsPerEmail],
          [`reset:address:${ctx.ip}`, limits.resetRequestsPerAddress],
        ],
        now,
      );
      const user = await findUserByEmail(ctx.db, input.email);
      if (!user) throw new HttpError(404, "Email not found");

      const token = generateToken();
      await ctx.db
        .insertInto("password_resets")
        .values({ user_id: user.id, token_hash: hashToken(token), expires_at: new Date(now.getTime() + RESET_LIFETIME_HOURS * 3_600_000) })
        .execute();
      await ctx.services.mailer.send(passwordResetEmail(ctx.services.config, user, token, RESET_LIFETIME_HOURS));
      return { ok: true as const };
    }),

  check: publicProcedure
    .meta({ openapi: { method: "GET", path: "/passwords/{token}", tags: ["passwords"], summary: "Is this reset link usable? (404 / 410)" } })
    .input(passwordTokenInput)
    .output(okSchema)
    .query(async ({ ctx, input }) => {
      await findUsableReset(ctx.db, input.token, ctx.services.now());
      return { ok: true as const };
    }),

  update: publicProcedure
    .meta({ openapi: { method: "PATCH", path: "/passwords/{token}", tags: ["passwords"], summary: "Set a new password with a reset link (once)" } })
    .input(passwordUpdateInput)
    .output(okSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (trx) => {
        const now = ctx.services.now();
        // Locked: of two requests with one link, the second waits, then finds it used.
        const reset = await findUsableReset(trx, input.token, now, { lock: true });
        await trx
          .updateTable("users")
          .set({ password_hash: await hashPassword(input.password), updated_at: now })
          .where("id", "=", reset.user_id)
          .execute();
        await trx.updateTable("password_resets").set({ used_at: now }).where("id", "=", reset.id).execute();
        // Whoever knew the old password is logged out everywhere.
        await trx.deleteFrom("sessions").where("user_id", "=", reset.user_id).execute();
      });
      return { ok: true as const };
    }),
});
