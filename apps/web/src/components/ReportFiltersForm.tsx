import { Button, Flex, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { weekStartOf } from "../lib/calendar";
import { presetLines, presetOf, presetRange, type DatePreset } from "../lib/datePresets";
import { idField, idOrUndefined, textOrUndefined } from "../lib/filterValues";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { toBeforeFrom, type ReportFilters } from "../lib/reportFilters";
import { todayInZone } from "@vsi/web-common/time";
import { DateRangeInputs } from "./DateRangeInputs";
import { FilterSelect, locationChoices, programOptions } from "./FilterSelect";

interface Props {
  initial: ReportFilters;
  locations: ReadonlyArray<{ id: number; Name: string; Programs: ReadonlyArray<{ id: number }> }>;
  programs: ReadonlyArray<{ id: number; Name: string; NameEs?: string | null }>;
  timeZone: string;
  /** The month (1–12) the fiscal year starts in: quarters and fiscal years count from it. */
  fiscalYearStartMonth: number;
  onRun: (filters: ReportFilters) => void;
  /** Offers the CSV button when given. */
  onCsv?: (filters: ReportFilters) => void;
}

/** From, To (with date shortcuts), Location and Program, with Run and CSV, for the Reports page. */
export function ReportFiltersForm({
  initial,
  locations,
  programs,
  timeZone,
  fiscalYearStartMonth,
  onRun,
  onCsv,
}: Props) {
  const { t, language } = useStaffTranslation();
  const calendar = { weekStart: weekStartOf(language), fiscalYearStartMonth };
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
  const chosenPreset =
    from && to ? presetOf({ from, to }, todayInZone(timeZone), calendar) : undefined;
  // Said by To as soon as it is wrong, and nothing is asked for: an empty report would look like
  // no visits. An alert, read out when it appears and again at each refused Run (a new node):
  // focusing To instead would open its calendar over the message.
  const [refusals, setRefusals] = useState(0);
  const periodError = toBeforeFrom({ from, to }) ? (
    <span role="alert" key={refusals}>
      {t("serverMessages.toBeforeFrom")}
    </span>
  ) : undefined;

  /** Runs (or downloads) the filters, unless the period is wrong. */
  function submit(action: (filters: ReportFilters) => void) {
    if (periodError) setRefusals((n) => n + 1);
    else action(filters());
  }

  function choosePreset(preset: DatePreset) {
    const range = presetRange(preset, todayInZone(timeZone), calendar);
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
        submit(onRun);
      }}
    >
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {/* The size of the drop-downs beside them, so the row's fields line up. */}
          <DateRangeInputs
            from={from}
            to={to}
            onFromChange={setFrom}
            onToChange={setTo}
            size="md"
            toError={periodError}
          />
          <FilterSelect
            {...locationChoices(t, locations)}
            value={locationId}
            onChange={chooseLocation}
          />
          <FilterSelect
            label={t("filters.program")}
            anyLabel={t("filters.allPrograms")}
            options={programOptions(programChoices, language)}
            value={programId}
            onChange={setProgramId}
          />
        </SimpleGrid>
        {/* The label beside the shortcuts, above them on a phone, where width is short. */}
        <Flex
          direction={{ base: "column", xs: "row" }}
          gap="xs"
          role="group"
          aria-labelledby="report-presets"
        >
          <Text id="report-presets" size="sm" fw={500} lh="26px">
            {t("reports.presets.label")}
          </Text>
          <Stack gap="xs">
            {presetLines.map((line) => (
              <Group key={line[0]} gap="xs">
                {line.map((preset) => (
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
            ))}
          </Stack>
        </Flex>
        <Group>
          <Button type="submit">{t("filters.run")}</Button>
          {onCsv ? (
            <Button variant="default" onClick={() => submit(onCsv)}>
              CSV
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
