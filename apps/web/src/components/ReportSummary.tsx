import "@mantine/core/styles/Skeleton.css";
import { Paper, SimpleGrid, Skeleton, Stack, Text } from "@mantine/core";
import { lazy, Suspense } from "react";
import { useStaffTranslation } from "@vsi/i18n/staff";
import type { VisitSummary } from "../lib/types";

// recharts is the largest dependency of the staff pages: fetched only when a report draws it.
const VisitsChart = lazy(() => import("./VisitsChart"));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** The current filters' totals (visits, unique visitors, average stay) and visits per day. */
export function ReportSummary({ summary }: { summary: VisitSummary }) {
  const { t, locale } = useStaffTranslation();
  const number = new Intl.NumberFormat(locale);
  const stay = summary.averageStayMinutes;
  const stayText =
    stay === null
      ? t("reports.summary.noStay")
      : stay >= 60
        ? t("reports.summary.hoursMinutes", {
            hours: Math.floor(stay / 60),
            minutes: Math.round(stay % 60),
          })
        : t("reports.summary.minutes", { count: Math.round(stay) });
  return (
    <Stack gap="sm" aria-label={t("reports.summary.label")} role="region">
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <Figure label={t("reports.summary.visits")} value={number.format(summary.totalVisits)} />
        <Figure
          label={t("reports.summary.uniqueVisitors")}
          value={number.format(summary.uniqueVisitors)}
        />
        <Figure label={t("reports.summary.averageStay")} value={stayText} />
      </SimpleGrid>
      {summary.groups.length > 0 ? (
        <Suspense fallback={<Skeleton h={280} />}>
          <VisitsChart
            days={summary.groups}
            title={t(
              summary.stackBy === "location"
                ? "reports.chart.byLocation"
                : "reports.chart.byProgram",
            )}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
