import type { Invite, User } from "@vsi/db";
import type { z } from "zod";
import { iso, isoOrNull } from "../kernel/iso-time.ts";
import { fileUrl, signedFileId } from "../assets/urls.ts";
import type { ApiTokenRow } from "./api-tokens.ts";
import type { apiTokenSchema } from "./api-tokens-schema.ts";
import type { inviteSchema } from "./invites-schema.ts";
import type { UserOutput } from "./users-schema.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */

export type UserWithPicture = User & { picture_key: string | null };

export function toUser(
  row: UserWithPicture,
  secret: string,
  access: UserOutput["access"],
): UserOutput {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    picture: row.picture_file_id ? signedFileId(secret, row.picture_file_id) : null,
    pictureUrl: row.picture_key ? fileUrl(row.picture_key) : null,
    isAdmin: row.is_admin,
    access,
    isActive: row.deactivated_at === null,
    language: row.language,
  };
}

export function toInvite(row: Invite): z.infer<typeof inviteSchema> {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    message: row.message,
    language: row.language,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    acceptedAt: isoOrNull(row.accepted_at),
    revokedAt: isoOrNull(row.revoked_at),
    access: row.access,
    CreatedByUserId: row.created_by_user_id,
    AcceptedByUserId: row.accepted_by_user_id,
    RevokedByUserId: row.revoked_by_user_id,
  };
}

export function toApiToken(row: ApiTokenRow): z.infer<typeof apiTokenSchema> {
  return {
    id: row.id,
    name: row.name,
    userId: row.user_id,
    createdAt: iso(row.created_at),
    lastUsedAt: isoOrNull(row.last_used_at),
  };
}
