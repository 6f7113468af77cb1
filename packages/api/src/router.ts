import { assetsRouter } from "./routers/assets.ts";
import { auditRouter } from "./routers/audit.ts";
import { authRouter } from "./routers/auth.ts";
import { backupsRouter } from "./routers/backups.ts";
import { invitesRouter } from "./routers/invites.ts";
import { locationsRouter } from "./routers/locations.ts";
import { passwordsRouter } from "./routers/passwords.ts";
import { programsRouter } from "./routers/programs.ts";
import { tabletsRouter } from "./routers/tablets.ts";
import { tokensRouter } from "./routers/tokens.ts";
import { usersRouter } from "./routers/users.ts";
import { visitsRouter } from "./routers/visits.ts";
import { settingsRouter } from "./routers/settings.ts";
import { visitorsRouter } from "./routers/visitors.ts";
import { createCallerFactory, router } from "./trpc.ts";

/** The one router: the web app calls it at /trpc, scripts at /api through the OpenAPI adapter. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  locations: locationsRouter,
  programs: programsRouter,
  visits: visitsRouter,
  invites: invitesRouter,
  passwords: passwordsRouter,
  assets: assetsRouter,
  tokens: tokensRouter,
  tablets: tabletsRouter,
  backups: backupsRouter,
  settings: settingsRouter,
  visitors: visitorsRouter,
  audit: auditRouter,
});

export type AppRouter = typeof appRouter;

/** The router called in process (tRPC's createCaller): /api's operations call it. */
export const createCaller = createCallerFactory(appRouter);
