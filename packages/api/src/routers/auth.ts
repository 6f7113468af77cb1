import { z } from "zod";
import { invalid, notFound } from "../errors.ts";
import { invalidLoginMessage } from "../schemas/names.ts";
import { loginInput, registerInput, userSchema } from "../schemas/users.ts";
import { verifyAgainstNothing, verifyPassword } from "../services/passwords.ts";
import { loginSucceeded, takeLoginAttempt } from "../services/login-attempts.ts";
import { logIn, logOut } from "../login.ts";
import { findUserByEmail, getUserOutput, insertUser } from "../services/users.ts";
import { changesState, publicProcedure, router } from "../trpc.ts";

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login",
        tags: ["auth"],
        summary: "Log in and start a session",
      },
    })
    .input(loginInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const now = ctx.services.now();
      await takeLoginAttempt(ctx.db, input.email, ctx.ip, now);
      const user = await findUserByEmail(ctx.db, input.email);
      const ok = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstNothing(input.password);
      // A deactivated user hears what a wrong password hears: nothing tells the two apart.
      if (!user || !ok || user.deactivated_at) throw invalid("email", invalidLoginMessage);
      await loginSucceeded(ctx.db, input.email, ctx.ip, now);
      await logIn(ctx, user.id);
      return getUserOutput(ctx.db, ctx.services.config.secret, user.id);
    }),

  logout: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/auth/logout",
        tags: ["auth"],
        summary: "End the session (204)",
      },
    })
    .use(changesState)
    .input(z.void())
    .output(z.null())
    .query(async ({ ctx }) => {
      await logOut(ctx);
      ctx.response.status = 204;
      return null;
    }),

  register: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/register",
        tags: ["auth"],
        summary: "Self-registration, when enabled (201)",
      },
    })
    // Before the input is read: with registration off, the call does not exist (404), whatever the body.
    .use(({ ctx, next }) => {
      if (!ctx.services.config.registrationEnabled) throw notFound("Registration");
      return next();
    })
    .input(registerInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = await insertUser(ctx.db, input);
      await logIn(ctx, userId);
      ctx.response.status = 201;
      return getUserOutput(ctx.db, ctx.services.config.secret, userId);
    }),
});
