import { z } from "zod";
import { invalid, notFound } from "../kernel/errors.ts";
import { invalidLoginMessage } from "../kernel/auth-names.ts";
import { loginInput, registerInput, userSchema } from "./users-schema.ts";
import { checkPassword, logIn, logOut } from "./login.ts";
import { getUserOutput, insertUser } from "./users.ts";
import { changesState, changesStateRefusal, publicProcedure, router } from "../kernel/trpc.ts";

export const authRouter = router({
  login: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/login",
        tags: ["auth"],
        summary: "Log in and start a session",
        errorResponses: {
          429: "Too many failed logins for that email or from that address: try again after Retry-After seconds",
        },
      },
    })
    .input(loginInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const user = await checkPassword(ctx, input.email, input.password);
      if (!user) throw invalid("email", invalidLoginMessage);
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
        errorResponses: { 403: changesStateRefusal },
      },
    })
    .use(changesState)
    .input(z.void())
    .output(z.null())
    .query(async ({ ctx }) => {
      await logOut(ctx);
      return null;
    }),

  register: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/auth/register",
        tags: ["auth"],
        summary: "Self-registration, when enabled (201)",
        errorResponses: { 404: "Self-registration is switched off" },
      },
      status: 201,
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
      return getUserOutput(ctx.db, ctx.services.config.secret, userId);
    }),
});
