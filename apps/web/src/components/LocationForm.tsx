import { Stack, TextInput } from "@mantine/core";
import { useState } from "react";
import { buildChecklist, checkedIds, type ChecklistItem } from "../lib/checklist";
import type { ProgramListItem } from "../lib/types";
import { SortableChecklist } from "./SortableChecklist";
import { FormButtons } from "./FormButtons";

export interface LocationFormValues {
  Name: string;
  Address: string;
  ProgramIds: number[];
}

interface Props {
  initial: { Name: string; Address: string; Programs: ReadonlyArray<{ id: number }> };
  programs: ProgramListItem[];
  saving: boolean;
  onSubmit: (values: LocationFormValues) => void;
  onCancel: () => void;
}

/** Name, Address and the location's programs, checked and ordered as the sheet's tabs. */
export function LocationForm({ initial, programs, saving, onSubmit, onCancel }: Props) {
  const [name, setName] = useState(initial.Name);
  const [address, setAddress] = useState(initial.Address);
  const [checklist, setChecklist] = useState<ChecklistItem[]>(() =>
    buildChecklist(programs, initial.Programs),
  );

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit({ Name: name, Address: address, ProgramIds: checkedIds(checklist) });
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
        <SortableChecklist label="Programs" items={checklist} onChange={setChecklist} />
        <FormButtons saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
