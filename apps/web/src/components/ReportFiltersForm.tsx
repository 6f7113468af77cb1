import { Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import type { ReportFilters } from "../lib/reportFilters";

interface Props {
  initial: ReportFilters;
  locations: ReadonlyArray<{ id: number; Name: string }>;
  programs: ReadonlyArray<{ id: number; Name: string }>;
  onRun: (filters: ReportFilters) => void;
  onCsv: (filters: ReportFilters) => void;
}

const idOrUndefined = (value: string) => (value === "" ? undefined : Number(value));
const textOrUndefined = (value: string) => (value === "" ? undefined : value);

/** From, To, Location and Program, with Run and CSV, for the Reports page. */
export function ReportFiltersForm({ initial, locations, programs, onRun, onCsv }: Props) {
  const [from, setFrom] = useState(initial.from ?? "");
  const [to, setTo] = useState(initial.to ?? "");
  const [locationId, setLocationId] = useState(
    initial.locationId ? String(initial.locationId) : "",
  );
  const [programId, setProgramId] = useState(initial.programId ? String(initial.programId) : "");
  const filters = (): ReportFilters => ({
    from: textOrUndefined(from),
    to: textOrUndefined(to),
    locationId: idOrUndefined(locationId),
    programId: idOrUndefined(programId),
  });

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
            onChange={(event) => setLocationId(event.currentTarget.value)}
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
              ...programs.map(({ id, Name }) => ({ value: String(id), label: Name })),
            ]}
          />
        </SimpleGrid>
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
