import { Divider } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { FiscalYearSetting } from "../../components/FiscalYearSetting";
import { ForgetVisitor } from "../../components/ForgetVisitor";
import { ListPage } from "../../components/ListPage";
import { ReportPresets } from "../../components/ReportPresets";
import { RetentionSettings } from "../../components/RetentionSettings";
import { useStaffTranslation } from "@vsi/i18n/staff";

export const Route = createFileRoute("/admin/settings")({
  component: SettingsPage,
});

function SettingsPage() {
  const { t } = useStaffTranslation();
  return (
    <ListPage title={t("settings.title")}>
      <RetentionSettings />
      <Divider my="md" />
      <ForgetVisitor />
      <Divider my="md" />
      <FiscalYearSetting />
      <Divider my="md" />
      <ReportPresets />
    </ListPage>
  );
}
