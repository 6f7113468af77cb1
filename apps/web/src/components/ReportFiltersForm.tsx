import { Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { weekStartOf } from "../lib/calendar";
import { datePresets, presetOf, presetRange, type DatePreset } from "../lib/datePresets";
import { idField, idOrUndefined, textOrUndefined } from "../lib/filterValues";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { ReportFilters } from "../lib/reportFilters";
import { todayInZone } from "@vsi/web-common/time";
import { DateRangeInputs } from "./DateRangeInputs";
import { FilterSelect, locationChoices, namedOptions } from "./FilterSelect";

interface Props {
  initial: ReportFilters;
  locations: ReadonlyArray<{ id: number; Name: string; Programs: ReadonlyArray<{ id: number }> }>;
  programs: ReadonlyArray<{ id: number; Name: string }>;
  timeZone: string;
  onRun: (filters: ReportFilters) => void;
  /** Offers the CSV button when given. */
  onCsv?: (filters: ReportFilters) => void;
}

/** From, To (with date shortcuts), Location and Program, with Run and CSV, for the Reports page. */
export function ReportFiltersForm({ initial, locations, programs, timeZone, onRun, onCsv }: Props) {
  const { t, language } = useStaffTranslation();
  const weekStart = weekStartOf(language);
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");
  const [locationId, setLocationId] = useState(idField(initial.locationId));
  const [programId, setProgramId] = useState(idField(initial.programId));
  // With a location chosen, only the programs it offers.
  const offered = locations.find((location) => String(location.id) === locationId)?.Programs;
  const programChoices = offered
    ? programs.filter((program) => offered.some((p) => p.id === program.id))
    : programs;
  const filters = (): ReportFilters => ({
    from: textOrUndefined(from),
    to: textOrUndefined(to),
    locationId: idOrUndefined(locationId),
    programId: idOrUndefined(programId),
  });
  const chosenPreset = from && to ? presetOf(from, to, timeZone, weekStart) : undefined;

  function choosePreset(preset: DatePreset) {
    const range = presetRange(preset, todayInZone(timeZone), weekStart);
    setFrom(range.from);
    setTo(range.to);
    onRun({ ...filters(), ...range });
  }

  function chooseLocation(value: string) {
    setLocationId(value);
    const nowOffered = locations.find((location) => String(location.id) === value)?.Programs;
    if (programId && nowOffered && !nowOffered.some((p) => String(p.id) === programId))
      setProgramId("");
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onRun(filters());
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <DateRangeInputs from={from} to={to} onFromChange={setFrom} onToChange={setTo} />
          <FilterSelect
            {...locationChoices(t, locations)}
            value={locationId}
            onChange={chooseLocation}
          />
          <FilterSelect
            label={t("filters.program")}
            anyLabel={t("filters.allPrograms")}
            options={namedOptions(programChoices)}
            value={programId}
            onChange={setProgramId}
          />
        </SimpleGrid>
        <Group gap="xs" role="group" aria-labelledby="report-presets">
          <Text id="report-presets" size="sm" fw={500}>
            {t("reports.presets.label")}
          </Text>
          {datePresets.map((preset) => (
            <Button
              key={preset}
              size="compact-sm"
              variant={chosenPreset === preset ? "filled" : "light"}
              aria-pressed={chosenPreset === preset}
              onClick={() => choosePreset(preset)}
            >
              {t(`reports.presets.${preset}`)}
            </Button>
          ))}
        </Group>
        <Group>
          <Button type="submit">{t("filters.run")}</Button>
          {onCsv ? (
            <Button variant="default" onClick={() => onCsv(filters())}>
              CSV
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
