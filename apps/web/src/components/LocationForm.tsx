import { Radio, Stack, TextInput, Group } from "@mantine/core";
import { useState } from "react";
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
}

interface Props {
  initial: {
    Name: string;
    Address: string;
    Programs: ReadonlyArray<{ id: number }>;
    TemperatureUnit: TemperatureUnit;
    LogoUrl: string | null;
  };
  programs: ProgramListItem[];
  saving: boolean;
  onSubmit: (values: LocationFormValues) => void;
  onCancel: () => void;
}

/** Name, Address, the thermometers' unit, the sheet's logo, and the programs as the sheet's tabs. */
export function LocationForm({ initial, programs, saving, onSubmit, onCancel }: Props) {
  const { t } = useStaffTranslation();
  const [name, setName] = useState(initial.Name);
  const [address, setAddress] = useState(initial.Address);
  const [unit, setUnit] = useState<TemperatureUnit>(initial.TemperatureUnit);
  const [logo, setLogo] = useState<string | null | undefined>(undefined);
  const [uploading, setUploading] = useState(false);
  const [checklist, setChecklist] = useState<ChecklistItem[]>(() =>
    buildChecklist(programs, initial.Programs),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (uploading) return;
        onSubmit({
          Name: name,
          Address: address,
          ProgramIds: checkedIds(checklist),
          TemperatureUnit: unit,
          ...(logo === undefined ? {} : { Logo: logo }),
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
