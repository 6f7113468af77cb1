import { Group } from "@mantine/core";
import { useStaffTranslation } from "@vsi/i18n/staff";
import { ButtonLink } from "./links";

type Tab = "visits" | "summary" | "network" | "partner" | "rollCalls";

/**
 * The Reports pages: the visits report, the funder summary, its locations side by side, the
 * monthly partner report, the roll calls.
 */
export function ReportTabs({ current }: { current: Tab }) {
  const { t } = useStaffTranslation();
  const tab = (name: Tab) =>
    current === name
      ? { variant: "filled" as const, "aria-current": "page" as const }
      : { variant: "default" as const };
  return (
    <Group component="nav" aria-label={t("reports.tabs.label")} gap="xs">
      <ButtonLink to="/dashboard/reports" size="compact-md" {...tab("visits")}>
        {t("reports.tabs.visits")}
      </ButtonLink>
      <ButtonLink to="/dashboard/reports/summary" size="compact-md" {...tab("summary")}>
        {t("reports.tabs.summary")}
      </ButtonLink>
      <ButtonLink to="/dashboard/reports/network" size="compact-md" {...tab("network")}>
        {t("reports.tabs.network")}
      </ButtonLink>
      <ButtonLink to="/dashboard/reports/partner" size="compact-md" {...tab("partner")}>
        {t("reports.tabs.partner")}
      </ButtonLink>
      <ButtonLink to="/dashboard/reports/roll-calls" size="compact-md" {...tab("rollCalls")}>
        {t("reports.tabs.rollCalls")}
      </ButtonLink>
    </Group>
  );
}
