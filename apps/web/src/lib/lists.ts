/** A cached list with one row replaced by the server's answer for it (the rest left as they are). */
export function replaceById<T extends { id: unknown }>(
  list: T[] | undefined,
  updated: T,
): T[] | undefined {
  return list?.map((row) => (row.id === updated.id ? updated : row));
}
