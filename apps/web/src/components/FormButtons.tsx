import { Button, Group } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

/** A form's Submit, busy while its call runs. */
export function SubmitButton({ busy, disabled }: { busy: boolean; disabled?: boolean }) {
  const { t } = useStaffTranslation();
  return (
    <Button type="submit" loading={busy} disabled={disabled}>
      {t("common.submit")}
    </Button>
  );
}

/** Submit (busy while saving) and Cancel, the way the location and program forms end. */
export function FormButtons({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  const { t } = useStaffTranslation();
  return (
    <Group>
      <SubmitButton busy={saving} />
      <Button variant="default" onClick={onCancel}>
        {t("common.cancel")}
      </Button>
    </Group>
  );
}
