import { positiveInt } from "@vsi/web-common/search-params";

export interface SheetSearch {
  programId?: number;
}

/** ?programId={n} on the sheet and its sign-in form; anything unusable counts as missing. */
export function sheetSearch(search: Record<string, unknown>): SheetSearch {
  const programId = positiveInt(search.programId);
  return programId === undefined ? {} : { programId };
}
