import type { Invite, User } from "@vsi/db";
import { z } from "zod";
import type { Context } from "../kernel/context.ts";
import { toInvite } from "./mappers.ts";
import {
  inviteAcceptInput,
  inviteCreateInput,
  inviteId,
  inviteSchema,
  sentInviteSchema,
} from "./invites-schema.ts";
import { userSchema } from "./users-schema.ts";
import { inviteEmail, inviteLink } from "./emails.ts";
import { linkBase } from "../kernel/public-address.ts";
import {
  acceptInvite,
  createInvite,
  findInvite,
  listPendingInvites,
  revokeInvite,
  touchPendingInvite,
} from "./invites.ts";
import { getUserOutput } from "./users.ts";
import {
  changesState,
  changesStateRefusal,
  publicProcedure,
  router,
  siteAdminProcedure,
} from "../kernel/trpc.ts";
import type { Identity } from "../kernel/identity.ts";
import { administeredLocationIds, assertMayGrant } from "../kernel/permissions.ts";
import { notFound } from "../kernel/errors.ts";
import { assertAccessLocationsExist } from "./user-access.ts";
import type { LocationRoleRow } from "./location-roles.ts";
import type { Executor } from "@vsi/db";
import { wholeList } from "../kernel/pagination.ts";
import { logIn, logOut } from "./login.ts";

const fullName = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(" ");

/**
 * E-mails the invite, its link built from the address the admin is using; with no mail server it
 * is only written to the data folder, so the answer says so and hands the link over instead.
 */
async function sendInvite(ctx: Context & { user: User }, invite: Invite) {
  const link = inviteLink(linkBase(ctx), invite.id);
  await ctx.services.mailer.send(inviteEmail(link, invite, fullName(ctx.user)));
  const emailSent = ctx.services.mailer.delivers;
  return { ...toInvite(invite), emailSent, ...(emailSent ? {} : { link }) };
}

type UserIdentity = Extract<Identity, { kind: "user" }>;

/**
 * The access an invite gives. Unsaid: a network admin's, staff of every location (null, as
 * before); a site admin's, staff of the locations they administer. Said: a site admin's at those
 * alone (403), a network admin's at live locations (422).
 */
async function invitedAccess(
  db: Executor,
  identity: UserIdentity,
  given: LocationRoleRow[] | undefined,
): Promise<LocationRoleRow[] | null> {
  const administered = administeredLocationIds(identity.access);
  if (given === undefined)
    return administered
      ? administered.map((locationId) => ({ locationId, role: "staff" as const }))
      : null;
  assertMayGrant(identity.access, { locationIds: given.map((entry) => entry.locationId) });
  if (!administered) await assertAccessLocationsExist(db, given);
  return given;
}

/** A site admin's invites are those naming a location they administer; another is not found. */
function assertInviteManaged(identity: UserIdentity, invite: Invite) {
  const administered = administeredLocationIds(identity.access);
  if (!administered) return;
  if (!invite.access?.some((entry) => administered.includes(entry.locationId)))
    throw notFound("Invite");
}

export const invitesRouter = router({
  list: siteAdminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/invites",
        tags: ["invites"],
        summary: "Pending invites, newest first (admin)",
      },
    })
    .input(z.void())
    .output(z.array(inviteSchema))
    .query(async ({ ctx }) =>
      wholeList(
        ctx.response,
        (await listPendingInvites(ctx.db, administeredLocationIds(ctx.identity.access))).map(
          toInvite,
        ),
      ),
    ),

  create: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/invites",
        tags: ["invites"],
        summary:
          "Invite someone by email (admin, 201); with no mail server, emailSent is false and link is the invite's link to pass on",
      },
      status: 201,
    })
    .input(inviteCreateInput)
    .output(sentInviteSchema)
    .mutation(async ({ ctx, input }) => {
      // Unsaid, the e-mail is in the inviting admin's language (they write its message).
      const language = input.language === undefined ? ctx.user.language : input.language;
      const access = await invitedAccess(ctx.db, ctx.identity, input.access);
      const invite = await createInvite(
        ctx.db,
        { ...input, language, access },
        ctx.user.id,
        ctx.services.now(),
      );
      return sendInvite(ctx, invite);
    }),

  get: publicProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/invites/{id}",
        tags: ["invites"],
        summary: "One invite; ends the caller's session",
        errorResponses: { 403: changesStateRefusal },
      },
    })
    .use(changesState)
    .input(inviteId)
    .output(inviteSchema)
    .query(async ({ ctx, input }) => {
      const invite = await findInvite(ctx.db, input.id);
      // The page is the invitee's: whoever was logged in on this browser must not stay so.
      await logOut(ctx);
      return toInvite(invite);
    }),

  accept: publicProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/invites/{id}/accept",
        tags: ["invites"],
        summary: "Create the account and log in (201)",
        errorResponses: { 403: "The invite was accepted or revoked" },
      },
      status: 201,
    })
    .input(inviteAcceptInput)
    .output(userSchema)
    .mutation(async ({ ctx, input }) => {
      const { firstName, lastName, email, password } = input;
      const userId = await acceptInvite(
        ctx.db,
        input.id,
        { firstName, lastName, email, password },
        ctx.services.now(),
      );
      // The new account replaces whoever was logged in on this browser.
      await logOut(ctx);
      await logIn(ctx, userId);
      return getUserOutput(ctx.db, ctx.services.config.secret, userId);
    }),

  resend: siteAdminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/invites/{id}/resend",
        tags: ["invites"],
        summary:
          "Email a pending invite again (admin); with no mail server, emailSent is false and link is the invite's link to pass on",
        errorResponses: { 403: "The invite was accepted" },
      },
    })
    .input(inviteId)
    .output(sentInviteSchema)
    .mutation(async ({ ctx, input }) => {
      assertInviteManaged(ctx.identity, await findInvite(ctx.db, input.id));
      const invite = await touchPendingInvite(ctx.db, input.id, ctx.services.now());
      return sendInvite(ctx, invite);
    }),

  revoke: siteAdminProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/invites/{id}",
        tags: ["invites"],
        summary: "Revoke an invite (admin)",
        errorResponses: { 403: "The invite was accepted" },
      },
    })
    .input(inviteId)
    .output(inviteSchema)
    .mutation(async ({ ctx, input }) => {
      assertInviteManaged(ctx.identity, await findInvite(ctx.db, input.id));
      return toInvite(await revokeInvite(ctx.db, input.id, ctx.user.id, ctx.services.now()));
    }),
});
