import { z } from "zod";
import { idParam } from "../kernel/schema.ts";
import { heldLocationIds } from "../kernel/permissions.ts";
import { actorOf } from "../kernel/audit.ts";
import { linkHeader, pageCount, wholeList } from "../kernel/pagination.ts";
import { adminProcedure, router, staffProcedure } from "../kernel/trpc.ts";
import {
  eligibilityBasisInput,
  eligibilityBasisSchema,
  householdCreateInput,
  householdListInput,
  householdSchema,
  householdUpdateInput,
} from "./schema.ts";
import {
  createEligibilityBasis,
  createHousehold,
  findHousehold,
  listEligibilityBases,
  listHouseholds,
  updateHousehold,
} from "./queries.ts";
import { toEligibilityBasis, toHousehold } from "./mappers.ts";

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
      ctx.response.headers["X-Total-Count"] = String(total);
      const link = linkHeader(ctx.services.config.baseUrl, ctx.url, input.page, pageCount(total));
      if (link) ctx.response.headers.Link = link;
      return households.map(toHousehold);
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
