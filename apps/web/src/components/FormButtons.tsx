import { Button, Group } from "@mantine/core";

/** Submit (busy while saving) and Cancel, the way the location and program forms end. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Group>
      <Button type="submit" loading={saving}>
        Submit
      </Button>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}
