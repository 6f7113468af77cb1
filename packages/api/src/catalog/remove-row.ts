import type { Context } from "../kernel/context.ts";
import { actorOf } from "../kernel/audit.ts";
import { deleteOrArchive } from "./queries.ts";

type AdminContext = Pick<Context, "db" | "services"> & { identity: Parameters<typeof actorOf>[0] };

/** DELETE of a location or program: the row as it was, then deleted (or archived, if visited). */
export async function removeCatalogRow<Row>(
  ctx: AdminContext,
  table: "locations" | "programs",
  id: number,
  get: (db: Context["db"], id: number) => Promise<Row>,
): Promise<Row> {
  const row = await get(ctx.db, id);
  await deleteOrArchive(ctx.db, table, id, ctx.services.now(), actorOf(ctx.identity));
  return row;
}
