import { HttpError, notFound } from "../kernel/errors.ts";
import { actorOf } from "../kernel/audit.ts";
import { limits, take, type LimitEntry } from "../kernel/rate-limit.ts";
import { generateToken, hashToken } from "../kernel/tokens.ts";
import { publicProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import type { Context } from "../kernel/context.ts";
import { getLocation } from "../catalog/queries.ts";
import { listQuestions } from "../questions/queries.ts";
import { toQuestion } from "../questions/mappers.ts";
import { checkedAnswers } from "../visits/checked-answers.ts";
import { visitorNameSchema } from "../visits/schema.ts";
import { createVisit, QuestionsChanged, signOutVisit } from "../visits/queries.ts";
import { foundVisitor, lookUpVisitor } from "../visits/visitor-lookup.ts";
import { systemActor } from "../kernel/audit.ts";
import {
  doorCodeParam,
  doorCodeSchema,
  doorLookupInput,
  doorSchema,
  doorSignInInput,
  doorSignInSchema,
  doorVisitSchema,
  locationIdParam,
  visitTokenParam,
} from "./schema.ts";
import { doorLocation, doorVisitId, doorVisitRow, replaceDoorCode } from "./queries.ts";
import { doorUrl, toDoorVisit } from "./mappers.ts";
import { say, visitMessages } from "../kernel/messages.ts";

/** Every door call spends its address's budget; some spend their code's too. */
async function takeDoorCall(ctx: Context, more: readonly LimitEntry[] = []) {
  await take(
    ctx.db,
    [[`door:address:${ctx.ip}`, limits.doorCallsPerAddress], ...more],
    ctx.services.now(),
  );
}

const doorErrors = {
  403: "Signing in on one's own phone is switched off at this location, or the location was archived",
  404: "No door has this code",
  410: "This code was replaced by a new one: the poster is out of date",
  429: "Too many calls from this address or for this code: try again after Retry-After seconds",
};

export const doorRouter = router({
  newCode: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/locations/{id}/door-code",
        tags: ["door"],
        summary:
          "A new door code for the location's poster (201); the old code stops and its posters say they are out of date",
      },
      status: 201,
    })
    .input(locationIdParam)
    .output(doorCodeSchema)
    .mutation(async ({ ctx, input }) => {
      const code = await replaceDoorCode(
        ctx.db,
        input.id,
        ctx.services.now(),
        actorOf(ctx.identity),
      );
      return { code, url: doorUrl(ctx.services.config.baseUrl, code) };
    }),

  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/door/{code}",
        tags: ["door"],
        summary:
          "Anyone with a poster's code: its location, the programs offered there and their intake questions (no visits)",
        errorResponses: doorErrors,
      },
    })
    .input(doorCodeParam)
    .output(doorSchema)
    .query(async ({ ctx, input }) => {
      await takeDoorCall(ctx);
      const locationId = await doorLocation(ctx.db, input.code);
      const location = await getLocation(ctx.db, locationId);
      const questions = await listQuestions(ctx.db, { locationId });
      return {
        location: {
          id: location.id,
          Name: location.Name,
          Address: location.Address,
          LogoUrl: location.LogoUrl,
          AsksTemperature: location.AsksTemperature,
          TemperatureUnit: location.TemperatureUnit,
          TimeZone: location.TimeZone,
        },
        programs: location.Programs.map(({ id, Name, NameEs }) => ({ id, Name, NameEs })),
        questions: questions.map(toQuestion),
      };
    }),

  lookUp: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/door/{code}/visitor",
        tags: ["door"],
        summary:
          "A returning visitor's own names and remembered answers, after their whole phone number (this location's visitors only; strictly limited)",
        errorResponses: {
          ...doorErrors,
          404: "No door has this code, or no visit here has that number",
        },
      },
    })
    .input(doorLookupInput)
    .output(visitorNameSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.services.now();
      await take(
        ctx.db,
        [
          [`door:lookup:address:${ctx.ip}`, limits.doorLookupsPerAddress],
          [`door:lookup:code:${input.code}`, limits.doorLookupsPerCode],
        ],
        now,
      );
      const locationId = await doorLocation(ctx.db, input.code);
      const visitor = await lookUpVisitor(ctx.db, input.phoneNumber, { locationId }, now);
      if (!visitor) throw notFound("Visitor");
      return foundVisitor(visitor);
    }),

  signIn: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/door/{code}/visits",
        tags: ["door"],
        summary:
          "A visitor signs themselves in on their own phone (201): the visit as they see it, and visitToken, the phone's secret for it",
        errorResponses: {
          ...doorErrors,
          409: "That phone number is already signed in at this location and program (no visit is named), or the intake questions changed: read the door again",
        },
      },
      status: 201,
    })
    .input(doorSignInInput)
    .output(doorSignInSchema)
    .mutation(async ({ ctx, input }) => {
      const { code, ...fields } = input;
      await takeDoorCall(ctx, [[`door:code:${code}`, limits.doorSignInsPerCode]]);
      const now = ctx.services.now();
      const visitToken = generateToken();
      // The code is checked by the sign-in's own statement, as a tablet's token is, which writes
      // the visit at the code's location: a code replaced a moment before signs no one in.
      const signIn = async (fresh: boolean) =>
        createVisit(
          ctx.db,
          {
            ...fields,
            LocationId: null,
            ...(await checkedAnswers(ctx, fields.ProgramId, fields.Answers, fresh)),
          },
          now,
          { door: { code, visitTokenHash: hashToken(visitToken) } },
        );
      const visit = await signIn(false)
        .catch((error: unknown) => {
          if (!(error instanceof QuestionsChanged)) throw error;
          return signIn(true);
        })
        .catch((error: unknown) => {
          // The open visit a tablet is shown is someone's: a phone hears only that it exists.
          if (error instanceof HttpError && error.status === 409 && error.extra?.visit)
            throw new HttpError(409, say(visitMessages.alreadySignedIn));
          throw error;
        });
      return { ...toDoorVisit(await doorVisitRow(ctx.db, visit.id)), visitToken };
    }),

  visit: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/door/visits/{visitToken}",
        tags: ["door"],
        summary: "The visit this phone signed in (still signed in, or signed out and by whom)",
        errorResponses: { 404: "No visit has this token", 429: doorErrors[429] },
      },
    })
    .input(visitTokenParam)
    .output(doorVisitSchema)
    .query(async ({ ctx, input }) => {
      await takeDoorCall(ctx);
      const id = await doorVisitId(ctx.db, hashToken(input.visitToken));
      return toDoorVisit(await doorVisitRow(ctx.db, id));
    }),

  signOut: publicProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/door/visits/{visitToken}/sign-out",
        tags: ["door"],
        summary:
          "The visitor signs out from their phone; a visit already signed out keeps its time and who did it",
        errorResponses: { 404: "No visit has this token", 429: doorErrors[429] },
      },
    })
    .input(visitTokenParam)
    .output(doorVisitSchema)
    .mutation(async ({ ctx, input }) => {
      await takeDoorCall(ctx);
      // One statement finds the visit by the phone's secret and signs it out (a second keeps the first).
      const visit = await signOutVisit(
        ctx.db,
        { visitTokenHash: hashToken(input.visitToken) },
        ctx.services.now(),
        "visitor",
        { actor: systemActor },
        null,
      );
      if (!visit) throw notFound("Visit");
      return toDoorVisit(await doorVisitRow(ctx.db, visit.id));
    }),
});
