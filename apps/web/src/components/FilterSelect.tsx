import { NativeSelect } from "@mantine/core";
import { programName } from "@vsi/i18n/languages";

/** What a filter offers: its label, the first choice ("" in value: no filter), then the options. */
export interface FilterChoices {
  label: string;
  anyLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}

interface Props extends FilterChoices {
  value: string;
  onChange: (value: string) => void;
}

/** A filter form's drop-down. */
export function FilterSelect({ label, anyLabel, options, value, onChange }: Props) {
  return (
    <NativeSelect
      label={label}
      size="md"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      data={[{ value: "", label: anyLabel }, ...options]}
    />
  );
}

/** Locations as options: by id, named by Name. */
export const namedOptions = (rows: ReadonlyArray<{ id: number; Name: string }>) =>
  rows.map(({ id, Name }) => ({ value: String(id), label: Name }));

/** Programs as options, each named in the reader's language. */
export const programOptions = (
  programs: ReadonlyArray<{ id: number; Name: string; NameEs?: string | null }>,
  language: string,
) =>
  programs.map((program) => ({ value: String(program.id), label: programName(program, language) }));

/** The Location filter: all of them, or one. */
export const locationChoices = (
  t: (key: string) => string,
  locations: ReadonlyArray<{ id: number; Name: string }>,
): FilterChoices => ({
  label: t("filters.location"),
  anyLabel: t("filters.allLocations"),
  options: namedOptions(locations),
});
