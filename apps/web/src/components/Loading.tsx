import { Center, Loader } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";

export function Loading() {
  const { t } = useStaffTranslation();
  return (
    <Center py="xl">
      <Loader aria-label={t("common.loadingLabel")} />
    </Center>
  );
}
