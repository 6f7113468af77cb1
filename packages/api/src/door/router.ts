import { HttpError, notFound } from "../kernel/errors.ts";
import { actorOf } from "../kernel/audit.ts";
import { giveBack, rateLimitsOf, take, type LimitEntry } from "../kernel/rate-limit.ts";
import { generateToken, hashToken } from "../kernel/tokens.ts";
import { publicProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import { assertLocationAccess } from "../kernel/permissions.ts";
import type { Context } from "../kernel/context.ts";
import { getLocation } from "../catalog/queries.ts";
import { listQuestions } from "../questions/queries.ts";
import { toQuestion } from "../questions/mappers.ts";
import { checkedAnswers } from "../visits/checked-answers.ts";
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
  doorVisitorSchema,
  locationIdParam,
  visitTokenParam,
} from "./schema.ts";
import { doorVisitId, doorVisitView, phoneProof, replaceDoorCode } from "./queries.ts";
import { doorLocation } from "../catalog/door-codes.ts";
import { initialOf } from "../kernel/sheet-view.ts";
import { doorUrl } from "./mappers.ts";
import { linkBase } from "../kernel/public-address.ts";
import { say, visitMessages } from "../kernel/messages.ts";

/** Every door call spends its address's budget; a lookup also its address's at that code. */
async function takeDoorCall(ctx: Context, more: readonly LimitEntry[] = []) {
  await take(
    ctx.db,
    [[`door:address:${ctx.ip}`, rateLimitsOf(ctx.services.config).doorCallsPerAddress], ...more],
    ctx.services.now(),
  );
}

/**
 * A sign-in at the door, on two budgets: the code's, which only accepted sign-ins spend, and its
 * address's refusals at that code. Both are taken before it runs, so parallel sign-ins cannot
 * pass a count together, and the one the outcome does not spend is given back: a refusal (422,
 * 409, …) leaves the code's budget as it was, and its address alone waits once it has too many.
 */
async function withDoorSignInBudget<T>(ctx: Context, code: string, signIn: () => Promise<T>) {
  const accepted = `door:code:${code}`;
  const refused = `door:refusals:${code}:${ctx.ip}`;
  const limits = rateLimitsOf(ctx.services.config);
  await takeDoorCall(ctx, [
    [accepted, limits.doorSignInsPerCode],
    [refused, limits.doorRefusalsPerAddressPerCode],
  ]);
  // A count not given back (the database gone a moment) only holds a hit until its window ends.
  const giveBackKeys = (keys: string[]) =>
    giveBack(ctx.db, keys, ctx.services.now()).catch(() => undefined);
  let result: T;
  try {
    result = await signIn();
  } catch (error) {
    const isRefusal = error instanceof HttpError && error.status >= 400 && error.status < 500;
    await giveBackKeys(isRefusal ? [accepted] : [accepted, refused]);
    throw error;
  }
  await giveBackKeys([refused]);
  return result;
}

/**
 * A phone's read of its own visit, on that visit's budget: the phones in a waiting room share the
 * site's address, and each reads its visit again as the line moves. A secret that names no visit
 * spends its address's budget, as any other door call does.
 */
async function doorVisitRead(ctx: Context, visitToken: string): Promise<number> {
  const tokenHash = hashToken(visitToken);
  let id: number;
  try {
    id = await doorVisitId(ctx.db, tokenHash);
  } catch (error) {
    await takeDoorCall(ctx);
    throw error;
  }
  const { doorReadsPerVisit } = rateLimitsOf(ctx.services.config);
  await take(ctx.db, [[`door:visit:${tokenHash}`, doorReadsPerVisit]], ctx.services.now());
  return id;
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
      assertLocationAccess(ctx.identity, input.id);
      const code = await replaceDoorCode(
        ctx.db,
        input.id,
        ctx.services.now(),
        actorOf(ctx.identity),
      );
      return { code, url: doorUrl(linkBase(ctx), code) };
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
        programs: location.Programs.map(
          ({ id, Name, NameEs, SignsInHousehold, AsksSignature }) => ({
            id,
            Name,
            NameEs,
            SignsInHousehold,
            AsksSignature,
          }),
        ),
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
          "A returning visitor's names and remembered answers, after their whole phone number and the phone's proof (an earlier visitToken of theirs); without proof, the first name and last initial alone (this location's visitors only; strictly limited)",
        errorResponses: {
          ...doorErrors,
          404: "No door has this code, or no visit here has that number",
        },
      },
    })
    .input(doorLookupInput)
    .output(doorVisitorSchema)
    .query(async ({ ctx, input }) => {
      const now = ctx.services.now();
      await takeDoorCall(ctx, [
        [
          `door:lookups:${input.code}:${ctx.ip}`,
          rateLimitsOf(ctx.services.config).doorLookupsPerAddressPerCode,
        ],
      ]);
      const locationId = await doorLocation(ctx.db, input.code);
      const visitor = await lookUpVisitor(ctx.db, input.phoneNumber, { locationId }, now);
      if (!visitor) throw notFound("Visitor");
      const { Household: _, ...found } = foundVisitor(visitor, false);
      const proof = input.proof === undefined ? null : hashToken(input.proof);
      if ((await phoneProof(ctx.db, input.phoneNumber, proof)) === "proven")
        return { ...found, Proven: true };
      // Anyone may hold the poster: what a tablet's sheet shows anyone, and none of the answers.
      return {
        FirstName: found.FirstName,
        LastName: initialOf(found.LastName),
        Answers: {},
        AnsweredAt: {},
        Proven: false,
      };
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
          409: "With proof (`proof`), that phone number is already signed in at this location and program (no visit is named); or the intake questions changed: read the door again. Without proof a number used before is never refused as signed in: its visit is kept unproven beside any other",
        },
      },
      status: 201,
    })
    .input(doorSignInInput)
    .output(doorSignInSchema)
    .mutation(async ({ ctx, input }) => {
      const { code, proof, ...fields } = input;
      const now = ctx.services.now();
      const visitToken = generateToken();
      // Without proof, a number used before may be anyone's: the visit is kept, but remembers
      // nothing for the number, and never meets its open visit (so its answer cannot say who is here).
      const unproven =
        (await phoneProof(
          ctx.db,
          fields.PhoneNumber,
          proof === undefined ? null : hashToken(proof),
        )) === "unproven";
      // The code is checked by the sign-in's own statement, as a tablet's token is, which writes
      // the visit at the code's location: a code replaced a moment before signs no one in.
      const signIn = async (fresh: boolean) =>
        createVisit(
          ctx.db,
          {
            ...fields,
            LocationId: null,
            ...(await checkedAnswers(ctx, fields.ProgramId, null, fields.Answers, fresh)),
          },
          now,
          { door: { code, visitTokenHash: hashToken(visitToken), unproven } },
        );
      const visit = await withDoorSignInBudget(ctx, code, () =>
        signIn(false)
          .catch((error: unknown) => {
            if (!(error instanceof QuestionsChanged)) throw error;
            return signIn(true);
          })
          .catch((error: unknown) => {
            // The open visit a tablet is shown is someone's: a phone hears only that it exists.
            if (error instanceof HttpError && error.status === 409 && error.extra?.visit)
              throw new HttpError(409, say(visitMessages.alreadySignedIn));
            throw error;
          }),
      );
      return {
        ...(await doorVisitView(ctx.db, visit.id, ctx.services.now())),
        visitToken,
        proves: !unproven,
      };
    }),

  visit: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/door/visits/{visitToken}",
        tags: ["door"],
        summary:
          "The visit this phone signed in (still signed in, or signed out and by whom); reads of a known visit are limited per visit, not per address",
        errorResponses: { 404: "No visit has this token", 429: doorErrors[429] },
      },
    })
    .input(visitTokenParam)
    .output(doorVisitSchema)
    .query(async ({ ctx, input }) => {
      const id = await doorVisitRead(ctx, input.visitToken);
      return doorVisitView(ctx.db, id, ctx.services.now());
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
      return doorVisitView(ctx.db, visit.id, ctx.services.now());
    }),
});
