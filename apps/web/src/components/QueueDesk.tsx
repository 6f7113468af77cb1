import { Alert, TextInput } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { QueueActions } from "../hooks/useQueueActions";

/** The desk a number is called to, its refusal under it when left blank. */
export function QueueDeskField({ actions }: { actions: QueueActions }) {
  const { t } = useStaffTranslation();
  return (
    <TextInput
      label={t("queue.desk")}
      name="desk"
      value={actions.desk}
      onChange={(event) => actions.setDesk(event.currentTarget.value)}
      error={actions.deskError}
      w={140}
    />
  );
}

/** Why the last step was refused (the number moved meanwhile) or failed, by its buttons. */
export function QueueActionNotice({ actions }: { actions: QueueActions }) {
  const { t } = useStaffTranslation();
  if (actions.refusal) return <Alert color="yellow">{actions.refusal}</Alert>;
  if (actions.failed) return <Alert color="red">{t("queue.failed")}</Alert>;
  return null;
}
