import { Group, NumberInput, Radio, Select, Stack, TextInput } from "@mantine/core";
import { maxStayHours, timeOfDay } from "@vsi/api/schemas";
import { useMemo, useState } from "react";
import { buildChecklist, checkedIds, type ChecklistItem } from "../lib/checklist";
import { useStaffTranslation } from "../lib/i18n";
import type { TemperatureUnit } from "../lib/temperature";
import type { ProgramListItem } from "../lib/types";
import { SortableChecklist } from "./SortableChecklist";
import { FormButtons } from "./FormButtons";
import { PictureField } from "./PictureField";

export interface LocationFormValues {
  Name: string;
  Address: string;
  ProgramIds: number[];
  TemperatureUnit: TemperatureUnit;
  /** Left out: unchanged; null: removed; a string: the signed id of a new upload. */
  Logo?: string | null;
  TimeZone: string;
  AutoSignOutAt: string | null;
  MaxStayHours: number | null;
}

interface Props {
  initial: {
    Name: string;
    Address: string;
    Programs: ReadonlyArray<{ id: number }>;
    TemperatureUnit: TemperatureUnit;
    LogoUrl: string | null;
    /** A new location has none yet: the browser's zone is offered. */
    TimeZone?: string;
    AutoSignOutAt?: string | null;
    MaxStayHours?: number | null;
  };
  programs: ProgramListItem[];
  saving: boolean;
  onSubmit: (values: LocationFormValues) => void;
  onCancel: () => void;
}

/** The zone this browser is in: a new location is most likely where its coordinator sits. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The first message of a shared schema's verdict, or nothing when the value passes. */
function schemaError(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } };
  },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error?.issues[0]?.message;
}

/** Name, Address, the time zone and automatic sign-out, the thermometers' unit, the sheet's logo, and the programs as the sheet's tabs. */
export function LocationForm({ initial, programs, saving, onSubmit, onCancel }: Props) {
  const { t } = useStaffTranslation();
  const [name, setName] = useState(initial.Name);
  const [address, setAddress] = useState(initial.Address);
  const [unit, setUnit] = useState<TemperatureUnit>(initial.TemperatureUnit);
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [zone, setZone] = useState(initial.TimeZone ?? browserTimeZone());
  const [autoAt, setAutoAt] = useState(initial.AutoSignOutAt ?? "");
  const [maxStay, setMaxStay] = useState<number | string>(initial.MaxStayHours ?? "");
  const zones = useMemo(() => {
    const all = ["UTC", ...Intl.supportedValuesOf("timeZone")];
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);
  const autoAtError = autoAt === "" ? undefined : schemaError(timeOfDay, autoAt);
  const maxStayError = maxStay === "" ? undefined : schemaError(maxStayHours, Number(maxStay));
  const [checklist, setChecklist] = useState<ChecklistItem[]>(() =>
    buildChecklist(programs, initial.Programs),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (uploading || autoAtError || maxStayError) return;
        onSubmit({
          Name: name,
          Address: address,
          ProgramIds: checkedIds(checklist),
          TemperatureUnit: unit,
          ...(logo === undefined ? {} : { Logo: logo }),
          TimeZone: zone,
          AutoSignOutAt: autoAt === "" ? null : autoAt,
          MaxStayHours: maxStay === "" ? null : Number(maxStay),
        });
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label="Address"
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
        />
        <Radio.Group
          label={t("location.temperatureUnit")}
          description={t("location.temperatureUnitHint")}
          value={unit}
          onChange={(value) => setUnit(value === "C" ? "C" : "F")}
        >
          <Group mt="xs">
            <Radio value="F" label={t("location.fahrenheit")} />
            <Radio value="C" label={t("location.celsius")} />
          </Group>
        </Radio.Group>
        <Select
          label={t("location.timeZone")}
          description={t("location.timeZoneHint")}
          data={zones}
          value={zone}
          searchable
          allowDeselect={false}
          onChange={(value) => value && setZone(value)}
        />
        <TextInput
          type="time"
          label={t("location.autoSignOutAt")}
          description={t("location.autoSignOutAtHint")}
          value={autoAt}
          error={autoAtError}
          onChange={(event) => setAutoAt(event.currentTarget.value)}
        />
        <NumberInput
          label={t("location.maxStayHours")}
          description={t("location.maxStayHoursHint")}
          value={maxStay}
          min={0}
          max={168}
          decimalScale={2}
          error={maxStayError}
          onChange={setMaxStay}
        />
        <PictureField
          label={t("location.logo")}
          previewAlt={t("location.logoAlt")}
          description={t("location.logoHint")}
          currentUrl={initial.LogoUrl}
          onChange={setLogo}
          onUploadingChange={setUploading}
        />
        <SortableChecklist label="Programs" items={checklist} onChange={setChecklist} />
        <FormButtons saving={saving || uploading} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
