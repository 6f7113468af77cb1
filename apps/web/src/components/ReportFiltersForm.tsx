import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { datePresets, presetOf, presetRange, type DatePreset } from "../lib/datePresets";
import { useStaffTranslation } from "../lib/i18n";
import type { ReportFilters } from "../lib/reportFilters";
import { todayInZone } from "../lib/time";

interface Props {
  initial: ReportFilters;
  locations: ReadonlyArray<{ id: number; Name: string; Programs: ReadonlyArray<{ id: number }> }>;
  programs: ReadonlyArray<{ id: number; Name: string }>;
  timeZone: string;
  onRun: (filters: ReportFilters) => void;
  onCsv: (filters: ReportFilters) => void;
}

const idOrUndefined = (value: string) => (value === "" ? undefined : Number(value));
const textOrUndefined = (value: string) => (value === "" ? undefined : value);

/** From, To (with date shortcuts), Location and Program, with Run and CSV, for the Reports page. */
export function ReportFiltersForm({ initial, locations, programs, timeZone, onRun, onCsv }: Props) {
  const { t, language } = useStaffTranslation();
  // Spanish calendars start the week on Monday, English ones on Sunday.
  const weekStart = language === "es" ? 1 : 0;
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");
  const [locationId, setLocationId] = useState(
    initial.locationId ? String(initial.locationId) : "",
  );
  const [programId, setProgramId] = useState(initial.programId ? String(initial.programId) : "");
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
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(event) => setFrom(event.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
          <NativeSelect
            label="Location"
            size="md"
            value={locationId}
            onChange={(event) => chooseLocation(event.currentTarget.value)}
            data={[
              { value: "", label: "All Locations" },
              ...locations.map(({ id, Name }) => ({ value: String(id), label: Name })),
            ]}
          />
          <NativeSelect
            label="Program"
            size="md"
            value={programId}
            onChange={(event) => setProgramId(event.currentTarget.value)}
            data={[
              { value: "", label: "All Programs" },
              ...programChoices.map(({ id, Name }) => ({ value: String(id), label: Name })),
            ]}
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
          <Button type="submit">Run</Button>
          <Button variant="default" onClick={() => onCsv(filters())}>
            CSV
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
