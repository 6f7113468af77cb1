import { sql, type RawBuilder } from "kysely";

/** The report's zone for the statements of one transaction only. */
export const setSessionZone = (timeZone: string) =>
  sql`select set_config('TimeZone', ${timeZone}, true)`;

/** ISO 8601 with the offset of the session's zone (set to the report's), e.g. 2026-11-03T14:07:00+01:00. */
const isoWithOffset = `'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM'`;

/** A time as an export writes it: ISO 8601 in the session's zone, with its offset (setSessionZone). */
export const csvTime = <T extends string | null = string>(time: RawBuilder<unknown> | string) =>
  sql<T>`to_char(${typeof time === "string" ? sql.ref(time) : time}, ${sql.raw(isoWithOffset)})`;
