import {
  isoString,
  type Invite,
  type Location,
  type Program,
  type User,
  type Visit,
} from "@vsi/db";
import type { z } from "zod";
import type { inviteSchema } from "./invites-schema.ts";
import type { apiTokenSchema } from "./api-tokens-schema.ts";
import type { UserOutput } from "./users-schema.ts";
import type { visitSchema } from "../visits/schema.ts";
import type { ApiTokenRow } from "./api-tokens.ts";
import { sign } from "../kernel/tokens.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */

/** A time as the API writes it. */
export const iso = isoString;
export const isoOrNull = (time: Date | null) => (time === null ? null : iso(time));

/** Under /api, so a deployment that forwards only /api to the server still shows pictures. */
export const FILES_PATH = "/api/files";
export const fileUrl = (key: string) => `${FILES_PATH}/${key}`;
export const signedFileId = (secret: string, fileId: number) => sign(secret, `file-${fileId}`);

export type UserWithPicture = User & { picture_key: string | null };

export function toUser(row: UserWithPicture, secret: string): UserOutput {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    picture: row.picture_file_id ? signedFileId(secret, row.picture_file_id) : null,
    pictureUrl: row.picture_key ? fileUrl(row.picture_key) : null,
    isAdmin: row.is_admin,
    isActive: row.deactivated_at === null,
  };
}

export function toLocationRef(row: Location) {
  return {
    id: row.id,
    Name: row.name,
    Address: row.address,
    TemperatureUnit: row.temperature_unit,
    TimeZone: row.time_zone,
    // The column is a time ("21:00:00"); the API speaks HH:MM.
    AutoSignOutAt: row.auto_sign_out_time === null ? null : row.auto_sign_out_time.slice(0, 5),
    MaxStayHours: row.max_stay_minutes === null ? null : row.max_stay_minutes / 60,
    IdleResetSeconds: row.idle_reset_seconds,
    ConfirmationSeconds: row.confirmation_seconds,
    SendTimeoutSeconds: row.send_timeout_seconds,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The API's hours as the whole minutes the database keeps. */
export const stayMinutes = (hours: number | null) =>
  hours === null ? null : Math.round(hours * 60);

export function toProgramRef(row: Program) {
  return {
    id: row.id,
    Name: row.name,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toVisit(row: Visit): z.infer<typeof visitSchema> {
  return {
    id: row.id,
    FirstName: row.first_name,
    LastName: row.last_name,
    PhoneNumber: row.phone_number,
    Temperature: row.temperature,
    TimeIn: iso(row.time_in),
    TimeOut: isoOrNull(row.time_out),
    SignedOutBy: row.signed_out_by,
    LocationId: row.location_id,
    ProgramId: row.program_id,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A visit with its location's and program's names, as the report and a visitor's export list it. */
export function toNamedVisit({
  location_name,
  program_name,
  ...visit
}: Visit & { location_name: string; program_name: string }) {
  return {
    ...toVisit(visit),
    Location: { id: visit.location_id, Name: location_name },
    Program: { id: visit.program_id, Name: program_name },
  };
}

export function toInvite(row: Invite): z.infer<typeof inviteSchema> {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    message: row.message,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    acceptedAt: isoOrNull(row.accepted_at),
    revokedAt: isoOrNull(row.revoked_at),
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
