import { Checkbox, Stack, TextInput } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { useState } from "react";
import type { LocationListItem } from "../lib/types";
import { FormButtons } from "./FormButtons";

export interface ProgramFormValues {
  Name: string;
  NameEs: string;
  LocationIds: number[];
  SignsInHousehold: boolean;
  AsksSignature: boolean;
  OwnQueue: boolean;
}

/** The fields a server's 422 is shown by; one about any other field is an unexpected error. */
export const programFormFields = ["Name", "LocationIds"] as const;

interface Props {
  initial: ProgramFormValues;
  locations: LocationListItem[];
  /** A location's own program: offered there alone, so no location is ticked. Null: the network's. */
  ownLocationId?: number | null;
  saving: boolean;
  /** A 422's messages by field (useServerErrors). */
  errors?: Partial<Record<string, string>>;
  onSubmit: (values: ProgramFormValues) => void;
  onCancel: () => void;
}

/**
 * Name (and its Spanish, for visitors reading Spanish), the locations that offer the program, and
 * whether its sign-in brings a household's party and asks for a signature, and whether its visitors
 * have a line of their own.
 */
export function ProgramForm({
  initial,
  locations,
  ownLocationId = null,
  saving,
  errors = {},
  onSubmit,
  onCancel,
}: Props) {
  const [name, setName] = useState(initial.Name);
  const [nameEs, setNameEs] = useState(initial.NameEs);
  const [locationIds, setLocationIds] = useState(initial.LocationIds.map(String));
  const [household, setHousehold] = useState(initial.SignsInHousehold);
  const [asksSignature, setAsksSignature] = useState(initial.AsksSignature);
  const [ownQueue, setOwnQueue] = useState(initial.OwnQueue);

  const { t } = useStaffTranslation();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // Only locations that still exist are sent: one deleted meanwhile is dropped.
        const known = new Set(locations.map((location) => String(location.id)));
        onSubmit({
          Name: name,
          NameEs: nameEs,
          LocationIds:
            ownLocationId === null
              ? locationIds.filter((id) => known.has(id)).map(Number)
              : [ownLocationId],
          SignsInHousehold: household,
          AsksSignature: asksSignature,
          OwnQueue: ownQueue,
        });
      }}
    >
      <Stack>
        <TextInput
          label={t("common.name")}
          value={name}
          error={errors.Name}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <TextInput
          label={t("programs.nameEs")}
          description={t("programs.nameEsHint")}
          lang="es"
          value={nameEs}
          error={errors.NameEs}
          onChange={(event) => setNameEs(event.currentTarget.value)}
        />
        {ownLocationId === null ? (
          <Checkbox.Group
            label={t("nav.locations")}
            value={locationIds}
            error={errors.LocationIds}
            onChange={setLocationIds}
          >
            <Stack gap="sm" mt="xs">
              {locations.map((location) => (
                <Checkbox key={location.id} value={String(location.id)} label={location.Name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : null}
        <Checkbox
          label={t("programs.signsInHousehold")}
          description={t("programs.signsInHouseholdHint")}
          checked={household}
          onChange={(event) => setHousehold(event.currentTarget.checked)}
        />
        <Checkbox
          label={t("programs.asksSignature")}
          description={t("programs.asksSignatureHint")}
          checked={asksSignature}
          onChange={(event) => setAsksSignature(event.currentTarget.checked)}
        />
        <Checkbox
          label={t("programs.ownQueue")}
          description={t("programs.ownQueueHint")}
          checked={ownQueue}
          onChange={(event) => setOwnQueue(event.currentTarget.checked)}
        />
        <FormButtons saving={saving} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
