import type { Database, Transaction } from "@vsi/db";
import type { Kysely } from "kysely";
import type { LocationChanges, LocationInput } from "./locations-schema.ts";
import { stayMinutes } from "./mappers.ts";
import { recordAudit, changedFields, type AuditActor } from "../kernel/audit.ts";
import { existingIds, getLocation } from "./queries.ts";
import { setLocationLogo } from "./location-logo.ts";
import { ensureDoorCode } from "./door-codes.ts";
import type { Storage } from "../kernel/services.ts";
import { invalid } from "../kernel/errors.ts";
import { printerHostProblem } from "../labels/printer-address.ts";
import type { LabelPrinter, LabelSize } from "../labels/printer-schema.ts";

/** Where a location's logo file is checked and a replaced one removed. */
type LogoFiles = { storage: Storage; secret: string };

/** ProgramIds replaces the location's programs; its order is the sheet's tab order. */
async function setLocationPrograms(
  trx: Transaction<Database>,
  locationId: number,
  programIds: number[],
) {
  const ids = await existingIds(trx, "programs", programIds, locationId);
  await trx.deleteFrom("location_programs").where("location_id", "=", locationId).execute();
  if (ids.length) {
    await trx
      .insertInto("location_programs")
      .values(
        ids.map((programId, position) => ({
          location_id: locationId,
          program_id: programId,
          position,
        })),
      )
      .execute();
  }
}

/**
 * A printer's host off the site's network is a 422 on LabelPrinter.host, before anything is
 * written. Its name is resolved here, and again at each print.
 */
export async function checkLabelPrinter(printer: LabelPrinter | null | undefined) {
  if (!printer) return;
  const problem = await printerHostProblem(printer.host);
  if (problem) throw invalid("LabelPrinter.host", problem);
}

/** The location's label settings; a field left out (undefined) keeps its value. */
async function setLocationLabels(
  trx: Transaction<Database>,
  locationId: number,
  printer: LabelPrinter | null | undefined,
  size: LabelSize | undefined,
) {
  if (printer === undefined && size === undefined) return;
  const columns = {
    ...(size === undefined ? {} : { size }),
    ...(printer === undefined
      ? {}
      : {
          printer_kind: printer?.kind ?? null,
          printer_host: printer?.host ?? null,
          printer_port: printer?.port ?? null,
        }),
  };
  await trx
    .insertInto("location_labels")
    .values({ location_id: locationId, ...columns })
    .onConflict((oc) => oc.column("location_id").doUpdateSet(columns))
    .execute();
}

/** Creates a location with its programs and logo, and records who did; returns its id. */
export async function createLocation(
  db: Kysely<Database>,
  files: LogoFiles,
  input: LocationInput,
  actor: AuditActor,
  now: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("locations")
      .values({
        name: input.Name,
        address: input.Address,
        asks_temperature: input.AsksTemperature,
        self_sign_in: input.SelfSignIn,
        temperature_unit: input.TemperatureUnit,
        ...(input.TimeZone !== undefined ? { time_zone: input.TimeZone } : {}),
        auto_sign_out_time: input.AutoSignOutAt,
        max_stay_minutes: stayMinutes(input.MaxStayHours),
        queue: input.Queue,
        lottery_at: input.LotteryAt,
        idle_reset_seconds: input.IdleResetSeconds,
        confirmation_seconds: input.ConfirmationSeconds,
        send_timeout_seconds: input.SendTimeoutSeconds,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await setLocationPrograms(trx, row.id, input.ProgramIds);
    await setLocationLabels(trx, row.id, input.LabelPrinter, input.LabelSize);
    if (input.SelfSignIn) await ensureDoorCode(trx, row.id, now);
    await setLocationLogo(trx, files, row.id, input.Logo, actor);
    await recordAudit(
      trx,
      actor,
      {
        action: "location.create",
        subjectType: "location",
        subjectId: row.id,
        locationId: row.id,
        details: { name: input.Name },
      },
      now,
    );
    return row.id;
  });
}

/**
 * Updates a live location; a field left out stays as it is. The audit row names the fields that
 * changed (ProgramIds also when only their order, the sheet's tabs, did).
 */
export async function updateLocation(
  db: Kysely<Database>,
  files: LogoFiles,
  id: number,
  changes: LocationChanges,
  now: Date,
  actor: AuditActor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await getLocation(trx, id);
    await trx
      .updateTable("locations")
      // Kysely leaves undefined values out of the UPDATE: a field not sent keeps its value.
      .set({
        name: changes.Name,
        address: changes.Address,
        asks_temperature: changes.AsksTemperature,
        self_sign_in: changes.SelfSignIn,
        temperature_unit: changes.TemperatureUnit,
        time_zone: changes.TimeZone,
        auto_sign_out_time: changes.AutoSignOutAt,
        max_stay_minutes:
          changes.MaxStayHours === undefined ? undefined : stayMinutes(changes.MaxStayHours),
        queue: changes.Queue,
        lottery_at: changes.LotteryAt,
        idle_reset_seconds: changes.IdleResetSeconds,
        confirmation_seconds: changes.ConfirmationSeconds,
        send_timeout_seconds: changes.SendTimeoutSeconds,
        updated_at: now,
      })
      .where("id", "=", id)
      .execute();
    if (changes.ProgramIds !== undefined) await setLocationPrograms(trx, id, changes.ProgramIds);
    await setLocationLabels(trx, id, changes.LabelPrinter, changes.LabelSize);
    // The door opens with a code to print; turning it off keeps the code for when it opens again.
    if (changes.SelfSignIn) await ensureDoorCode(trx, id, now);
    await setLocationLogo(trx, files, id, changes.Logo, actor);
    const programIds =
      changes.ProgramIds === undefined
        ? undefined
        : await existingIds(trx, "programs", changes.ProgramIds, id);
    const fields = changedFields([
      ["Name", before.Name, changes.Name],
      ["Address", before.Address, changes.Address],
      ["AsksTemperature", before.AsksTemperature, changes.AsksTemperature],
      ["SelfSignIn", before.SelfSignIn, changes.SelfSignIn],
      ["TemperatureUnit", before.TemperatureUnit, changes.TemperatureUnit],
      ["TimeZone", before.TimeZone, changes.TimeZone],
      ["AutoSignOutAt", before.AutoSignOutAt, changes.AutoSignOutAt],
      ["MaxStayHours", before.MaxStayHours, changes.MaxStayHours],
      ["Queue", before.Queue, changes.Queue],
      ["LotteryAt", before.LotteryAt, changes.LotteryAt],
      ["IdleResetSeconds", before.IdleResetSeconds, changes.IdleResetSeconds],
      ["ConfirmationSeconds", before.ConfirmationSeconds, changes.ConfirmationSeconds],
      ["SendTimeoutSeconds", before.SendTimeoutSeconds, changes.SendTimeoutSeconds],
      ["ProgramIds", before.Programs.map((program) => program.id), programIds],
      [
        "LabelPrinter",
        JSON.stringify(before.LabelPrinter),
        changes.LabelPrinter === undefined ? undefined : JSON.stringify(changes.LabelPrinter),
      ],
      ["LabelSize", before.LabelSize, changes.LabelSize],
      // A new upload is a new logo; null removes one that was there.
      [
        "Logo",
        before.LogoUrl,
        changes.Logo === null ? null : changes.Logo === undefined ? undefined : "new",
      ],
    ]);
    if (fields.length)
      await recordAudit(
        trx,
        actor,
        {
          action: "location.update",
          subjectType: "location",
          subjectId: id,
          locationId: id,
          details: { fields },
        },
        now,
      );
  });
}
