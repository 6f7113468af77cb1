import type { Executor, Invite, User } from "@vsi/db";
import { z } from "zod";
import type { Context } from "../context.ts";
import { forbidden, notFound } from "../errors.ts";
import { toInvite } from "../mappers.ts";
import { inviteAcceptInput, inviteCreateInput, inviteId, inviteSchema } from "../schemas/invites.ts";
import { userSchema } from "../schemas/users.ts";
import { inviteEmail } from "../services/emails.ts";
import { assertEmailFree, getUserOutput, insertUser } from "../services/users.ts";
import { adminProcedure, publicProcedure, router } from "../trpc.ts";
import { wholeList } from "../services/pagination.ts";
import { logIn, logOut } from "../login.ts";

export const inviteAcceptedMessage = "This invite has already been accepted";
export const inviteRevokedMessage = "This invite is no longer available";

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The invite, or a 404. Writers lock its row until their transaction ends, so an acceptance, a
 * resend and a revocation of one invite happen one after the other, each seeing the previous one.
 */
async function findInvite(db: Executor, id: string, { lock = false } = {}): Promise<Invite> {
  // The uuid column would reject a malformed id with an SQL error; it names no invite either way.
  if (!uuidPattern.test(id)) throw notFound("Invite");
  const invite = await db
    .selectFrom("invites")
    .selectAll()
    .where("id", "=", id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!invite) throw notFound("Invite");
  return invite;
}

function assertPending(invite: Invite) {
  if (invite.accepted_at) throw forbidden(inviteAcceptedMessage);
  if (invite.revoked_at) throw forbidden(inviteRevokedMessage);
}

const fullName = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(" ");

async function sendInvite(ctx: Context & { user: User }, invite: Invite) {
  await ctx.services.mailer.send(inviteEmail(ctx.services.config, invite, fullName(ctx.user)));
}

export const invitesRouter = router({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/invites", tags: ["invites"], summary: "Pending invites, newest first (admin)" } })
    .input(z.void())
    .output(z.array(inviteSchema))
    .query(async ({ ctx }) => {
      const rows = await ctx.db
        .selectFrom("invites")
        .selectAll()
        .where("accepted_at", "is", null)
        .where("revoked_at", "is", null)
        .orderBy("updated_at", "desc")
        .orderBy("created_at", "desc")
        .execute();
      return wholeList(ctx.response, rows.map(toInvite));
    }),

  create: adminProcedure
    .meta({ openapi: { method: "POST", path: "/invites", tags: ["invites"], summary: "Invite someone by email (admin, 201)" } })
    .input(inviteCreateInput)
    .output(inviteSchema)
    .mutation(async ({ ctx, input }) => {
      await assertEmailFree(ctx.db, input.email);
      const now = ctx.services.now();
      const invite = await ctx.db
        .insertInto("invites")
        .values({
          first_name: input.firstName,
          last_name: input.lastName,
          email: input.email,
          message: input.message,
          created_by_user_id: ctx.user.id,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await sendInvite(ctx, invite);
      ctx.response.status = 201;
      return toInvite(invite);
    }),

  get: publicProcedure
    .meta({ openapi: { method: "GET", path: "/invites/{id}", tags: ["invites"], summary: "One invite; ends the caller's session" } })
    .input(inviteId)
    .output(inviteSchema)
    .query(async ({ ctx, input }) => {
      const invite = await findInvite(ctx.db, input.id);
      // The page is the invitee's: whoever was logged in on this browser must not stay so.
      await logOut(ctx);
      return toInvite(invite);
    }),

  accept: publicProcedure
    .meta({ openapi: { method: "POST", path: "/invites/{id}/accept", tags: ["invites"], summary: "Create the account and log in (201)" } })
    .input(inviteAcceptInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = await ctx.db.transaction().execute(async (trx) => {
        const invite = await findInvite(trx, input.id, { lock: true });
        assertPending(invite);
        const { firstName, lastName, email, password } = input;
        const newUserId = await insertUser(trx, { firstName, lastName, email, password });
        // updated_at stays: it is when the invite was last sent ("Invited on").
        await trx
          .updateTable("invites")
          .set({ accepted_at: ctx.services.now(), accepted_by_user_id: newUserId })
          .where("id", "=", invite.id)
          .execute();
        return newUserId;
      });
      // The new account replaces whoever was logged in on this browser.
      await logOut(ctx);
      await logIn(ctx, userId);
      ctx.response.status = 201;
      return getUserOutput(ctx.db, ctx.services.config.secret, userId);
    }),

  resend: adminProcedure
    .meta({ openapi: { method: "POST", path: "/invites/{id}/resend", tags: ["invites"], summary: "Email a pending invite again (admin)" } })
    .input(inviteId)
    .output(inviteSchema)
    .mutation(async ({ ctx, input }) => {
      const invite = await ctx.db.transaction().execute(async (trx) => {
        assertPending(await findInvite(trx, input.id, { lock: true }));
        return trx
          .updateTable("invites")
          .set({ updated_at: ctx.services.now() })
          .where("id", "=", input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      await sendInvite(ctx, invite);
      return toInvite(invite);
    }),

  revoke: adminProcedure
    .meta({ openapi: { method: "DELETE", path: "/invites/{id}", tags: ["invites"], summary: "Revoke an invite (admin)" } })
    .input(inviteId)
    .output(inviteSchema)
    .mutation(async ({ ctx, input }) => {
      const invite = await ctx.db.transaction().execute(async (trx) => {
        const existing = await findInvite(trx, input.id, { lock: true });
        if (existing.accepted_at) throw forbidden(inviteAcceptedMessage);
        // Revoking twice keeps the first revocation: who and when stay on record.
        if (existing.revoked_at) return existing;
        return trx
          .updateTable("invites")
          .set({ revoked_at: ctx.services.now(), revoked_by_user_id: ctx.user.id })
          .where("id", "=", input.id)
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return toInvite(invite);
    }),
});
