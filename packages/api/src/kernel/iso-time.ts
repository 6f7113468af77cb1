import { isoString } from "@vsi/db";

/** A time as the API writes it. */
export const iso = isoString;
export const isoOrNull = (time: Date | null) => (time === null ? null : iso(time));
