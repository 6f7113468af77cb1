import type { Transaction } from "kysely";
import type { Database } from "@vsi/db";
import type { AuditActor } from "../kernel/audit.ts";
import { deleteFile, resolveUploadedFile, uploaderOf } from "../assets/queries.ts";
import type { Storage } from "../kernel/services.ts";

/**
 * A location's logo: undefined leaves it, null removes it, a signed_id sets it (a 422 on Logo
 * when that upload is unknown, unfinished, someone else's or used elsewhere). A replaced logo's
 * file goes with it.
 */
export async function setLocationLogo(
  trx: Transaction<Database>,
  files: { storage: Storage; secret: string },
  locationId: number,
  logo: string | null | undefined,
  actor: AuditActor,
): Promise<void> {
  if (logo === undefined) return;
  const current = await trx
    .selectFrom("locations")
    .select("logo_file_id")
    .where("id", "=", locationId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const fileId =
    logo === null
      ? null
      : (
          await resolveUploadedFile(trx, files.secret, logo, {
            field: "Logo",
            uploaderId: uploaderOf(actor),
            current: current.logo_file_id,
          })
        ).id;
  if (fileId === current.logo_file_id) return;
  await trx
    .updateTable("locations")
    .set({ logo_file_id: fileId })
    .where("id", "=", locationId)
    .execute();
  if (current.logo_file_id !== null) await deleteFile(trx, files.storage, current.logo_file_id);
}
