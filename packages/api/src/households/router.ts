import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { heldLocationIds } from "../kernel/permissions.ts";
import { actorOf } from "../kernel/audit.ts";
import { pageCount, pageHeaders, wholeList } from "../kernel/pagination.ts";
import { adminProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import { visitSchema } from "../visits/schema.ts";
import { toNamedVisit } from "../visits/mappers.ts";
import {
  duplicateSchema,
  duplicatesInput,
  eligibilityBasisInput,
  eligibilityBasisSchema,
  householdCreateInput,
  householdListInput,
  householdMergeInput,
  householdPageSchema,
  householdSchema,
  householdUpdateInput,
  memberMoveInput,
} from "./schema.ts";
import {
  createEligibilityBasis,
  createHousehold,
  findHousehold,
  householdVisits,
  listEligibilityBases,
  listHouseholds,
  updateHousehold,
} from "./queries.ts";
import { listDuplicates } from "./duplicates.ts";
import { mergeHouseholds, moveMember } from "./merging.ts";
import { toDuplicate, toEligibilityBasis, toHousehold } from "./mappers.ts";

const refusals = {
  422: "A size below the members listed, a birth date in the future, a member (by id or phone) of another household, or an unknown EligibilityBasisId: each named at its field (Members.<n>.<field>), and nothing written",
};

export const householdsRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/households",
        tags: ["households"],
        summary:
          "Households with their members, newest first (paginated with Link and X-Total-Count); search by a member's phone, the start of a member's name or of the address. Staff of some locations see the households with a visit at one of them, and those with no visit yet",
      },
    })
    .input(householdListInput)
    .output(z.array(householdSchema))
    .query(async ({ ctx, input }) => {
      const { households, total } = await listHouseholds(
        ctx.db,
        input.search,
        input.page,
        heldLocationIds(ctx.identity),
      );
      pageHeaders(ctx, { total, page: input.page, pages: pageCount(total) });
      return households.map(toHousehold);
    }),

  /** The web app's list: tRPC cannot read headers, so the page carries its total and page count. */
  page: staffProcedure
    .input(householdListInput)
    .output(householdPageSchema)
    .query(async ({ ctx, input }) => {
      const { households, total } = await listHouseholds(
        ctx.db,
        input.search,
        input.page,
        heldLocationIds(ctx.identity),
      );
      return {
        households: households.map(toHousehold),
        total,
        page: input.page,
        pageCount: pageCount(total),
      };
    }),

  duplicates: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/households/duplicates",
        tags: ["households"],
        summary:
          "Pairs of households that may be one (a shared phone number, address and ZIP, or a member's name and birth date), newest first (paginated with Link and X-Total-Count); both households the caller may see. Never merged by themselves: see POST /households/{id}/merge",
      },
    })
    .input(duplicatesInput)
    .output(z.array(duplicateSchema))
    .query(async ({ ctx, input }) => {
      const { duplicates, total } = await listDuplicates(
        ctx.db,
        input.page,
        heldLocationIds(ctx.identity),
      );
      pageHeaders(ctx, { total, page: input.page, pages: pageCount(total) });
      return duplicates.map(toDuplicate);
    }),

  /** The web app's pairs: tRPC cannot read headers, so the page carries its total and page count. */
  duplicatesPage: staffProcedure
    .input(duplicatesInput)
    .output(
      z.object({
        pairs: z.array(duplicateSchema),
        total: z.number().int(),
        page: z.number().int(),
        pageCount: z.number().int(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const { duplicates, total } = await listDuplicates(
        ctx.db,
        input.page,
        heldLocationIds(ctx.identity),
      );
      return {
        pairs: duplicates.map(toDuplicate),
        total,
        page: input.page,
        pageCount: pageCount(total),
      };
    }),

  merge: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/households/{id}/merge",
        tags: ["households"],
        summary:
          "Merge another household into this one (audited): its members and visits move here, and it is removed; answers the household that remains",
        errorResponses: {
          422: "otherId is this household, or the two have over 50 members together",
        },
      },
    })
    .input(householdMergeInput)
    .output(householdSchema)
    .mutation(async ({ ctx, input }) => {
      await mergeHouseholds(
        ctx.db,
        input.id,
        input.otherId,
        ctx.services.now(),
        actorOf(ctx.identity),
        heldLocationIds(ctx.identity),
      );
      return toHousehold(await findHousehold(ctx.db, input.id));
    }),

  moveMember: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/households/{id}/members/{memberId}/move",
        tags: ["households"],
        summary:
          "Move a member to another household (audited): their phone finds that one from now on, their past visits stay here; answers this household",
        errorResponses: {
          422: "toHouseholdId unknown, not the caller's or this household, a 51st member there, or the last member here (memberId)",
        },
      },
    })
    .input(memberMoveInput)
    .output(householdSchema)
    .mutation(async ({ ctx, input }) => {
      await moveMember(
        ctx.db,
        input,
        ctx.services.now(),
        actorOf(ctx.identity),
        heldLocationIds(ctx.identity),
      );
      return toHousehold(await findHousehold(ctx.db, input.id));
    }),

  /** The web app's household page: its latest visits at the caller's locations. */
  visits: staffProcedure
    .input(idParam)
    .output(z.array(visitSchema))
    .query(async ({ ctx, input }) => {
      const locationIds = heldLocationIds(ctx.identity);
      await findHousehold(ctx.db, input.id, locationIds);
      return (await householdVisits(ctx.db, input.id, locationIds)).map(toNamedVisit);
    }),

  get: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/households/{id}",
        tags: ["households"],
        summary: "One household with its members",
      },
    })
    .input(idParam)
    .output(householdSchema)
    .query(async ({ ctx, input }) =>
      toHousehold(await findHousehold(ctx.db, input.id, heldLocationIds(ctx.identity))),
    ),

  create: staffProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/households",
        tags: ["households"],
        summary: "Add a household with its members (201)",
        errorResponses: refusals,
      },
      status: 201,
    })
    .input(householdCreateInput)
    .output(householdSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await createHousehold(ctx.db, input, ctx.services.now(), actorOf(ctx.identity));
      return toHousehold(await findHousehold(ctx.db, id));
    }),

  update: staffProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/households/{id}",
        tags: ["households"],
        summary:
          "Change a household; Members, when sent, is its whole list of members (with id: changed; without: added; left out: removed)",
        errorResponses: refusals,
      },
    })
    .input(householdUpdateInput)
    .output(householdSchema)
    .mutation(async ({ ctx, input }) => {
      // Another location's household is as if it did not exist.
      await findHousehold(ctx.db, input.id, heldLocationIds(ctx.identity));
      await updateHousehold(ctx.db, input, ctx.services.now(), actorOf(ctx.identity));
      return toHousehold(await findHousehold(ctx.db, input.id));
    }),

  bases: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/eligibility-bases",
        tags: ["households"],
        summary: "The bases of eligibility a household may declare (SNAP, WIC…), oldest first",
      },
    })
    .input(z.void())
    .output(z.array(eligibilityBasisSchema))
    .query(async ({ ctx }) =>
      wholeList(ctx.response, (await listEligibilityBases(ctx.db)).map(toEligibilityBasis)),
    ),

  addBasis: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/eligibility-bases",
        tags: ["households"],
        summary: "Add a basis of eligibility, in English and Spanish (admin, 201)",
      },
      status: 201,
    })
    .input(eligibilityBasisInput)
    .output(eligibilityBasisSchema)
    .mutation(async ({ ctx, input }) =>
      toEligibilityBasis(
        await createEligibilityBasis(
          ctx.db,
          input.Label,
          ctx.services.now(),
          actorOf(ctx.identity),
        ),
      ),
    ),
});
