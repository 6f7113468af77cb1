import { Button, Group } from "@mantine/core";

/** A form's Submit, busy while its call runs. */
export function SubmitButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" loading={busy} disabled={disabled}>
      Submit
    </Button>
  );
}

/** Submit (busy while saving) and Cancel, the way the location and program forms end. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group>
      <SubmitButton busy={saving} />
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
