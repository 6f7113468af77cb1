import { assetsRouter } from "./assets/router.ts";
import { auditRouter } from "./admin/audit-router.ts";
import { authRouter } from "./accounts/auth-router.ts";
import { backupsRouter } from "./admin/backups-router.ts";
import { invitesRouter } from "./accounts/invites-router.ts";
import { locationsRouter } from "./catalog/locations-router.ts";
import { passwordsRouter } from "./accounts/passwords-router.ts";
import { programsRouter } from "./catalog/programs-router.ts";
import { questionsRouter } from "./questions/router.ts";
import { reportsRouter } from "./reports/router.ts";
import { visitReportsRouter } from "./reports/visit-reports-router.ts";
import { reportPresetsRouter } from "./reports/presets-router.ts";
import { tabletsRouter } from "./tablets/router.ts";
import { tabletSetupRouter } from "./tablets/setup-router.ts";
import { tokensRouter } from "./accounts/api-tokens-router.ts";
import { usersRouter } from "./accounts/users-router.ts";
import { visitsRouter } from "./visits/router.ts";
import { doorRouter } from "./door/router.ts";
import { rollCallsRouter } from "./roll-calls/router.ts";
import { settingsRouter } from "./admin/settings-router.ts";
import { visitorsRouter } from "./admin/visitors-router.ts";
import { webhooksRouter } from "./webhooks/router.ts";
import { notificationsRouter } from "./notifications/router.ts";
import { householdsRouter } from "./households/router.ts";
import { labelsRouter } from "./labels/router.ts";
import { queueRouter } from "./queue/router.ts";
import { createCallerFactory, mergeRouters, router } from "./kernel/trpc.ts";

/** The one router: the web app calls it at /trpc, scripts at /api through the OpenAPI adapter. */
export const appRouter = router({
  auth: authRouter,
  users: usersRouter,
  notifications: notificationsRouter,
  locations: mergeRouters(locationsRouter, tabletSetupRouter),
  programs: programsRouter,
  questions: questionsRouter,
  visits: mergeRouters(visitsRouter, visitReportsRouter),
  door: doorRouter,
  rollCalls: rollCallsRouter,
  households: householdsRouter,
  labels: labelsRouter,
  queue: queueRouter,
  invites: invitesRouter,
  passwords: passwordsRouter,
  assets: assetsRouter,
  tokens: tokensRouter,
  tablets: tabletsRouter,
  backups: backupsRouter,
  settings: settingsRouter,
  visitors: visitorsRouter,
  audit: auditRouter,
  reports: reportsRouter,
  reportPresets: reportPresetsRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;

/** The router called in process (tRPC's createCaller): /api's operations call it. */
export const createCaller = createCallerFactory(appRouter);
