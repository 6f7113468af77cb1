import type { Executor, VisitSignature } from "@vsi/db";
import { notFound } from "../kernel/errors.ts";

/** A visit's signature image; 404 when it has none (never signed, declined, or erased). */
export async function findSignature(
  db: Executor,
  visitId: number,
): Promise<Pick<VisitSignature, "content_type" | "image">> {
  const row = await db
    .selectFrom("visit_signatures")
    .select(["content_type", "image"])
    .where("visit_id", "=", visitId)
    .executeTakeFirst();
  if (!row) throw notFound("Signature");
  return row;
}

/**
 * Erasure takes the signatures of the visits it erased: an image of someone's hand is their
 * personal data. The visit keeps `signed`, which names nobody, so a sign sheet still says it was.
 */
export async function dropErasedSignatures(db: Executor): Promise<void> {
  await db
    .deleteFrom("visit_signatures")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("visits")
          .select("visits.id")
          .whereRef("visits.id", "=", "visit_signatures.visit_id")
          .where("visits.erased_at", "is not", null),
      ),
    )
    .execute();
}
