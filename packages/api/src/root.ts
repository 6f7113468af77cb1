import { authRouter } from "./routers/auth.ts";
import { usersRouter } from "./routers/users.ts";
import { createCallerFactory, router } from "./trpc.ts";

/** The one router: the web app calls it at /trpc, scripts at /api through the OpenAPI adapter. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
