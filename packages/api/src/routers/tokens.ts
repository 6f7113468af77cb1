import type { Selectable } from "kysely";
import type { ApiTokensTable } from "@vsi/db";
import { z } from "zod";
import { notFound } from "../errors.ts";
import { assertMayListAllTokens, assertTokenOwnerOrAdmin } from "../permissions.ts";
import { iso, isoOrNull } from "../mappers.ts";
import { apiTokenCreatedSchema, apiTokenSchema, tokenCreateInput, tokenListInput, tokenRevokeInput } from "../schemas/tokens.ts";
import { generateToken, hashToken } from "../services/tokens.ts";
import { router, staffProcedure } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";

const tokenColumns = ["id", "name", "user_id", "created_at", "last_used_at"] as const;

function toApiToken(row: Pick<Selectable<ApiTokensTable>, (typeof tokenColumns)[number]>): z.infer<typeof apiTokenSchema> {
  return { id: row.id, name: row.name, userId: row.user_id, createdAt: iso(row.created_at), lastUsedAt: isoOrNull(row.last_used_at) };
}

export const tokensRouter = router({
  list: staffProcedure
    .meta({ openapi: { method: "GET", path: "/tokens", tags: ["tokens"], summary: "Your API tokens; ?all=true lists everyone's (admin)" } })
    .input(tokenListInput)
    .output(z.array(apiTokenSchema))
    .query(async ({ ctx, input }) => {
      const all = input?.all ?? false;
      if (all) assertMayListAllTokens(ctx.user);
      const rows = await ctx.db
        .selectFrom("api_tokens")
        .select(tokenColumns)
        .where("revoked_at", "is", null)
        .$if(!all, (qb) => qb.where("user_id", "=", ctx.user.id))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return wholeList(ctx.response, rows.map(toApiToken));
    }),

  create: staffProcedure
    .meta({ openapi: { method: "POST", path: "/tokens", tags: ["tokens"], summary: "Create a personal API token; its secret is shown once (201)" } })
    .input(tokenCreateInput)
    .output(apiTokenCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      const token = generateToken();
      const row = await ctx.db
        .insertInto("api_tokens")
        .values({ user_id: ctx.user.id, name: input.name, token_hash: hashToken(token), created_at: ctx.services.now() })
        .returning(tokenColumns)
        .executeTakeFirstOrThrow();
      ctx.response.status = 201;
      return { ...toApiToken(row), token };
    }),

  revoke: staffProcedure
    .meta({ openapi: { method: "DELETE", path: "/tokens/{id}", tags: ["tokens"], summary: "Revoke a token (your own, or anyone's as admin)" } })
    .input(tokenRevokeInput)
    .output(apiTokenSchema)
    .mutation(async ({ ctx, input }) => {
      const existing = await ctx.db
        .selectFrom("api_tokens")
        .select("user_id")
        .where("id", "=", input.id)
        .where("revoked_at", "is", null)
        .executeTakeFirst();
      if (!existing) throw notFound("Token");
      assertTokenOwnerOrAdmin(ctx.user, existing.user_id);
      const row = await ctx.db
        .updateTable("api_tokens")
        .set({ revoked_at: ctx.services.now() })
        .where("id", "=", input.id)
        .where("revoked_at", "is", null)
        .returning(tokenColumns)
        .executeTakeFirst();
      // Revoked by a request that got there first: the same outcome.
      if (!row) throw notFound("Token");
      return toApiToken(row);
    }),
});
