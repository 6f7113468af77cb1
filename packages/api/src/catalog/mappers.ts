import type { Location, Program } from "@vsi/db";
import { iso } from "../kernel/iso-time.ts";

/** Row -> API shape. Field names here are the OpenAPI document's and are case-sensitive. */

export function toLocationRef(row: Location) {
  return {
    id: row.id,
    Name: row.name,
    Address: row.address,
    AsksTemperature: row.asks_temperature,
    SelfSignIn: row.self_sign_in,
    TemperatureUnit: row.temperature_unit,
    TimeZone: row.time_zone,
    // The column is a time ("21:00:00"); the API speaks HH:MM.
    AutoSignOutAt: row.auto_sign_out_time === null ? null : row.auto_sign_out_time.slice(0, 5),
    MaxStayHours: row.max_stay_minutes === null ? null : row.max_stay_minutes / 60,
    Queue: row.queue,
    LotteryAt: row.lottery_at === null ? null : row.lottery_at.slice(0, 5),
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
    NameEs: row.name_es,
    LocationId: row.location_id,
    SignsInHousehold: row.signs_in_household,
    AsksSignature: row.asks_signature,
    OwnQueue: row.own_queue,
    VisitLimit: row.visit_limit,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}
