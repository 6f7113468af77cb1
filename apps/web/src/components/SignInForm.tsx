import { Button, Fieldset, Group, Loader, Radio, Stack, TextInput } from "@mantine/core";
import { requiredMessage } from "@vsi/api/schemas";
import { useCallback, useState } from "react";
import { moveFocusOnEnter } from "../lib/focusNextField";
import { formatPhoneInput, phoneDigits } from "../lib/phone";
import { invalidSignInFields, type SignInField, type SignInValues } from "../lib/signInRules";
import { useVisitorLookup, type VisitorName } from "./useVisitorLookup";

export interface SignInPayload {
  FirstName: string;
  LastName: string;
  PhoneNumber: string;
  Temperature: string;
  ProgramId: number;
}

interface Props {
  locationId: number;
  programs: ReadonlyArray<{ id: number; Name: string }>;
  defaultProgramId: number | undefined;
  /** Sends the visit; rejects when it failed. */
  onSubmit: (payload: SignInPayload) => Promise<unknown>;
  onCancel: () => void;
  lookup: (digits: string) => Promise<VisitorName>;
}

/** The visitor's sign-in form (spec sections 2, 4 and 5), built for a tablet's on-screen keyboard. */
export function SignInForm({
  locationId,
  programs,
  defaultProgramId,
  onSubmit,
  onCancel,
  lookup,
}: Props) {
  const [values, setValues] = useState<SignInValues>({
    PhoneNumber: "",
    Temperature: "",
    FirstName: "",
    LastName: "",
    ProgramId: programs.some((program) => program.id === defaultProgramId)
      ? (defaultProgramId ?? null)
      : null,
  });
  // Red markers appear only after a first attempt to submit an invalid form.
  const [attempted, setAttempted] = useState(false);
  const [busy, setBusy] = useState(false);

  const prefill = useCallback((name: VisitorName) => {
    setValues((previous) => ({ ...previous, FirstName: name.FirstName, LastName: name.LastName }));
  }, []);
  const { looking, phoneChanged } = useVisitorLookup(lookup, prefill);

  const invalid = invalidSignInFields(values, locationId);
  const errorFor = (field: SignInField) =>
    attempted && invalid.includes(field) ? requiredMessage : undefined;
  const set =
    (field: Exclude<SignInField, "ProgramId">) => (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((previous) => ({ ...previous, [field]: value }));
    };

  function changePhone(event: React.ChangeEvent<HTMLInputElement>) {
    const formatted = formatPhoneInput(event.currentTarget.value);
    setValues((previous) => ({ ...previous, PhoneNumber: formatted }));
    phoneChanged(phoneDigits(formatted));
  }

  // Never rejects: a failed sign-in is caught below, so the form's handler need not wait for it.
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (invalid.length > 0 || values.ProgramId === null) {
      setAttempted(true);
      return;
    }
    setBusy(true);
    try {
      await onSubmit({
        FirstName: values.FirstName.trim(),
        LastName: values.LastName.trim(),
        PhoneNumber: phoneDigits(values.PhoneNumber),
        Temperature: values.Temperature.trim(),
        ProgramId: values.ProgramId,
      });
    } catch (error) {
      // Spec section 8: a failed sign-in is only logged; the visitor stays on the form.
      console.error(error);
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onKeyDown={moveFocusOnEnter}
      noValidate
      aria-busy={busy}
    >
      <Fieldset variant="unstyled" disabled={busy}>
        <Stack>
          <TextInput
            label="Phone Number"
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="415-555-1234"
            autoFocus
            size="lg"
            value={values.PhoneNumber}
            onChange={changePhone}
            error={errorFor("PhoneNumber")}
            rightSection={looking ? <Loader size="sm" aria-label="Looking up visitor" /> : null}
          />
          <TextInput
            label="Temperature"
            inputMode="decimal"
            autoComplete="off"
            size="lg"
            value={values.Temperature}
            onChange={set("Temperature")}
            error={errorFor("Temperature")}
          />
          <TextInput
            label="First Name"
            autoComplete="off"
            size="lg"
            value={values.FirstName}
            onChange={set("FirstName")}
            error={errorFor("FirstName")}
          />
          <TextInput
            label="Last Name"
            autoComplete="off"
            size="lg"
            value={values.LastName}
            onChange={set("LastName")}
            error={errorFor("LastName")}
          />
          <Radio.Group
            label="I'm here for:"
            size="lg"
            value={values.ProgramId === null ? null : String(values.ProgramId)}
            onChange={(value) =>
              setValues((previous) => ({ ...previous, ProgramId: Number(value) }))
            }
            error={errorFor("ProgramId")}
          >
            <Stack gap="sm" mt="xs">
              {programs.map((program) => (
                <Radio key={program.id} value={String(program.id)} label={program.Name} size="lg" />
              ))}
            </Stack>
          </Radio.Group>
          <Group grow>
            <Button type="submit" size="lg" loading={busy}>
              Submit
            </Button>
            <Button variant="default" size="lg" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
