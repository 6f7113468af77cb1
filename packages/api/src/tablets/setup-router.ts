import { cookieNames, sheetCookieMaxAge } from "../kernel/cookies.ts";
import { idParam } from "../kernel/schema.ts";
import { logOut } from "../accounts/login.ts";
import { locationSchema } from "../catalog/locations-schema.ts";
import { getLocation } from "../catalog/queries.ts";
import { createTablet } from "./queries.ts";
import { changesState, changesStateRefusal, router, staffProcedure } from "../kernel/trpc.ts";
import { assertLocationAccess } from "../kernel/permissions.ts";

/**
 * A location's set-up: staff turn the browser they hold into that location's tablet. Called as
 * one of the locations' operations (`locations.setup`, GET /locations/{id}/setup).
 */
export const tabletSetupRouter = router({
  setup: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/locations/{id}/setup",
        tags: ["locations"],
        summary: "Turn this browser into the location's tablet; ends the staff session",
        errorResponses: { 403: changesStateRefusal },
      },
    })
    .use(changesState)
    .input(idParam)
    .output(locationSchema)
    .query(async ({ ctx, input }) => {
      assertLocationAccess(ctx.identity, input.id);
      const location = await getLocation(ctx.db, input.id);
      const token = await createTablet(ctx.db, input.id, ctx.user.id, ctx.services.now());
      // A tablet on a wall must not carry a staff login: anyone walking by could use it.
      await logOut(ctx);
      ctx.setCookie(cookieNames.sheetId, String(input.id), "readable", sheetCookieMaxAge);
      ctx.setCookie(cookieNames.sheetToken, token, "secret", sheetCookieMaxAge);
      return location;
    }),
});
