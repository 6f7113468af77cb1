import type { Kysely } from "kysely";
import type { Database } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
import { serverTranslate, type Language } from "@vsi/i18n/server";
import type { VisitFilters } from "../visits/filters.ts";
import { slug } from "../kernel/csv-encoding.ts";

/** The words of a file's name, in the staff catalogues (`reports.files`). */
const fileWords = (language: Language) => (key: string, values?: Record<string, string | number>) =>
  serverTranslate(language, `reports.files.${key}`, values);

const kindKeys = {
  visits: "visits",
  "on-site": "onSite",
  summary: "summary",
  network: "network",
  partner: "partner",
} as const;

function days(
  word: ReturnType<typeof fileWords>,
  from: string | undefined,
  to: string | undefined,
): string[] {
  if (from && to) return from === to ? [from] : [word("period", { from, to })];
  if (from) return [word("from", { from })];
  if (to) return [word("to", { to })];
  return [];
}

/**
 * The export's file name, for what it holds: `visits-2026-11-01-to-2026-11-30-valencia.csv`
 * (the on-site list: `on-site-2026-11-22-valencia.csv`, today's date; the funder summary:
 * `summary-2026-11-01-to-2026-11-30-valencia.csv`, in Spanish
 * `resumen-para-financiadores-2026-11-01-2026-11-30-valencia.csv`), its words and the program's
 * name in `language`.
 * `ascii` is safe in any browser's `filename=`; `utf8` keeps the names' own letters.
 */
export async function csvFileName(
  db: Kysely<Database>,
  // The partner report's months ("2026-01") name a file as days do.
  filters: Omit<VisitFilters, "from" | "to"> & { from?: string; to?: string },
  kind: keyof typeof kindKeys = "visits",
  language: Language = "en",
): Promise<{ ascii: string; utf8: string }> {
  const names = {
    location: undefined as string | undefined,
    program: undefined as string | undefined,
  };
  if (filters.locationId !== undefined || filters.programId !== undefined) {
    const [location, program] = await Promise.all([
      filters.locationId === undefined
        ? undefined
        : db
            .selectFrom("locations")
            .select("name")
            .where("id", "=", filters.locationId)
            .executeTakeFirst(),
      filters.programId === undefined
        ? undefined
        : db
            .selectFrom("programs")
            .select(["name", "name_es"])
            .where("id", "=", filters.programId)
            .executeTakeFirst(),
    ]);
    names.location = location?.name;
    names.program =
      program && programName({ Name: program.name, NameEs: program.name_es }, language);
  }
  const word = fileWords(language);
  const build = (ascii: boolean) => {
    const parts = [word(kindKeys[kind]), ...days(word, filters.from, filters.to)];
    // A name with no letters left (or an unknown id) is named by its id.
    if (filters.locationId !== undefined)
      parts.push(
        slug(names.location ?? "", ascii) || word("location", { id: String(filters.locationId) }),
      );
    if (filters.programId !== undefined)
      parts.push(
        slug(names.program ?? "", ascii) || word("program", { id: String(filters.programId) }),
      );
    return `${parts.join("-")}.csv`;
  };
  return { ascii: build(true), utf8: build(false) };
}

/** `attachment; filename="..."`, plus RFC 6266's `filename*` when the names are not plain ASCII. */
export function contentDisposition(name: { ascii: string; utf8: string }): string {
  const header = `attachment; filename="${name.ascii}"`;
  if (name.utf8 === name.ascii) return header;
  const encoded = encodeURIComponent(name.utf8).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${header}; filename*=UTF-8''${encoded}`;
}
