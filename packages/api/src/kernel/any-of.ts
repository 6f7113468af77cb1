import { sql } from "kysely";

/**
 * `= anyOf(ids)`: one of these ids, as one array parameter (a statement prepared once serves any
 * number of them).
 */
export const anyOf = (ids: readonly number[]) => sql<number>`any(${[...ids]}::int[])`;
