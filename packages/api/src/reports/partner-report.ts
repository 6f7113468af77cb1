import { sql } from "kysely";
import type { Executor } from "@vsi/db";
import { programName } from "@vsi/i18n/languages";
import { invalid } from "../kernel/errors.ts";
import { say, reportMessages } from "../kernel/messages.ts";
import { visitConditions } from "../visits/filters.ts";
import { defaultAgeBands, readAgeBands } from "./funder-summary-schema.ts";
import { householdFigures } from "./funder-summary.ts";
import {
  monthDays,
  monthList,
  type PartnerReport,
  type PartnerReportInput,
} from "./partner-report-schema.ts";

/** How many cells' figures are read at once: each is one statement on a connection of its own. */
const cellsAtOnce = 4;

/** The preset's bands (422 at presetId for one that does not exist), or the default ones. */
async function presetOf(db: Executor, presetId: number | undefined) {
  if (presetId === undefined) return { preset: null, ageBands: defaultAgeBands };
  const row = await db
    .selectFrom("report_presets")
    .select(["id", "name", "age_bands"])
    .where("id", "=", presetId)
    .executeTakeFirst();
  if (!row) throw invalid("presetId", say(reportMessages.unknownPreset));
  return { preset: { id: row.id, name: row.name }, ageBands: row.age_bands };
}

/**
 * The monthly partner report a food bank asks of its pantries: for each month, location and
 * program that had visits, the funder summary's figures of that month alone (households, new
 * households, individuals, the sum of party sizes, individuals by the preset's age bands), each
 * read by the summary's own statement, so every figure is counted by its one rule.
 */
export async function partnerReport(
  db: Executor,
  input: PartnerReportInput,
): Promise<PartnerReport> {
  const { preset, ageBands } = await presetOf(db, input.presetId);
  const bands = readAgeBands(ageBands)!;
  const months = monthList(input.from, input.to);
  const place = {
    locationId: input.locationId,
    locationIds: input.locationIds,
    programId: input.programId,
    timeZone: input.timeZone,
  };
  const month = sql<string>`to_char(visits.time_in at time zone ${input.timeZone}, 'YYYY-MM')`;
  const cells = await db
    .selectFrom("visits")
    .innerJoin("locations", "locations.id", "visits.location_id")
    .innerJoin("programs", "programs.id", "visits.program_id")
    .select([
      month.as("month"),
      "visits.location_id",
      "visits.program_id",
      "locations.name as location_name",
      "programs.name as program_name",
      "programs.name_es as program_name_es",
    ])
    .where(
      visitConditions({
        ...place,
        from: monthDays(input.from).from,
        to: monthDays(input.to).to,
      }),
    )
    .groupBy([
      "month",
      "visits.location_id",
      "visits.program_id",
      "locations.name",
      "programs.name",
      "programs.name_es",
    ])
    .execute();
  const language = input.language ?? "en";
  const rows = cells
    .map((cell) => ({
      ...cell,
      programName: programName({ Name: cell.program_name, NameEs: cell.program_name_es }, language),
    }))
    .sort(
      (a, b) =>
        a.month.localeCompare(b.month) ||
        a.location_name.localeCompare(b.location_name) ||
        a.location_id - b.location_id ||
        a.programName.localeCompare(b.programName) ||
        a.program_id - b.program_id,
    );
  const figures = await inTurns(rows, cellsAtOnce, (cell) =>
    householdFigures(db, {
      ...monthDays(cell.month),
      locationId: cell.location_id,
      programId: cell.program_id,
      timeZone: input.timeZone,
      ageBands: bands,
    }),
  );
  return {
    from: input.from,
    to: input.to,
    months,
    preset,
    bands: [...bands.map((band) => band.band), "unknown"],
    rows: rows.map((cell, at) => {
      const counted = figures[at]!;
      return {
        month: cell.month,
        locationId: cell.location_id,
        locationName: cell.location_name,
        programId: cell.program_id,
        programName: cell.programName,
        visits: counted.visits,
        households: counted.households,
        newHouseholds: counted.newHouseholds,
        individuals: counted.individuals,
        partySizes: counted.partySizes,
        ageBands: counted.ageBands,
      };
    }),
  };
}

/** `run` over each item, at most `width` at a time, the answers in the items' order. */
async function inTurns<T, R>(
  items: readonly T[],
  width: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const at = next++;
      answers[at] = await run(items[at]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return answers;
}
