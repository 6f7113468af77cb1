import { ErrorAlert } from "./ErrorAlert";
import { useStaffTranslation } from "@vsi/i18n/staff";

export function UnexpectedErrorAlert() {
  const { t } = useStaffTranslation();
  return <ErrorAlert>{t("common.unexpected")}</ErrorAlert>;
}
