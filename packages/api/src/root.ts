import { authRouter } from "./routers/auth.ts";
import { locationsRouter } from "./routers/locations.ts";
import { programsRouter } from "./routers/programs.ts";
import { usersRouter } from "./routers/users.ts";
import { visitsRouter } from "./routers/visits.ts";
import { createCallerFactory, router } from "./trpc.ts";

/** The one router: the web app calls it at /trpc, scripts at /api through the OpenAPI adapter. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  locations: locationsRouter,
  programs: programsRouter,
  visits: visitsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
