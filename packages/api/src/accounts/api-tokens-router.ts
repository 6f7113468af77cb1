import { z } from "zod";
import { notFound } from "../kernel/errors.ts";
import { assertMayListAllTokens, assertTokenOwnerOrAdmin } from "../kernel/permissions.ts";
import { toApiToken } from "./mappers.ts";
import {
  apiTokenCreatedSchema,
  apiTokenSchema,
  tokenCreateInput,
  tokenListInput,
  tokenRevokeInput,
} from "./api-tokens-schema.ts";
import { createApiToken, liveApiTokenOwner, listApiTokens, revokeApiToken } from "./api-tokens.ts";
import { router, staffProcedure, tokenManagementProcedure } from "../kernel/trpc.ts";
import { wholeList } from "../kernel/pagination.ts";

export const tokensRouter = router({
  list: staffProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/tokens",
        tags: ["tokens"],
        summary: "Your API tokens; ?all=true lists everyone's (admin)",
      },
    })
    .input(tokenListInput)
    .output(z.array(apiTokenSchema))
    .query(async ({ ctx, input }) => {
      const all = input?.all ?? false;
      if (all) assertMayListAllTokens(ctx.user);
      const rows = await listApiTokens(ctx.db, all ? undefined : ctx.user.id);
      return wholeList(ctx.response, rows.map(toApiToken));
    }),

  create: tokenManagementProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/tokens",
        tags: ["tokens"],
        summary: "Create a personal API token; its secret is shown once (201)",
        errorResponses: { 403: "An API token cannot create tokens: use the web app" },
      },
      status: 201,
    })
    .input(tokenCreateInput)
    .output(apiTokenCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      const { row, token } = await createApiToken(
        ctx.db,
        ctx.user.id,
        input.name,
        ctx.services.now(),
      );
      return { ...toApiToken(row), token };
    }),

  revoke: tokenManagementProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/tokens/{id}",
        tags: ["tokens"],
        summary: "Revoke a token (your own, or anyone's as admin)",
        errorResponses: { 403: "An API token cannot revoke tokens, nor staff another's token" },
      },
    })
    .input(tokenRevokeInput)
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const ownerId = await liveApiTokenOwner(ctx.db, input.id);
      if (ownerId === undefined) throw notFound("Token");
      assertTokenOwnerOrAdmin(ctx.user, ownerId);
      const row = await revokeApiToken(ctx.db, input.id, ctx.services.now());
      // Revoked by a request that got there first: the same outcome.
      if (!row) throw notFound("Token");
      return toApiToken(row);
    }),
});
