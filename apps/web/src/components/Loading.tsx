import { Center, Loader } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

export function Loading() {
  const { t } = useStaffTranslation();
  return (
    <Center py="xl">
      {/* A status, so that screen readers may name it: a plain span may not carry a label. */}
      <Loader role="status" aria-label={t("common.loadingLabel")} />
    </Center>
  );
}
